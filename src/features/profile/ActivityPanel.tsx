import { type ClockIcon, CoinsIcon, CubeIcon, LockIcon, UserIcon } from '../../components/icons';
import { Button } from '../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../components/ui/card';
import type { User } from '../../lib/api';
import { formatLongDate } from './format';
import { type ActivityEntry, useActivity } from './useActivity';

const credits = (n: number | null) => `${(n ?? 0).toLocaleString('en-US')} credits`;

/** One sentence per recorded event: what happened, never a date that only means "something was written". */
function entryText(e: ActivityEntry): { label: string; icon: typeof ClockIcon } {
  switch (e.kind) {
    case 'account_created':
      return { label: 'Account created', icon: UserIcon };
    case 'password_changed':
      return { label: 'Password changed', icon: LockIcon };
    case 'details_changed':
      return { label: 'Name or e-mail changed', icon: UserIcon };
    case 'purchase':
      return { label: `Bought ${credits(e.credits)}`, icon: CoinsIcon };
    case 'credits_granted':
      return { label: `${credits(e.credits)} added by an administrator`, icon: CoinsIcon };
    case 'conversion': {
      const what = e.conversion?.kind === 'video' ? '3D Preview' : '3D Model';
      const outcome = e.conversion?.cancelled
        ? 'cancelled, refunded'
        : e.conversion?.status === 'failed'
          ? 'failed, refunded'
          : e.conversion?.status === 'completed'
            ? 'completed'
            : 'in progress';
      const price = e.credits ? `${credits(e.credits)}, ` : '';
      return { label: `${what} conversion (${price}${outcome})`, icon: CubeIcon };
    }
  }
}

export function ActivityPanel({ user }: { user: User }) {
  const activity = useActivity(user.id);
  return (
    <Card>
      <CardHeader>
        <CardTitle>Recent Activity</CardTitle>
        <CardDescription>What happened on your account, newest first.</CardDescription>
      </CardHeader>
      <CardContent>
        {activity.isPending ? (
          <div className="h-20 animate-pulse rounded-2xl bg-muted" />
        ) : activity.isError ? (
          <div className="flex flex-wrap items-center gap-3 text-sm text-destructive">
            {activity.error instanceof Error ? activity.error.message : 'Could not load your activity.'}
            <Button variant="outline" size="sm" onClick={() => void activity.refetch()}>
              Retry
            </Button>
          </div>
        ) : (
          <ol className="flex flex-col gap-3" data-testid="activity">
            {activity.data.entries.map((e) => {
              const { label, icon: Icon } = entryText(e);
              return (
                <li
                  key={`${e.kind}:${e.at}`}
                  className="flex items-center gap-3 rounded-2xl border border-border p-4"
                  data-testid="activity-entry"
                >
                  <span className="grid size-10 shrink-0 place-items-center rounded-xl bg-muted text-muted-foreground">
                    <Icon className="size-5" />
                  </span>
                  <div className="min-w-0">
                    <p className="font-medium">{label}</p>
                    <p className="text-sm text-muted-foreground">{formatLongDate(e.at)}</p>
                  </div>
                </li>
              );
            })}
          </ol>
        )}
      </CardContent>
    </Card>
  );
}
