/**
 * Account changes through Supabase Auth, as GoTrue does them: password change with the current password
 * (and the sessions it ends), the common-password refusal, per-account sign-in limits, and the secure
 * e-mail change that needs both addresses to confirm. Driven by supabase-js.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AuthServer, startAuthServer } from './support/auth-harness.ts';
import type { TestDatabase } from './support/databases.ts';

let counter = 0;
const uniqueEmail = (tag: string) => `${tag}-${Date.now().toString(36)}-${counter++}@example.test`;

function linkIn(text: string): URL {
  const match = /https?:\/\/\S+\/verify\?\S+/.exec(text);
  if (!match) throw new Error(`no verification link in mail:\n${text}`);
  return new URL(match[0]);
}

export function accountChangesSuite(database: () => TestDatabase): void {
  describe('account changes', () => {
    let db: TestDatabase;
    let auth: AuthServer;

    beforeAll(async () => {
      db = database();
      auth = await startAuthServer(db, {
        config: {
          rateLimits: {
            passwordFailuresPerAccount: { limit: 3, windowSeconds: 900 },
            passwordFailuresPerAccountAllSources: { limit: 6, windowSeconds: 900 },
          } as never,
          // The limit tests sign in from several addresses.
          trustForwardedFor: true,
        },
      });
    });
    afterAll(async () => {
      await auth?.stop();
    });

    async function signedIn(password = 'first-Secret-42') {
      const email = uniqueEmail('acct');
      const client = auth.client();
      const { data, error } = await client.auth.signUp({ email, password });
      expect(error).toBeNull();
      return { email, password, client, user: data.user!, session: data.session! };
    }

    it('refuses common and breached passwords at sign-up and on change, whatever their case', async () => {
      for (const password of ['password1', 'Qwerty123', 'iloveyou']) {
        const { error } = await auth.client().auth.signUp({ email: uniqueEmail('weak'), password });
        expect(error?.code, password).toBe('weak_password');
        expect(error?.status).toBe(422);
        expect((error as unknown as { reasons?: string[] }).reasons).toEqual(['pwned']);
      }
      const short = await auth.client().auth.signUp({ email: uniqueEmail('short'), password: '12345' });
      expect(short.error?.message).toBe('Password should be at least 6 characters.');
      const { client, password } = await signedIn();
      const change = await client.auth.updateUser({ password: 'letmein1', current_password: password });
      expect(change.error?.code).toBe('weak_password');
    });

    it('a password change needs the right current password and ends every other session', async () => {
      const { email, password, client, session } = await signedIn();
      const other = auth.client();
      const { data: otherSignIn } = await other.auth.signInWithPassword({ email, password });
      const otherRefresh = otherSignIn.session!.refresh_token;

      const missing = await client.auth.updateUser({ password: 'second-Secret-43' });
      expect(missing.error?.code).toBe('current_password_required');
      const wrong = await client.auth.updateUser({
        password: 'second-Secret-43',
        current_password: 'not-my-password',
      });
      expect(wrong.error?.code).toBe('current_password_mismatch');
      // Nothing changed: the old password still signs in.
      expect((await auth.client().auth.signInWithPassword({ email, password })).error).toBeNull();

      const ok = await client.auth.updateUser({ password: 'second-Secret-43', current_password: password });
      expect(ok.error).toBeNull();
      expect((await auth.client().auth.signInWithPassword({ email, password })).error?.code).toBe(
        'invalid_credentials',
      );
      // The other device's refresh token died with its session; this one lives on.
      const refreshed = await auth.client().auth.refreshSession({ refresh_token: otherRefresh });
      expect(refreshed.error).not.toBeNull();
      const mine = await auth.client().auth.refreshSession({ refresh_token: session.refresh_token });
      expect(mine.error).toBeNull();
    });

    it('an account without a password (Google) sets one without a current password', async () => {
      const { email, client, user } = await signedIn();
      // What a Google sign-up leaves: no password hash.
      await db.sql`update auth.users set encrypted_password = '' where id = ${user.id}`;
      const { error } = await client.auth.updateUser({ password: 'chosen-Secret-44' });
      expect(error).toBeNull();
      const signIn = await auth.client().auth.signInWithPassword({ email, password: 'chosen-Secret-44' });
      expect(signIn.error).toBeNull();
      const [profile] = await db.sql`select has_password from public.profiles where id = ${user.id}`;
      expect(profile!.has_password).toBe(true);
    });

    /** A password sign-in from the given client address (the server trusts X-Forwarded-For here). */
    const signInFrom = (ip: string, email: string, password: string) =>
      fetch(`${auth.authUrl}/token?grant_type=password`, {
        method: 'POST',
        headers: { apikey: auth.anonKey, 'content-type': 'application/json', 'x-forwarded-for': ip },
        body: JSON.stringify({ email, password }),
      });

    it('wrong passwords lock the guesser’s address out of the account, not the owner', async () => {
      const { email, password } = await signedIn();
      for (let i = 0; i < 3; i++) {
        const res = await signInFrom('203.0.113.7', email, `wrong-${i}-pw`);
        expect(res.status).toBe(400);
        expect(((await res.json()) as { error_code?: string }).error_code).toBe('invalid_credentials');
      }
      const locked = await signInFrom('203.0.113.7', email, password);
      expect(locked.status).toBe(429);
      expect(await locked.text()).toMatch(/Too many wrong passwords for this account/);
      // The owner, from their own address, signs in at once.
      const owner = await signInFrom('198.51.100.20', email, password);
      expect(owner.status, await owner.clone().text()).toBe(200);
      // Other accounts from the guesser's address are not affected.
      const fresh = await signedIn();
      expect((await signInFrom('203.0.113.7', fresh.email, fresh.password)).status).toBe(200);
    });

    it('guesses spread over many addresses still stop at the per-account limit', async () => {
      const { email, password } = await signedIn();
      for (let i = 0; i < 6; i++) {
        const res = await signInFrom(`203.0.113.${20 + i}`, email, `wrong-${i}-pw`);
        expect(res.status).toBe(400);
      }
      const locked = await signInFrom('203.0.113.99', email, password);
      expect(locked.status).toBe(429);
    });

    it('an e-mail change waits for both addresses, then signs in with the new one only', async () => {
      const { email, password, client } = await signedIn();
      const newEmail = uniqueEmail('moved');
      const before = auth.mails.length;
      const { data, error } = await client.auth.updateUser(
        { email: newEmail },
        { emailRedirectTo: `${auth.url}/profile` },
      );
      expect(error).toBeNull();
      expect(data.user?.email).toBe(email);
      expect(data.user?.new_email).toBe(newEmail);
      const mails = auth.mails.slice(before);
      expect(mails.map((m) => m.to).sort()).toEqual([email, newEmail].sort());
      // Still the old address until both confirm.
      const [row] = await db.sql`select email from auth.users where id = ${data.user!.id}`;
      expect(row!.email).toBe(email);

      const toOld = linkIn(mails.find((m) => m.to === email)!.text);
      const toNew = linkIn(mails.find((m) => m.to === newEmail)!.text);
      expect(toOld.searchParams.get('type')).toBe('email_change');
      const first = await fetch(toNew, { redirect: 'manual' });
      expect(first.status).toBe(303);
      const firstTarget = new URL(first.headers.get('location')!);
      expect(firstTarget.pathname).toBe('/profile');
      expect(new URLSearchParams(firstTarget.hash.slice(1)).get('message')).toMatch(/other email/);
      expect((await db.sql`select email from auth.users where id = ${data.user!.id}`)[0]!.email).toBe(email);
      // The same link twice does not count as the other address.
      const again = await fetch(toNew, { redirect: 'manual' });
      expect(
        new URLSearchParams(new URL(again.headers.get('location')!).hash.slice(1)).get('error_code'),
      ).toBe('otp_expired');

      const second = await fetch(toOld, { redirect: 'manual' });
      const done = new URLSearchParams(new URL(second.headers.get('location')!).hash.slice(1));
      expect(done.get('type')).toBe('email_change');
      expect(done.get('access_token')).toBeTruthy();
      const [after] = await db.sql`select a.email, p.email as profile_email
                                     from auth.users a join public.profiles p on p.id = a.id
                                    where a.id = ${data.user!.id}`;
      expect(after).toEqual({ email: newEmail, profile_email: newEmail });
      expect((await auth.client().auth.signInWithPassword({ email: newEmail, password })).error).toBeNull();
      expect((await auth.client().auth.signInWithPassword({ email, password })).error?.code).toBe(
        'invalid_credentials',
      );
    });

    it('an e-mail change to an address that is taken is refused and changes nothing', async () => {
      const a = await signedIn();
      const b = await signedIn();
      const before = auth.mails.length;
      const { error } = await a.client.auth.updateUser({ email: b.email.toUpperCase() });
      expect(error?.code).toBe('email_exists');
      expect(auth.mails.length).toBe(before);
    });
  });
}
