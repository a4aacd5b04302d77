import { type FormEvent, useId, useState } from 'react';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { Input, Label } from '../../components/ui/input';
import { useAuth } from '../auth/context';
import { ErrorBanner, PasswordInput } from '../auth/PasswordInput';
import { ShieldLockIcon } from './icons';
import { GATE_MESSAGES, verifyAdmin } from './reauth';

/**
 * 'Admin Access': signed out, e-mail and password; signed in, the account's password again. Passing sets
 * the tab's admin flag; every admin call is still checked on the server (claim and table).
 */
export function AdminGate({ onPassed }: { onPassed: () => void }) {
  const { user, setUser } = useAuth();
  const ids = useId();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const signedIn = user !== null;
  const noPassword = signedIn && !user.has_password;

  async function submit(e: FormEvent) {
    e.preventDefault();
    if (busy) return;
    setBusy(true);
    setError(null);
    try {
      const result = await verifyAdmin(signedIn ? user.email : email, password, { newSession: !signedIn });
      if (result.user) setUser(result.user);
      if (!result.ok) {
        setError(result.message);
        return;
      }
      onPassed();
    } catch (err) {
      setError(err instanceof Error && err.message ? err.message : 'An error occurred. Please try again.');
    } finally {
      setBusy(false);
    }
  }

  return (
    <section className="relative isolate flex min-h-[calc(100dvh-5rem)] items-center justify-center px-4 pt-24 pb-16">
      <div className="absolute inset-0 -z-10 bg-lattice opacity-50 [mask-image:radial-gradient(ellipse_at_center,black,transparent_70%)]" />
      <Card className="w-full max-w-md p-7 sm:p-8">
        <div className="flex flex-col items-center text-center">
          <span className="grid size-14 place-items-center rounded-2xl bg-neural text-white shadow-lg shadow-primary/30">
            <ShieldLockIcon className="size-7" />
          </span>
          <h1 className="mt-5 text-2xl font-bold tracking-tight">Admin Access</h1>
          <p className="mt-2 text-sm text-muted-foreground">
            {signedIn
              ? 'Enter your password again to open the admin area.'
              : 'Sign in with an administrator account.'}
          </p>
        </div>
        <form onSubmit={submit} noValidate className="mt-7 flex flex-col gap-4">
          {signedIn ? (
            <div className="rounded-xl border border-border bg-muted/40 px-3.5 py-2.5 text-sm">
              <span className="text-muted-foreground">Signed in as </span>
              <span className="font-medium break-all">{user.email}</span>
            </div>
          ) : (
            <div className="flex flex-col gap-1.5">
              <Label htmlFor={`${ids}-email`}>Email</Label>
              <Input
                id={`${ids}-email`}
                type="email"
                autoComplete="username"
                value={email}
                onChange={(e) => {
                  setEmail(e.target.value);
                  setError(null);
                }}
                placeholder="admin@example.com"
                autoFocus
              />
            </div>
          )}
          {noPassword ? (
            <ErrorBanner message={GATE_MESSAGES.noPassword} />
          ) : (
            <div className="flex flex-col gap-1.5">
              <Label htmlFor={`${ids}-password`}>Password</Label>
              <PasswordInput
                id={`${ids}-password`}
                autoComplete="current-password"
                value={password}
                onChange={(e) => {
                  setPassword(e.target.value);
                  setError(null);
                }}
                placeholder="Enter your password"
                autoFocus={signedIn}
              />
            </div>
          )}
          <ErrorBanner message={error} />
          <Button type="submit" variant="neural" size="lg" disabled={busy || noPassword}>
            {busy ? 'Checking...' : 'Access Admin Panel'}
          </Button>
        </form>
      </Card>
    </section>
  );
}
