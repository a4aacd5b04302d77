import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { LockIcon } from '../../components/icons';
import { Button } from '../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../components/ui/card';
import type { User } from '../../lib/api';
import { formatLongDate } from './format';
import { PasswordDialog } from './PasswordDialog';
import { useActivity } from './useActivity';

export function SecurityPanel({ user, onSaved }: { user: User; onSaved: (user: User) => void }) {
  const [open, setOpen] = useState(false);
  const mode = user.has_password ? 'change' : 'set';
  const activity = useActivity(user.id);
  const queryClient = useQueryClient();
  const changedAt = activity.data?.passwordChangedAt ?? null;
  return (
    <Card>
      <CardHeader>
        <CardTitle>Security</CardTitle>
        <CardDescription>Keep your account safe with a strong password.</CardDescription>
      </CardHeader>
      <CardContent>
        <div className="flex flex-wrap items-center justify-between gap-4 rounded-2xl border border-border p-4">
          <div className="flex items-center gap-3">
            <span className="grid size-10 place-items-center rounded-xl bg-primary/10 text-primary">
              <LockIcon className="size-5" />
            </span>
            <div>
              <p className="font-medium">Password</p>
              <p className="text-sm text-muted-foreground" data-testid="password-changed">
                {!user.has_password
                  ? 'Create a password for this Google account.'
                  : activity.isPending
                    ? '…'
                    : changedAt
                      ? `Last changed ${formatLongDate(changedAt)}`
                      : 'Last change not recorded'}
              </p>
            </div>
          </div>
          <Button variant="outline" onClick={() => setOpen(true)}>
            {mode === 'change' ? 'Change Password' : 'Set Password'}
          </Button>
        </div>
        <PasswordDialog
          mode={mode}
          user={user}
          open={open}
          onClose={() => setOpen(false)}
          onSaved={(saved) => {
            onSaved(saved);
            void queryClient.invalidateQueries({ queryKey: ['activity', user.id] });
          }}
        />
      </CardContent>
    </Card>
  );
}
