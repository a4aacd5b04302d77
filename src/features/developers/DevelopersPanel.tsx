import { Link } from '@tanstack/react-router';
import { buttonVariants } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import type { User } from '../../lib/api';
import { ApiKeysSection } from './ApiKeysSection';
import { WebhooksSection } from './WebhooksSection';

/** Profile → Developers: API keys for the public API at /api/v1, and the account's webhook endpoint. */
export function DevelopersPanel({ user: _user }: { user: User }) {
  return (
    <div className="flex flex-col gap-4">
      <ApiKeysSection />
      <WebhooksSection />
      <Card className="flex flex-wrap items-center justify-between gap-3 p-5">
        <div>
          <p className="font-medium">API reference</p>
          <p className="text-sm text-muted-foreground">
            Endpoints, errors, rate limits and webhooks, with examples.
          </p>
        </div>
        <Link to="/docs/api" className={buttonVariants({ variant: 'outline' })}>
          Read the API docs
        </Link>
      </Card>
    </div>
  );
}
