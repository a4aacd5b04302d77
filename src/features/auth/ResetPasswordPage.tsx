import { useNavigate } from '@tanstack/react-router';
import { type FormEvent, useEffect, useId, useState } from 'react';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { Label } from '../../components/ui/input';
import { notify } from '../../components/ui/toaster';
import { getSupabase } from '../../lib/supabase';
import { authErrorMessage } from './authErrors';
import { useAuth } from './context';
import { ErrorBanner, PasswordInput } from './PasswordInput';
import { fetchUser } from './session';
import { newPasswordProblem } from './validation';

const EXPIRED =
  'This reset link is invalid or has expired. Please request a new one from the sign-in dialog.';

/**
 * /reset-password: the page the recovery e-mail links to. Supabase Auth sends the browser here signed in
 * (`?code=` exchanged by supabase-js, or `#access_token=` in the implicit flow); the person picks a new
 * password, which is saved with `updateUser`, and continues to the studio.
 */
export function ResetPasswordPage() {
  const { setUser, openSignIn } = useAuth();
  const navigate = useNavigate();
  const ids = useId();
  const [ready, setReady] = useState<'checking' | 'ok' | 'expired'>('checking');
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);

  useEffect(() => {
    let cancelled = false;
    void (async () => {
      try {
        const hash = new URLSearchParams(window.location.hash.replace(/^#/, ''));
        const query = new URLSearchParams(window.location.search);
        const failure = hash.get('error_description') ?? query.get('error_description');
        const client = await getSupabase();
        const { error: initError } = await client.auth.initialize();
        const accessToken = hash.get('access_token');
        const refreshToken = hash.get('refresh_token');
        if (accessToken && refreshToken) {
          await client.auth.setSession({ access_token: accessToken, refresh_token: refreshToken });
          window.history.replaceState(null, '', window.location.pathname);
        }
        const { data } = await client.auth.getSession();
        if (cancelled) return;
        if (failure || initError || !data.session) {
          setError(failure ? EXPIRED : initError ? authErrorMessage(initError) : null);
          setReady('expired');
          return;
        }
        setReady('ok');
      } catch (err) {
        if (cancelled) return;
        setError(err instanceof Error ? err.message : String(err));
        setReady('expired');
      }
    })();
    return () => {
      cancelled = true;
    };
  }, []);

  async function submit(e: FormEvent) {
    e.preventDefault();
    const problem = newPasswordProblem(password, confirm);
    if (problem) return setError(problem);
    setSaving(true);
    setError(null);
    try {
      const client = await getSupabase();
      const { data, error: updateError } = await client.auth.updateUser({ password });
      if (updateError || !data.user) throw new Error(authErrorMessage(updateError));
      setUser(await fetchUser(data.user.id));
      notify('Password Changed', {
        description: 'Your password has been successfully updated.',
        variant: 'success',
      });
      await navigate({ to: '/app' });
    } catch (err) {
      setError(
        err instanceof Error && err.message ? err.message : 'Failed to change password. Please try again.',
      );
    } finally {
      setSaving(false);
    }
  }

  return (
    <section className="mx-auto flex min-h-[70dvh] max-w-md items-center px-4 pt-24 pb-16">
      <Card className="w-full p-7">
        <h1 className="text-2xl font-semibold tracking-tight">Choose a new password</h1>
        {ready === 'checking' ? (
          <p className="mt-4 text-sm text-muted-foreground">Checking your reset link...</p>
        ) : ready === 'expired' ? (
          <div className="mt-4 flex flex-col gap-4">
            <ErrorBanner message={error ?? EXPIRED} />
            <Button variant="neural" onClick={openSignIn}>
              Sign In
            </Button>
          </div>
        ) : (
          <form onSubmit={submit} noValidate className="mt-5 flex flex-col gap-4">
            <p className="text-sm text-muted-foreground">At least 6 characters. You will stay signed in.</p>
            <ErrorBanner message={error} />
            <div className="flex flex-col gap-1.5">
              <Label htmlFor={`${ids}-new`}>New Password</Label>
              <PasswordInput
                id={`${ids}-new`}
                autoComplete="new-password"
                value={password}
                onChange={(e) => {
                  setPassword(e.target.value);
                  setError(null);
                }}
              />
            </div>
            <div className="flex flex-col gap-1.5">
              <Label htmlFor={`${ids}-confirm`}>Confirm New Password</Label>
              <PasswordInput
                id={`${ids}-confirm`}
                autoComplete="new-password"
                value={confirm}
                onChange={(e) => {
                  setConfirm(e.target.value);
                  setError(null);
                }}
              />
            </div>
            <Button type="submit" variant="neural" size="lg" disabled={saving}>
              {saving ? 'Saving...' : 'Update Password'}
            </Button>
          </form>
        )}
      </Card>
    </section>
  );
}
