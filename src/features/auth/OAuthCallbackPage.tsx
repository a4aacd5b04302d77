import { useNavigate } from '@tanstack/react-router';
import { useEffect, useRef, useState } from 'react';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { getSupabase } from '../../lib/supabase';
import { authErrorMessage } from './authErrors';
import { AlertIcon } from './authIcons';
import { useAuth } from './context';
import { MESSAGES, PROVIDER, redirectToProvider, reportToOpener, takeReturnTo } from './google';
import { fetchUser } from './session';

type State = { kind: 'working'; text: string } | { kind: 'done' } | { kind: 'error'; message: string };

/** Error parameters Supabase Auth puts in the query (PKCE) or the fragment (implicit flow). */
function providerError(): string | null {
  const query = new URLSearchParams(window.location.search);
  const hash = new URLSearchParams(window.location.hash.replace(/^#/, ''));
  const description = query.get('error_description') ?? hash.get('error_description');
  const error = query.get('error') ?? hash.get('error');
  return description || error;
}

/**
 * /auth/callback: where Google sign-in starts (popup: `?start=google`) and returns (`?code=`). In the
 * popup it finishes the exchange and reports to the opener; after a full-page redirect (mobile) it signs
 * in here and goes to /app, or back to the page it started on when that asked to stay (checkout).
 */
export function OAuthCallbackPage() {
  const { setUser } = useAuth();
  const navigate = useNavigate();
  const [state, setState] = useState<State>({ kind: 'working', text: 'Completing sign-in...' });
  const started = useRef(false);

  useEffect(() => {
    if (started.current) return; // StrictMode runs effects twice; the code can be exchanged once
    started.current = true;
    const params = new URLSearchParams(window.location.search);
    const popup = params.get('ui') === 'popup';
    const fail = (message: string) => {
      if (popup) reportToOpener({ type: `oauth:${PROVIDER}`, success: false, error: message });
      setState({ kind: 'error', message });
    };

    if (params.get('start') === PROVIDER) {
      setState({ kind: 'working', text: 'Connecting to Google...' });
      redirectToProvider('popup').catch(() => fail(MESSAGES.startFailed));
      return;
    }
    void (async () => {
      const refused = providerError();
      if (refused) return fail(refused);
      try {
        const client = await getSupabase();
        // supabase-js exchanges `?code=` while it initialises (detectSessionInUrl).
        const { error } = await client.auth.initialize();
        if (error) return fail(authErrorMessage(error) || MESSAGES.exchangeFailed);
        const { data } = await client.auth.getSession();
        if (!data.session) return fail(MESSAGES.exchangeFailed);
        const user = await fetchUser(data.session.user.id);
        if (popup) {
          reportToOpener({
            type: `oauth:${PROVIDER}`,
            success: true,
            user,
            session: { access_token: data.session.access_token, refresh_token: data.session.refresh_token },
          });
          setState({ kind: 'done' });
          window.setTimeout(() => window.close(), 300);
          return;
        }
        setUser(user);
        // Back where the sign-in started when it asked to stay there (checkout, on the chosen pack).
        const back = takeReturnTo();
        if (back) await navigate({ href: back, replace: true });
        else await navigate({ to: '/app', replace: true });
      } catch (err) {
        fail(err instanceof Error && err.message ? err.message : MESSAGES.exchangeFailed);
      }
    })();
  }, [navigate, setUser]);

  return (
    <section className="mx-auto flex min-h-[70dvh] max-w-md items-center px-4 pt-24 pb-16">
      <Card className="w-full p-8 text-center">
        {state.kind === 'working' ? (
          <>
            <span className="mx-auto block size-10 animate-spin rounded-full border-4 border-primary/30 border-t-primary" />
            <p className="mt-4 font-medium">{state.text}</p>
          </>
        ) : state.kind === 'done' ? (
          <p className="font-medium">You are signed in. You can close this window.</p>
        ) : (
          <>
            <AlertIcon className="mx-auto size-10 text-destructive" />
            <h1 className="mt-3 text-lg font-semibold">Sign-in did not complete</h1>
            <p role="alert" className="mt-2 text-sm text-destructive">
              {state.message}
            </p>
            <Button
              className="mt-6"
              variant="outline"
              onClick={() => (window.opener ? window.close() : void navigate({ to: '/' }))}
            >
              {window.opener ? 'Close' : 'Back to Home'}
            </Button>
          </>
        )}
      </Card>
    </section>
  );
}
