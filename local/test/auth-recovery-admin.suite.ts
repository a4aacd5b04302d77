/**
 * Password recovery (the e-mailed link, the code, the PKCE variant) and the service-role admin API,
 * driven by supabase-js, on PGlite and PostgreSQL.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AuthServer, decodeJwt, startAuthServer } from './support/auth-harness.ts';
import type { TestDatabase } from './support/databases.ts';

let counter = 0;
const uniqueEmail = (tag: string) => `${tag}-${Date.now().toString(36)}-${counter++}@example.test`;

function linkIn(text: string): URL {
  const match = /https?:\/\/\S+\/verify\?\S+/.exec(text);
  if (!match) throw new Error(`no verification link in mail:\n${text}`);
  return new URL(match[0]);
}

export function recoveryAdminSuite(database: () => TestDatabase): void {
  describe('recovery and admin', () => {
    let db: TestDatabase;
    let auth: AuthServer;

    beforeAll(async () => {
      db = database();
      auth = await startAuthServer(db);
    });
    afterAll(async () => {
      await auth?.stop();
    });

    async function signUp(password = 'original-secret') {
      const email = uniqueEmail('user');
      const { data, error } = await auth
        .client()
        .auth.signUp({ email, password, options: { data: { name: 'Recovering' } } });
      expect(error).toBeNull();
      return { email, password, user: data.user! };
    }

    async function requestRecovery(email: string, flowType: 'implicit' | 'pkce' = 'implicit') {
      const client = auth.client({ flowType });
      const before = auth.mails.length;
      const { error } = await client.auth.resetPasswordForEmail(email, {
        redirectTo: `${auth.url}/reset-password`,
      });
      expect(error).toBeNull();
      expect(auth.mails.length).toBe(before + 1);
      return { client, mail: auth.mails[auth.mails.length - 1]! };
    }

    it('recovers through the e-mailed link: tokens in the fragment, then a new password', async () => {
      const { email, password } = await signUp();
      const { mail } = await requestRecovery(email);
      expect(mail.to).toBe(email);
      const link = linkIn(mail.text);
      expect(link.searchParams.get('type')).toBe('recovery');
      expect(link.searchParams.get('redirect_to')).toBe(`${auth.url}/reset-password`);

      const response = await fetch(link, { redirect: 'manual' });
      expect(response.status).toBe(303);
      const location = new URL(response.headers.get('location')!);
      expect(`${location.origin}${location.pathname}`).toBe(`${auth.url}/reset-password`);
      const fragment = new URLSearchParams(location.hash.slice(1));
      expect(fragment.get('type')).toBe('recovery');
      expect(decodeJwt(fragment.get('access_token')!).amr).toEqual([
        { method: 'recovery', timestamp: expect.any(Number) },
      ]);

      const client = auth.client();
      await client.auth.setSession({
        access_token: fragment.get('access_token')!,
        refresh_token: fragment.get('refresh_token')!,
      });
      expect((await client.auth.updateUser({ password: 'recovered-secret' })).error).toBeNull();
      expect(
        (await auth.client().auth.signInWithPassword({ email, password: 'recovered-secret' })).error,
      ).toBeNull();
      expect((await auth.client().auth.signInWithPassword({ email, password })).error?.code).toBe(
        'invalid_credentials',
      );

      // The link works once.
      const again = await fetch(link, { redirect: 'manual' });
      const failed = new URLSearchParams(new URL(again.headers.get('location')!).hash.slice(1));
      expect(failed.get('error_code')).toBe('otp_expired');
    });

    it('recovers with verifyOtp using the token hash or the mailed code', async () => {
      const { email } = await signUp();
      const first = await requestRecovery(email);
      const tokenHash = linkIn(first.mail.text).searchParams.get('token')!;
      const byHash = await auth.client().auth.verifyOtp({ type: 'recovery', token_hash: tokenHash });
      expect(byHash.error).toBeNull();
      expect(byHash.data.session?.user.email).toBe(email);
      const reused = await auth.client().auth.verifyOtp({ type: 'recovery', token_hash: tokenHash });
      expect(reused.error).toMatchObject({ status: 403, code: 'otp_expired' });

      const second = await requestRecovery(email);
      const code = /code: (\d{6})/.exec(second.mail.text)?.[1];
      expect(code).toMatch(/^\d{6}$/);
      const wrong = await auth
        .client()
        .auth.verifyOtp({ type: 'recovery', email, token: code === '000000' ? '111111' : '000000' });
      expect(wrong.error?.code).toBe('otp_expired');
      const byCode = await auth.client().auth.verifyOtp({ type: 'recovery', email, token: code! });
      expect(byCode.error).toBeNull();
      expect(byCode.data.session?.access_token).toBeTruthy();
    });

    it('recovers in the PKCE flow: the link redirects with ?code= for exchangeCodeForSession', async () => {
      const { email } = await signUp();
      const { client, mail } = await requestRecovery(email, 'pkce');
      const link = linkIn(mail.text);
      expect(link.searchParams.get('token')).toMatch(/^pkce_/);
      const response = await fetch(link, { redirect: 'manual' });
      const location = new URL(response.headers.get('location')!);
      const code = location.searchParams.get('code')!;
      expect(code).toBeTruthy();
      const { data, error } = await client.auth.exchangeCodeForSession(code);
      expect(error).toBeNull();
      expect(data.user?.email).toBe(email);
      expect((data as { redirectType?: string | null }).redirectType).toBe('recovery');
      expect((await client.auth.updateUser({ password: 'pkce-recovered' })).error).toBeNull();
      expect(
        (await auth.client().auth.signInWithPassword({ email, password: 'pkce-recovered' })).error,
      ).toBeNull();
      // A second exchange of the same code fails.
      const replay = await auth.client({ flowType: 'pkce' }).auth.exchangeCodeForSession(code);
      expect(replay.error).toBeTruthy();
    });

    it('answers recovery for an unknown address without saying so, and sends nothing', async () => {
      const before = auth.mails.length;
      const { error } = await auth.client().auth.resetPasswordForEmail(uniqueEmail('nobody'));
      expect(error).toBeNull();
      expect(auth.mails.length).toBe(before);
    });

    it('creates, reads, updates, lists and deletes users with the service-role key', async () => {
      const admin = auth.admin().auth.admin;
      const email = uniqueEmail('admin-made');
      const created = await admin.createUser({
        email,
        password: 'made-by-admin',
        email_confirm: true,
        user_metadata: { name: 'Made By Admin' },
      });
      expect(created.error).toBeNull();
      const id = created.data.user!.id;
      expect(created.data.user?.email_confirmed_at).toBeTruthy();
      const [profile] = await db.sql`select name, has_password from public.profiles where id = ${id}`;
      expect(profile).toEqual({ name: 'Made By Admin', has_password: true });

      const duplicate = await admin.createUser({ email, password: 'whatever-123' });
      expect(duplicate.error).toMatchObject({ status: 422, code: 'email_exists' });

      const updated = await admin.updateUserById(id, {
        password: 'changed-by-admin',
        user_metadata: { team: 'ops' },
      });
      expect(updated.error).toBeNull();
      expect(updated.data.user?.user_metadata).toMatchObject({ name: 'Made By Admin', team: 'ops' });
      expect(
        (await auth.client().auth.signInWithPassword({ email, password: 'changed-by-admin' })).error,
      ).toBeNull();

      const fetched = await admin.getUserById(id);
      expect(fetched.data.user?.email).toBe(email);
      const listed = await admin.listUsers({ page: 1, perPage: 100 });
      expect(listed.data.users.map((u) => u.id)).toContain(id);

      const banned = await admin.updateUserById(id, { ban_duration: '24h' });
      expect(banned.error).toBeNull();
      expect(
        (await auth.client().auth.signInWithPassword({ email, password: 'changed-by-admin' })).error?.code,
      ).toBe('user_banned');

      expect((await admin.deleteUser(id)).error).toBeNull();
      expect(await db.sql`select 1 from public.profiles where id = ${id}`).toHaveLength(0);
      expect((await admin.getUserById(id)).error).toMatchObject({ status: 404, code: 'user_not_found' });
    });

    it('soft-deletes a user that other rows still reference, where a hard delete is refused', async () => {
      const admin = auth.admin().auth.admin;
      const email = uniqueEmail('referenced');
      const created = await admin.createUser({ email, password: 'referenced-secret', email_confirm: true });
      const id = created.data.user!.id;
      await db.sql`create table public.auth_test_refs (user_id uuid references auth.users (id))`;
      try {
        await db.sql`insert into public.auth_test_refs values (${id})`;
        const hard = await admin.deleteUser(id);
        expect(hard.error?.message).toMatch(/soft-delete it instead/);
        const soft = await admin.deleteUser(id, true);
        expect(soft.error).toBeNull();
        const [row] =
          await db.sql`select email, deleted_at is not null as deleted from auth.users where id = ${id}`;
        expect(row).toEqual({ email: null, deleted: true });
        expect(
          (await auth.client().auth.signInWithPassword({ email, password: 'referenced-secret' })).error?.code,
        ).toBe('invalid_credentials');
        expect((await admin.getUserById(id)).error?.code).toBe('user_not_found');
      } finally {
        await db.sql`drop table public.auth_test_refs`;
      }
    });

    it('refuses the admin API without the service-role key', async () => {
      const asAnon = await auth
        .client()
        .auth.admin.createUser({ email: uniqueEmail('x'), password: 'long-enough' });
      expect(asAnon.error).toMatchObject({ status: 403, code: 'not_admin' });
      const { user } = await signUp();
      const session = await auth
        .client()
        .auth.signInWithPassword({ email: user.email!, password: 'original-secret' });
      const response = await fetch(`${auth.authUrl}/admin/users/${user.id}`, {
        headers: { apikey: auth.anonKey, authorization: `Bearer ${session.data.session!.access_token}` },
      });
      expect(response.status).toBe(403);
    });
  });
}
