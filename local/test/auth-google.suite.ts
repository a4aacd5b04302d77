/**
 * "Sign in with Google" against a real OpenID provider (oidc-provider on 127.0.0.1): supabase-js's PKCE
 * flow through /authorize → provider login and consent → /callback → exchangeCodeForSession, the implicit
 * flow, linking by verified e-mail, and refusal of tampered or replayed state.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AuthServer, decodeJwt, startAuthServer } from './support/auth-harness.ts';
import type { TestDatabase } from './support/databases.ts';
import { startOidcProvider, type TestOidcProvider } from './support/oidc-provider.ts';

/** Follows redirects by hand, keeping the provider's cookies, until the browser would leave for `stopAt`. */
async function browse(start: string, stopAt: (url: URL) => boolean): Promise<{ final: URL; hops: URL[] }> {
  const cookies = new Map<string, string>();
  const hops: URL[] = [];
  let url = new URL(start);
  for (let i = 0; i < 20; i++) {
    hops.push(url);
    if (stopAt(url)) return { final: url, hops };
    const response = await fetch(url, {
      redirect: 'manual',
      headers: { cookie: [...cookies].map(([k, v]) => `${k}=${v}`).join('; ') },
    });
    for (const line of response.headers.getSetCookie()) {
      const [pair] = line.split(';');
      const eq = pair!.indexOf('=');
      cookies.set(pair!.slice(0, eq), pair!.slice(eq + 1));
    }
    const location = response.headers.get('location');
    if (!location) throw new Error(`no redirect from ${url} (${response.status}): ${await response.text()}`);
    url = new URL(location, url);
  }
  throw new Error(`too many redirects from ${start}`);
}

export function googleSuite(database: () => TestDatabase): void {
  describe('Google sign-in through an OpenID provider', () => {
    let db: TestDatabase;
    let auth: AuthServer;
    let provider: TestOidcProvider;

    beforeAll(async () => {
      db = database();
      auth = await startAuthServer(db, {
        prepare: async ({ authUrl }) => {
          provider = await startOidcProvider({
            redirectUri: `${authUrl}/callback`,
            account: { sub: 'google-1', email: 'pat@example.test', email_verified: true, name: 'Pat Google' },
          });
          return {
            google: {
              issuer: provider.issuer,
              clientId: provider.clientId,
              clientSecret: provider.clientSecret,
            },
          };
        },
      });
    });
    afterAll(async () => {
      await auth?.stop();
      await provider?.stop();
    });

    const backToApp = (url: URL) => url.origin === auth.url && url.pathname === '/auth/callback';

    async function startSignIn(flowType: 'pkce' | 'implicit') {
      const client = auth.client({ flowType });
      const { data, error } = await client.auth.signInWithOAuth({
        provider: 'google',
        options: { redirectTo: `${auth.url}/auth/callback`, skipBrowserRedirect: true },
      });
      expect(error).toBeNull();
      return { client, url: data.url! };
    }

    it('creates a password-less user and hands the SPA a code for exchangeCodeForSession', async () => {
      const { client, url } = await startSignIn('pkce');
      const authorize = new URL(url);
      expect(authorize.searchParams.get('code_challenge_method')).toBe('s256');
      const { final, hops } = await browse(url, backToApp);
      expect(hops[1]?.origin).toBe(provider.issuer);
      expect(hops.some((hop) => hop.href.startsWith(`${auth.authUrl}/callback?`))).toBe(true);
      const code = final.searchParams.get('code');
      expect(code).toBeTruthy();

      const { data, error } = await client.auth.exchangeCodeForSession(code!);
      expect(error).toBeNull();
      const user = data.user!;
      expect(user.email).toBe('pat@example.test');
      expect(user.app_metadata).toMatchObject({ provider: 'google', providers: ['google'] });
      expect(user.identities?.map((i) => i.provider)).toEqual(['google']);
      expect(user.user_metadata).toMatchObject({
        name: 'Pat Google',
        full_name: 'Pat Google',
        sub: 'google-1',
      });
      expect(decodeJwt(data.session!.access_token)).toMatchObject({
        sub: user.id,
        is_admin: false,
        amr: [{ method: 'oauth' }],
      });
      expect(data.session?.provider_token).toBeTruthy();

      const [profile] =
        await db.sql`select name, email, has_password from public.profiles where id = ${user.id}`;
      expect(profile).toEqual({ name: 'Pat Google', email: 'pat@example.test', has_password: false });
      const signIn = await auth
        .client()
        .auth.signInWithPassword({ email: 'pat@example.test', password: 'anything-at-all' });
      expect(signIn.error?.code).toBe('invalid_credentials');

      // Signing in again finds the same user through the identity.
      const again = await startSignIn('pkce');
      const second = await browse(again.url, backToApp);
      const repeat = await again.client.auth.exchangeCodeForSession(second.final.searchParams.get('code')!);
      expect(repeat.data.user?.id).toBe(user.id);
    });

    it('links a Google identity with a verified e-mail to the existing password account', async () => {
      const signUp = await auth.client().auth.signUp({
        email: 'linked@example.test',
        password: 'has-a-password',
        options: { data: { name: 'Linked Person' } },
      });
      expect(signUp.error).toBeNull();
      provider.account = {
        sub: 'google-2',
        email: 'Linked@Example.test',
        email_verified: true,
        name: 'Linked Google',
      };
      const { client, url } = await startSignIn('pkce');
      const { final } = await browse(url, backToApp);
      const { data, error } = await client.auth.exchangeCodeForSession(final.searchParams.get('code')!);
      expect(error).toBeNull();
      expect(data.user?.id).toBe(signUp.data.user!.id);
      expect(data.user?.app_metadata.providers).toEqual(['email', 'google']);
      const [profile] = await db.sql`select has_password from public.profiles where id = ${data.user!.id}`;
      expect(profile?.has_password).toBe(true);
    });

    it('returns the session in the fragment for implicit-flow clients', async () => {
      provider.account = {
        sub: 'google-3',
        email: 'implicit@example.test',
        email_verified: true,
        name: 'Implicit Flow',
      };
      const { url } = await startSignIn('implicit');
      const { final } = await browse(url, backToApp);
      const fragment = new URLSearchParams(final.hash.slice(1));
      expect(fragment.get('token_type')).toBe('bearer');
      const user = await auth.client().auth.getUser(fragment.get('access_token')!);
      expect(user.data.user?.email).toBe('implicit@example.test');
    });

    it('refuses a tampered state and a replayed one', async () => {
      provider.account = {
        sub: 'google-4',
        email: 'tamper@example.test',
        email_verified: true,
        name: 'Tamper Test',
      };
      const { url } = await startSignIn('pkce');
      const toCallback = (u: URL) => u.href.startsWith(`${auth.authUrl}/callback?`);
      const { final: callback } = await browse(url, toCallback);
      const state = callback.searchParams.get('state')!;

      const tampered = new URL(callback);
      const [header, payload, signature] = state.split('.');
      const claims = JSON.parse(Buffer.from(payload!, 'base64url').toString());
      claims.referrer = 'https://evil.example/steal';
      tampered.searchParams.set(
        'state',
        `${header}.${Buffer.from(JSON.stringify(claims)).toString('base64url')}.${signature}`,
      );
      const refused = await fetch(tampered, { redirect: 'manual' });
      expect(refused.status).toBe(400);
      expect(await refused.json()).toMatchObject({ error_code: 'bad_oauth_state' });
      expect(refused.headers.get('location')).toBeNull();

      const missing = await fetch(`${auth.authUrl}/callback?code=abc`, { redirect: 'manual' });
      expect(missing.status).toBe(400);

      const accepted = await fetch(callback, { redirect: 'manual' });
      expect(accepted.status).toBe(303);
      expect(new URL(accepted.headers.get('location')!).searchParams.get('code')).toBeTruthy();
      const replayed = await fetch(callback, { redirect: 'manual' });
      expect(replayed.status).toBe(400);
      expect(await replayed.json()).toMatchObject({ error_code: 'bad_oauth_state' });
    });

    it('reads e-mail and name from userinfo when the ID token carries only the subject', async () => {
      let bare: TestOidcProvider | undefined;
      const server = await startAuthServer(db, {
        prepare: async ({ authUrl }) => {
          bare = await startOidcProvider({
            redirectUri: `${authUrl}/callback`,
            account: {
              sub: 'userinfo-1',
              email: 'userinfo@example.test',
              email_verified: true,
              name: 'Info Only',
            },
            profileInIdToken: false,
          });
          return {
            google: { issuer: bare.issuer, clientId: bare.clientId, clientSecret: bare.clientSecret },
          };
        },
      });
      try {
        const client = server.client({ flowType: 'pkce' });
        const { data } = await client.auth.signInWithOAuth({
          provider: 'google',
          options: { redirectTo: `${server.url}/auth/callback`, skipBrowserRedirect: true },
        });
        const { final } = await browse(
          data.url!,
          (u) => u.origin === server.url && u.pathname === '/auth/callback',
        );
        const exchanged = await client.auth.exchangeCodeForSession(final.searchParams.get('code')!);
        expect(exchanged.error).toBeNull();
        expect(exchanged.data.user?.email).toBe('userinfo@example.test');
        expect(exchanged.data.user?.user_metadata.name).toBe('Info Only');
      } finally {
        await server.stop();
        await bare?.stop();
      }
    });

    it('sends provider errors back to the app and rejects unknown providers', async () => {
      const { url } = await startSignIn('pkce');
      const { final: atProvider } = await browse(url, (u) => u.origin === provider.issuer);
      const state = atProvider.searchParams.get('state')!;
      const denied = await fetch(
        `${auth.authUrl}/callback?error=access_denied&error_description=User+said+no&state=${state}`,
        {
          redirect: 'manual',
        },
      );
      const location = new URL(denied.headers.get('location')!);
      expect(backToApp(location)).toBe(true);
      expect(location.searchParams.get('error')).toBe('access_denied');
      expect(location.searchParams.get('error_description')).toBe('User said no');

      const github = await fetch(`${auth.authUrl}/authorize?provider=github`, { redirect: 'manual' });
      expect(github.status).toBe(400);
      const settings = await fetch(`${auth.authUrl}/settings`, { headers: { apikey: auth.anonKey } });
      expect(await settings.json()).toMatchObject({ external: { google: true } });
    });
  });
}
