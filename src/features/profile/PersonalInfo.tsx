import { type FormEvent, useId, useState } from 'react';
import { Button } from '../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../components/ui/card';
import { Input, Label } from '../../components/ui/input';
import { notify } from '../../components/ui/toaster';
import { api, type User } from '../../lib/api';
import { LocalInboxNote } from '../auth/LocalInboxNote';
import { requestEmailChange } from '../auth/session';
import { normaliseUser } from '../auth/storage';
import { formatLongDate } from './format';

/** Personal Information: Edit / Save / Cancel for name and e-mail; read-only id and Member Since. */
export function PersonalInfo({ user, onSaved }: { user: User; onSaved: (user: User) => void }) {
  const ids = useId();
  const [editing, setEditing] = useState(false);
  const [name, setName] = useState(user.name);
  const [email, setEmail] = useState(user.email);
  const [saving, setSaving] = useState(false);
  /** A change of e-mail waits for its two confirmation mails. */
  const [mailed, setMailed] = useState(false);

  function startEdit() {
    setName(user.name);
    setEmail(user.email);
    setEditing(true);
  }

  function cancel() {
    setName(user.name);
    setEmail(user.email);
    setEditing(false);
  }

  async function save(e: FormEvent) {
    e.preventDefault();
    setSaving(true);
    try {
      const changes: { name?: string } = {};
      if (typeof name === 'string') changes.name = name.trim();
      const newEmail = typeof email === 'string' ? email.trim() : user.email;
      // The sign-in address moves only through Supabase Auth, once both addresses confirmed by mail.
      const moving = newEmail.toLowerCase() !== user.email.toLowerCase();
      if (moving) {
        await requestEmailChange(newEmail);
        setMailed(true);
      }
      const { user: saved } = await api.updateUser(user.id, changes);
      onSaved(normaliseUser(saved));
      setEditing(false);
      notify('Profile Updated', {
        description: moving
          ? `Confirm the new email: we sent a link to ${user.email} and to ${newEmail}. It changes once both are confirmed.`
          : 'Your profile has been successfully updated.',
        variant: 'success',
      });
    } catch (err) {
      notify('Error', {
        description:
          err instanceof Error && err.message ? err.message : 'Failed to update profile. Please try again.',
        variant: 'destructive',
      });
    } finally {
      setSaving(false);
    }
  }

  const readOnly = (label: string, value: string, mono = false) => (
    <div className="flex flex-col gap-1">
      <dt className="text-sm font-medium text-muted-foreground">{label}</dt>
      <dd className={mono ? 'font-mono text-sm break-all' : 'text-sm font-medium break-words'}>
        {value || '-'}
      </dd>
    </div>
  );

  return (
    <Card>
      <form onSubmit={save} noValidate>
        <CardHeader className="flex-row flex-wrap items-start justify-between gap-3">
          <div className="flex flex-col gap-1.5">
            <CardTitle>Personal Information</CardTitle>
            <CardDescription>Your name and the email address you sign in with.</CardDescription>
          </div>
          {editing ? (
            <div className="flex gap-2">
              <Button variant="outline" size="sm" onClick={cancel} disabled={saving}>
                Cancel
              </Button>
              <Button type="submit" variant="neural" size="sm" disabled={saving}>
                {saving ? 'Saving...' : 'Save'}
              </Button>
            </div>
          ) : (
            <Button variant="outline" size="sm" onClick={startEdit}>
              Edit
            </Button>
          )}
        </CardHeader>
        <CardContent>
          <dl className="grid gap-5 sm:grid-cols-2">
            {editing ? (
              <>
                <div className="flex flex-col gap-1.5">
                  <Label htmlFor={`${ids}-name`}>Full Name</Label>
                  <Input
                    id={`${ids}-name`}
                    autoComplete="name"
                    value={name}
                    onChange={(e) => setName(e.target.value)}
                  />
                </div>
                <div className="flex flex-col gap-1.5">
                  <Label htmlFor={`${ids}-email`}>Email Address</Label>
                  <Input
                    id={`${ids}-email`}
                    type="email"
                    autoComplete="email"
                    value={email}
                    onChange={(e) => setEmail(e.target.value)}
                  />
                </div>
              </>
            ) : (
              <>
                {readOnly('Full Name', user.name)}
                {readOnly('Email Address', user.email)}
              </>
            )}
            {readOnly('User ID', user.id, true)}
            {readOnly('Member Since', formatLongDate(user.createdAt))}
          </dl>
          {mailed ? <LocalInboxNote className="mt-5" /> : null}
        </CardContent>
      </form>
    </Card>
  );
}
