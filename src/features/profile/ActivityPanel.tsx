import { ClockIcon, UserIcon } from '../../components/icons';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../components/ui/card';
import type { User } from '../../lib/api';
import { formatLongDate } from './format';

export function ActivityPanel({ user }: { user: User }) {
  const entries = [
    { label: 'Profile updated', at: user.updatedAt, icon: ClockIcon },
    { label: 'Account created', at: user.createdAt, icon: UserIcon },
  ];
  return (
    <Card>
      <CardHeader>
        <CardTitle>Recent Activity</CardTitle>
        <CardDescription>What happened on your account.</CardDescription>
      </CardHeader>
      <CardContent>
        <ol className="flex flex-col gap-3">
          {entries.map(({ label, at, icon: Icon }) => (
            <li key={label} className="flex items-center gap-3 rounded-2xl border border-border p-4">
              <span className="grid size-10 place-items-center rounded-xl bg-muted text-muted-foreground">
                <Icon className="size-5" />
              </span>
              <div>
                <p className="font-medium">{label}</p>
                <p className="text-sm text-muted-foreground">{formatLongDate(at)}</p>
              </div>
            </li>
          ))}
        </ol>
      </CardContent>
    </Card>
  );
}
