/**
 * The local auth server driven by supabase-js itself, on PGlite and on PostgreSQL: sign-up, sign-in,
 * refresh rotation and reuse detection, get/update user, sign-out, the access-token hook's is_admin claim.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AuthServer, decodeJwt, startAuthServer } from './support/auth-harness.ts';
import type { TestDatabase } from './support/databases.ts';

let counter = 0;
const uniqueEmail = (tag: string) => `${tag}-${Date.now().toString(36)}-${counter++}@example.test`;

export function coreSuite(database: () => TestDatabase): void {
  describe('sessions and users', () => {
    let db: TestDatabase;
    let auth: AuthServer;

    beforeAll(async () => {
      db = database();
      auth = await startAuthServer(db);
    });
    afterAll(async () => {
      await auth?.stop();
    });

    async function signUp(name = 'Ada Lovelace', password = 'correct-horse') {
      const email = uniqueEmail('user');
      const { data, error } = await auth
        .client()
        .auth.signUp({ email, password, options: { data: { name } } });
      expect(error).toBeNull();
      return { email, password, session: data.session!, user: data.user! };
    }

    it('signs up with immediate confirmation and creates the profile from the name', async () => {
      const { email, session, user } = await signUp('Grace Hopper');
      expect(session.access_token).toBeTruthy();
      expect(session.refresh_token).toBeTruthy();
      expect(session.token_type).toBe('bearer');
      expect(user.email).toBe(email);
      expect(user.email_confirmed_at).toBeTruthy();
      expect(user.user_metadata.name).toBe('Grace Hopper');
      expect(user.app_metadata).toMatchObject({ provider: 'email', providers: ['email'] });
      expect(user.identities?.[0]?.provider).toBe('email');
      const [profile] =
        await db.sql`select name, email, has_password, is_admin from public.profiles where id = ${user.id}`;
      expect(profile).toEqual({ name: 'Grace Hopper', email, has_password: true, is_admin: false });

      const claims = decodeJwt(session.access_token);
      expect(claims).toMatchObject({
        sub: user.id,
        aud: 'authenticated',
        role: 'authenticated',
        email,
        aal: 'aal1',
        is_anonymous: false,
        is_admin: false,
        iss: auth.authUrl,
      });
      expect(claims.session_id).toEqual(expect.any(String));
      expect(claims.amr).toEqual([{ method: 'password', timestamp: expect.any(Number) }]);
      expect(Number(claims.exp) - Number(claims.iat)).toBe(3600);
    });

    it('refuses a duplicate e-mail and a weak password with GoTrue codes', async () => {
      const { email } = await signUp();
      const duplicate = await auth
        .client()
        .auth.signUp({ email: email.toUpperCase(), password: 'another-password' });
      expect(duplicate.error).toMatchObject({
        status: 422,
        code: 'user_already_exists',
        message: 'User already registered',
      });

      const weak = await auth.client().auth.signUp({ email: uniqueEmail('weak'), password: '12345' });
      expect(weak.error).toMatchObject({ name: 'AuthWeakPasswordError', status: 422, code: 'weak_password' });
      expect(weak.error?.message).toBe('Password should be at least 6 characters.');

      const invalid = await auth.client().auth.signUp({ email: 'not-an-email', password: 'long-enough' });
      expect(invalid.error).toMatchObject({
        status: 400,
        code: 'validation_failed',
        message: 'Unable to validate email address: invalid format',
      });
    });

    it('signs in with the password and refuses a wrong one', async () => {
      const { email, password, user } = await signUp();
      const client = auth.client();
      const ok = await client.auth.signInWithPassword({ email, password });
      expect(ok.error).toBeNull();
      expect(ok.data.user?.id).toBe(user.id);
      expect(ok.data.session?.access_token).toBeTruthy();

      const wrong = await auth.client().auth.signInWithPassword({ email, password: 'wrong-password' });
      expect(wrong.error).toMatchObject({
        status: 400,
        code: 'invalid_credentials',
        message: 'Invalid login credentials',
      });
      const unknown = await auth.client().auth.signInWithPassword({ email: uniqueEmail('nobody'), password });
      expect(unknown.error).toMatchObject({ status: 400, code: 'invalid_credentials' });
    });

    it('gets the user behind an access token and refuses a forged one', async () => {
      const { session, user } = await signUp();
      const client = auth.client();
      const { data, error } = await client.auth.getUser(session.access_token);
      expect(error).toBeNull();
      expect(data.user?.id).toBe(user.id);

      const [header, payload] = session.access_token.split('.');
      const forged = await client.auth.getUser(`${header}.${payload}.${'A'.repeat(43)}`);
      expect(forged.error).toMatchObject({ status: 403, code: 'bad_jwt' });
    });

    it('rotates refresh tokens, tolerates a lost answer and ends the session on late reuse', async () => {
      const { session } = await signUp();
      const client = auth.client();
      const first = await client.auth.refreshSession({ refresh_token: session.refresh_token });
      expect(first.error).toBeNull();
      const rotated = first.data.session!;
      expect(rotated.refresh_token).not.toBe(session.refresh_token);
      expect(decodeJwt(rotated.access_token).session_id).toBe(decodeJwt(session.access_token).session_id);

      // The client lost the answer and retries with the old token: it gets the active child again.
      const retry = await auth.client().auth.refreshSession({ refresh_token: session.refresh_token });
      expect(retry.error).toBeNull();
      expect(retry.data.session?.refresh_token).toBe(rotated.refresh_token);

      const second = await auth.client().auth.refreshSession({ refresh_token: rotated.refresh_token });
      expect(second.error).toBeNull();
      // The first token is now two generations old; once the reuse interval has passed it counts as stolen.
      await db.sql`update auth.refresh_tokens set updated_at = now() - interval '1 minute' where token = ${session.refresh_token}`;
      const stolen = await auth.client().auth.refreshSession({ refresh_token: session.refresh_token });
      expect(stolen.error).toMatchObject({ status: 400, code: 'refresh_token_already_used' });
      const afterTheft = await auth
        .client()
        .auth.refreshSession({ refresh_token: second.data.session!.refresh_token });
      expect(afterTheft.error).toMatchObject({ status: 400, code: 'refresh_token_not_found' });

      const unknown = await auth.client().auth.refreshSession({ refresh_token: 'no-such-token' });
      expect(unknown.error).toMatchObject({ status: 400, code: 'refresh_token_not_found' });
    });

    it('answers concurrent refreshes of one token with the same rotated token', async () => {
      const { session } = await signUp();
      const answers = await Promise.all(
        Array.from({ length: 5 }, () =>
          auth.client().auth.refreshSession({ refresh_token: session.refresh_token }),
        ),
      );
      expect(answers.map((a) => a.error)).toEqual([null, null, null, null, null]);
      const tokens = new Set(answers.map((a) => a.data.session?.refresh_token));
      expect(tokens.size).toBe(1);
      expect(tokens.has(session.refresh_token)).toBe(false);
      const [{ count }] = await db.sql`
        select count(*)::int as count from auth.refresh_tokens
         where session_id = ${decodeJwt(session.access_token).session_id as string}`;
      expect(count).toBe(2);
    });

    it('updates the password, then signs in only with the new one', async () => {
      const { email, password, session } = await signUp();
      const client = auth.client();
      await client.auth.setSession({
        access_token: session.access_token,
        refresh_token: session.refresh_token,
      });
      const other = await auth.client().auth.signInWithPassword({ email, password });

      const same = await client.auth.updateUser({ password, current_password: password });
      expect(same.error).toMatchObject({ status: 422, code: 'same_password' });
      const changed = await client.auth.updateUser({
        password: 'brand-new-secret',
        current_password: password,
        data: { name: 'Renamed' },
      });
      expect(changed.error).toBeNull();
      expect(changed.data.user?.user_metadata.name).toBe('Renamed');

      expect((await auth.client().auth.signInWithPassword({ email, password })).error?.code).toBe(
        'invalid_credentials',
      );
      expect(
        (await auth.client().auth.signInWithPassword({ email, password: 'brand-new-secret' })).error,
      ).toBeNull();
      // A password change ends the user's other sessions, as on Supabase.
      const stale = await auth
        .client()
        .auth.refreshSession({ refresh_token: other.data.session!.refresh_token });
      expect(stale.error?.code).toBe('refresh_token_not_found');
    });

    it('signs out: the refresh token is revoked and the access token no longer finds its session', async () => {
      const { session } = await signUp();
      const client = auth.client();
      await client.auth.setSession({
        access_token: session.access_token,
        refresh_token: session.refresh_token,
      });
      const { error } = await client.auth.signOut();
      expect(error).toBeNull();
      const refresh = await auth.client().auth.refreshSession({ refresh_token: session.refresh_token });
      expect(refresh.error).toMatchObject({ status: 400, code: 'refresh_token_not_found' });
      const user = await auth.client().auth.getUser(session.access_token);
      expect(user.error?.name).toBe('AuthSessionMissingError');
    });

    it('puts is_admin from profiles into the access token, never from user metadata', async () => {
      const { session, user } = await signUp('Mallory', 'pretend-admin');
      expect(decodeJwt(session.access_token).is_admin).toBe(false);
      const sneaky = await auth.client().auth.signUp({
        email: uniqueEmail('sneaky'),
        password: 'pretend-admin',
        options: { data: { name: 'Sneaky', is_admin: true } },
      });
      expect(decodeJwt(sneaky.data.session!.access_token).is_admin).toBe(false);

      await db.sql`update public.profiles set is_admin = true where id = ${user.id}`;
      const refreshed = await auth.client().auth.refreshSession({ refresh_token: session.refresh_token });
      expect(decodeJwt(refreshed.data.session!.access_token).is_admin).toBe(true);
      await db.sql`update public.profiles set is_admin = false where id = ${user.id}`;
      const demoted = await auth
        .client()
        .auth.refreshSession({ refresh_token: refreshed.data.session!.refresh_token });
      expect(decodeJwt(demoted.data.session!.access_token).is_admin).toBe(false);
    });

    it('stores the auth rows in Supabase’s tables', async () => {
      const { user, session } = await signUp();
      const sessionId = decodeJwt(session.access_token).session_id as string;
      const [row] = await db.sql`
      select u.encrypted_password like '$2%' as bcrypt, s.user_id, r.revoked, i.provider, a.authentication_method
        from auth.users u
        join auth.sessions s on s.user_id = u.id
        join auth.refresh_tokens r on r.session_id = s.id
        join auth.identities i on i.user_id = u.id
        join auth.mfa_amr_claims a on a.session_id = s.id
       where u.id = ${user.id} and s.id = ${sessionId}`;
      expect(row).toEqual({
        bcrypt: true,
        user_id: user.id,
        revoked: false,
        provider: 'email',
        authentication_method: 'password',
      });
    });
  });
}
