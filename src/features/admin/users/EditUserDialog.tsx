import { type FormEvent, useEffect, useId, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { Input, Label } from '../../../components/ui/input';
import { type AdminUser, parseCredits } from '../normalise';

export interface UserEdits {
  name: string;
  email: string;
  credits: number;
  is_admin: boolean;
}

/** Edit User: a copy of the user; Save hands the edits up, Cancel discards them (SPEC §4). */
export function EditUserDialog({
  user,
  saving,
  onCancel,
  onSave,
}: {
  user: AdminUser | null;
  saving: boolean;
  onCancel: () => void;
  onSave: (user: AdminUser, edits: UserEdits) => void;
}) {
  const ids = useId();
  const [name, setName] = useState('');
  const [email, setEmail] = useState('');
  const [credits, setCredits] = useState('0');
  const [isAdmin, setIsAdmin] = useState(false);

  useEffect(() => {
    if (!user) return;
    setName(user.name);
    setEmail(user.email);
    setCredits(String(user.credits));
    setIsAdmin(user.is_admin);
  }, [user]);

  function submit(e: FormEvent) {
    e.preventDefault();
    if (user) onSave(user, { name, email, credits: parseCredits(credits), is_admin: isAdmin });
  }

  return (
    <Dialog
      open={user !== null}
      onClose={saving ? () => {} : onCancel}
      title="Edit User"
      description={user?.email}
    >
      <form onSubmit={submit} className="flex flex-col gap-4" noValidate>
        <div className="flex flex-col gap-1.5">
          <Label htmlFor={`${ids}-name`}>Name</Label>
          <Input id={`${ids}-name`} value={name} onChange={(e) => setName(e.target.value)} />
        </div>
        <div className="flex flex-col gap-1.5">
          <Label htmlFor={`${ids}-email`}>Email</Label>
          <Input id={`${ids}-email`} type="email" value={email} onChange={(e) => setEmail(e.target.value)} />
        </div>
        <div className="flex flex-col gap-1.5">
          <Label htmlFor={`${ids}-credits`}>Credits</Label>
          <Input
            id={`${ids}-credits`}
            type="number"
            inputMode="numeric"
            step={1}
            value={credits}
            onChange={(e) => setCredits(e.target.value)}
          />
          <p className="text-xs text-muted-foreground">
            The difference is booked to the credit ledger as an admin change.
          </p>
        </div>
        <label className="flex cursor-pointer items-center gap-3 rounded-xl border border-border px-3.5 py-3 text-sm">
          <input
            type="checkbox"
            className="size-4 accent-[var(--primary-strong)]"
            checked={isAdmin}
            onChange={(e) => setIsAdmin(e.target.checked)}
          />
          Grant admin privileges
        </label>
        <div className="mt-2 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button variant="outline" onClick={onCancel} disabled={saving}>
            Cancel
          </Button>
          <Button type="submit" variant="neural" disabled={saving}>
            {saving ? 'Saving...' : 'Save Changes'}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
