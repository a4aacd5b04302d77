import { type FormEvent, useId, useState } from 'react';
import { Button } from '../../components/ui/button';
import { Dialog } from '../../components/ui/dialog';
import { Label } from '../../components/ui/input';
import { notify } from '../../components/ui/toaster';
import type { User } from '../../lib/api';
import { PasswordInput } from '../auth/PasswordInput';
import { updatePassword } from '../auth/session';
import { newPasswordProblem } from '../auth/validation';

export type PasswordMode = 'change' | 'set';

const TEXT = {
  change: {
    title: 'Change Password',
    description: 'Enter your current password, then choose a new one.',
    submit: 'Change Password',
    failed: 'Failed to change password. Please try again.',
    toast: ['Password Changed', 'Your password has been successfully updated.'],
  },
  set: {
    title: 'Set Password',
    description: 'Create a password for this Google account.',
    submit: 'Set Password',
    failed: 'Failed to set password.',
    toast: ['Password Set', 'Your password has been created.'],
  },
} as const;

const EMPTY = { current: '', next: '', confirm: '' };

/** Change (with the current password) or set (Google accounts) the password (SPEC §2, §4, §5, §8). */
export function PasswordDialog({
  mode,
  open,
  onClose,
  onSaved,
}: {
  mode: PasswordMode;
  user: User;
  open: boolean;
  onClose: () => void;
  onSaved: (user: User) => void;
}) {
  const ids = useId();
  const [fields, setFields] = useState(EMPTY);
  const [saving, setSaving] = useState(false);
  const text = TEXT[mode];

  function close() {
    setFields(EMPTY);
    onClose();
  }

  async function submit(e: FormEvent) {
    e.preventDefault();
    const problem = newPasswordProblem(fields.next, fields.confirm);
    if (problem) {
      notify('Error', { description: problem, variant: 'destructive' });
      return;
    }
    setSaving(true);
    try {
      if (mode === 'change' && !fields.current) {
        notify('Error', { description: 'Please enter your current password.', variant: 'destructive' });
        return;
      }
      const saved = await updatePassword(fields.next, mode === 'change' ? fields.current : null);
      onSaved(saved);
      notify(text.toast[0], { description: text.toast[1], variant: 'success' });
      close();
    } catch (err) {
      notify('Error', {
        description: err instanceof Error && err.message ? err.message : text.failed,
        variant: 'destructive',
      });
    } finally {
      setSaving(false);
    }
  }

  const field = (key: keyof typeof EMPTY, label: string, autoComplete: string) => (
    <div className="flex flex-col gap-1.5">
      <Label htmlFor={`${ids}-${key}`}>{label}</Label>
      <PasswordInput
        id={`${ids}-${key}`}
        autoComplete={autoComplete}
        value={fields[key]}
        onChange={(e) => setFields((f) => ({ ...f, [key]: e.target.value }))}
      />
    </div>
  );

  return (
    <Dialog open={open} onClose={close} title={text.title} description={text.description}>
      <form onSubmit={submit} noValidate className="flex flex-col gap-4">
        {mode === 'change' ? field('current', 'Current Password', 'current-password') : null}
        {field('next', 'New Password', 'new-password')}
        {field('confirm', 'Confirm New Password', 'new-password')}
        <div className="mt-2 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button variant="outline" onClick={close}>
            Cancel
          </Button>
          <Button type="submit" variant="neural" disabled={saving}>
            {saving ? 'Saving...' : text.submit}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
