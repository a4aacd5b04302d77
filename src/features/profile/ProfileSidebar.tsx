import { lazy, Suspense, useState } from 'react';
import { CoinsIcon } from '../../components/icons';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import type { User } from '../../lib/api';
import { accountAgeDays, profileInitials } from './format';

// The purchase dialog (credits area) loads when first opened.
const BuyCreditsDialog = lazy(() => import('../credits/BuyCreditsDialog'));

export function ProfileSidebar({ user }: { user: User }) {
  const [buying, setBuying] = useState(false);
  const initials = profileInitials(user.name);
  return (
    <Card className="flex flex-col items-center gap-5 p-6 text-center">
      <span
        aria-hidden="true"
        className="grid size-20 place-items-center rounded-full bg-neural text-2xl font-bold text-white shadow-lg shadow-primary/25"
      >
        {initials || user.email[0]?.toUpperCase() || '?'}
      </span>
      <div className="w-full min-w-0">
        <p className="truncate text-lg font-semibold" data-testid="profile-name">
          {user.name || '-'}
        </p>
        <p className="truncate text-sm text-muted-foreground" data-testid="profile-email">
          {user.email}
        </p>
      </div>
      <div className="w-full rounded-2xl border border-border bg-muted/40 p-4">
        <p className="flex items-center justify-center gap-1.5 text-sm text-muted-foreground">
          <CoinsIcon className="size-4" />
          Credits Balance
        </p>
        <p className="mt-1 text-3xl font-bold tabular-nums" data-testid="profile-credits">
          {user.credits.toLocaleString('en-US')}
        </p>
        <Button variant="neural" className="mt-3 w-full" onClick={() => setBuying(true)}>
          Buy Credits
        </Button>
      </div>
      <dl className="grid w-full gap-3 text-sm">
        <div className="flex items-center justify-between gap-3">
          <dt className="text-muted-foreground">Account Age</dt>
          <dd className="font-medium">{accountAgeDays(user.createdAt)}</dd>
        </div>
        <div className="flex items-center justify-between gap-3">
          <dt className="text-muted-foreground">Status</dt>
          <dd>
            <Badge variant="success">Active</Badge>
          </dd>
        </div>
      </dl>
      {buying ? (
        <Suspense fallback={null}>
          <BuyCreditsDialog open={buying} onClose={() => setBuying(false)} />
        </Suspense>
      ) : null}
    </Card>
  );
}
