import type { User } from '../../lib/api';
import { WebhooksSection } from './WebhooksSection';

/** The profile's Developers tab: tools for using Lift3D from other programs. */
export function DevelopersPanel({ user: _user }: { user: User }) {
  return (
    <div className="flex flex-col gap-6">
      <WebhooksSection />
    </div>
  );
}
