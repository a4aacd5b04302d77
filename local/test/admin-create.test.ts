// `npm run admin:create`: through an auth server's admin API (hosted Supabase or the running local stack)
// and straight into a stopped local database; the new admin signs in and gets `is_admin` in the token.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import bcrypt from 'bcryptjs';
import { decodeJwt } from 'jose';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { checkAdminAccount, createAdminInDatabase, createAdminViaAuthApi } from '../src/cli/admin-account.ts';
import { adminCreate } from '../src/cli/admin-create.ts';
import { startEmbeddedDatabase } from '../src/db/pglite.ts';
import { type AuthServer, startAuthServer } from './support/auth-harness.ts';
import { createTestDatabase, type TestDatabase } from './support/databases.ts';

describe('admin:create through the auth admin API', () => {
  let db: TestDatabase;
  let auth: AuthServer;
  beforeAll(async () => {
    db = await createTestDatabase('postgres');
    auth = await startAuthServer(db);
  }, 120_000);
  afterAll(async () => {
    await auth?.stop();
    await db?.stop();
  });

  test('creates an admin who signs in with is_admin in the token', async () => {
    const account = checkAdminAccount({
      email: ' Chief@Example.test ',
      password: 'chief-secret',
      name: 'Chief Admin',
    });
    const result = await createAdminViaAuthApi(
      { authUrl: auth.authUrl, serviceRoleKey: auth.serviceRoleKey, databaseUrl: db.url },
      account,
    );
    expect(result.created).toBe(true);
    const [profile] = await db.sql`select name, email, is_admin from public.profiles where id = ${result.id}`;
    expect(profile).toEqual({ name: 'Chief Admin', email: 'chief@example.test', is_admin: true });
    const { data, error } = await auth.client().auth.signInWithPassword({
      email: 'chief@example.test',
      password: 'chief-secret',
    });
    expect(error).toBeNull();
    expect(decodeJwt(data.session?.access_token as string).is_admin).toBe(true);
  });

  test('promotes an existing account and sets the given password', async () => {
    const { data } = await auth.client().auth.signUp({ email: 'plain@example.test', password: 'old-secret' });
    const id = data.user?.id as string;
    const result = await createAdminViaAuthApi(
      { authUrl: auth.authUrl, serviceRoleKey: auth.serviceRoleKey, databaseUrl: db.url },
      checkAdminAccount({ email: 'plain@example.test', password: 'new-secret' }),
    );
    expect(result).toEqual({ id, created: false });
    const [profile] = await db.sql`select is_admin from public.profiles where id = ${id}`;
    expect(profile?.is_admin).toBe(true);
    const signIn = await auth
      .client()
      .auth.signInWithPassword({ email: 'plain@example.test', password: 'new-secret' });
    expect(signIn.error).toBeNull();
  });

  test('a wrong service key is refused with the server answer', async () => {
    await expect(
      createAdminViaAuthApi(
        { authUrl: auth.authUrl, serviceRoleKey: auth.anonKey, databaseUrl: db.url },
        checkAdminAccount({ email: 'x@example.test', password: 'secret-x' }),
      ),
    ).rejects.toThrow(/admin-create: the auth server answered 40[13]/);
  });
});

describe('admin:create with the local stack stopped', () => {
  let dataDir: string;
  const saved = { ...process.env };
  beforeAll(() => {
    dataDir = mkdtempSync(join(tmpdir(), 'lift3d-admin-create-'));
    process.env.DATA_DIR = dataDir;
    delete process.env.DATABASE_URL;
    delete process.env.SUPABASE_URL;
    delete process.env.SUPABASE_SERVICE_ROLE_KEY;
  });
  afterAll(() => {
    process.env = saved;
    rmSync(dataDir, { recursive: true, force: true });
  });

  test('migrates the PGlite database in DATA_DIR and writes the admin there', async () => {
    const lines: string[] = [];
    const result = await adminCreate(
      ['--email', 'offline@example.test', '--password', 'offline-secret', '--name', 'Off Line'],
      (l) => lines.push(l),
    );
    expect(result.created).toBe(true);
    expect(lines.join('\n')).toMatch(/not running; opening .*pglite/);
    const again = await adminCreate(
      ['--email', 'offline@example.test', '--password', 'changed-secret'],
      () => {},
    );
    expect(again).toEqual({ id: result.id, created: false });

    const db = await startEmbeddedDatabase({ dataDir: join(dataDir, 'pglite') });
    try {
      const postgres = (await import('postgres')).default;
      const sql = postgres(db.url, { max: 1, prepare: false, onnotice: () => {} });
      const [row] = await sql`select u.encrypted_password, p.is_admin, p.name, p.has_password
                                from auth.users u join public.profiles p on p.id = u.id where u.id = ${result.id}`;
      expect(row?.is_admin).toBe(true);
      expect(row?.name).toBe('Off Line');
      expect(row?.has_password).toBe(true);
      expect(await bcrypt.compare('changed-secret', row?.encrypted_password)).toBe(true);
      const [identity] =
        await sql`select provider, provider_id from auth.identities where user_id = ${result.id}`;
      expect(identity).toEqual({ provider: 'email', provider_id: result.id });
      await sql.end();
    } finally {
      await db.stop();
    }
  }, 180_000);

  test('bad arguments say what to do', async () => {
    await expect(adminCreate(['--email', 'a@b.co'], () => {})).rejects.toThrow(
      /--email and --password are required/,
    );
    await expect(adminCreate(['--email', 'nope', '--password', 'secret-1'], () => {})).rejects.toThrow(
      /not an e-mail address/,
    );
    await expect(adminCreate(['--email', 'a@b.co', '--password', '123'], () => {})).rejects.toThrow(
      /at least 6/,
    );
    await expect(adminCreate(['--bogus'], () => {})).rejects.toThrow(/usage: npm run admin:create/);
  });
});

test('createAdminInDatabase writes into any migrated database', async () => {
  const db = await createTestDatabase('postgres');
  try {
    const result = await createAdminInDatabase(
      db.url,
      checkAdminAccount({ email: 'direct@example.test', password: 'direct-1' }),
    );
    const [row] = await db.sql`select is_admin from public.profiles where id = ${result.id}`;
    expect(row?.is_admin).toBe(true);
  } finally {
    await db.stop();
  }
}, 120_000);
