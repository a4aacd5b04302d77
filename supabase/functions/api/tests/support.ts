// Test support: the app built in-process against the migrated database named by TEST_DATABASE_URL
// (prepared by local/test/api-function.test.ts: PostgreSQL behind PgBouncer, PGlite, a session connection), and real signed tokens.
import { SignJWT } from 'jose';
import postgres from 'postgres';
import { createApp } from '../app.ts';
import { buildDeps } from '../core/build-deps.ts';
import type { ApiConfig } from '../core/config.ts';

const JWT_SECRET = 'api-function-test-secret-at-least-32-characters';

export function testConfig(overrides: Partial<ApiConfig> = {}): ApiConfig {
  const databaseUrl = Deno.env.get('TEST_DATABASE_URL');
  if (!databaseUrl)
    throw new Error('TEST_DATABASE_URL is not set (run through local/test/api-function.test.ts)');
  return {
    version: 'test',
    databaseUrl,
    jwtSecret: JWT_SECRET,
    jwksUrl: null,
    jwtIssuer: null,
    environment: 'development',
    maxDbConnections: 2,
    // TEST_DB_POOL_MODE: 'transaction' when TEST_DATABASE_URL is a pooler in transaction mode (pgbouncer).
    dbPoolMode: Deno.env.get('TEST_DB_POOL_MODE') === 'session' ? 'session' : 'transaction',
    paypal: null,
    port: 0,
    host: '127.0.0.1',
    ...overrides,
  };
}

export function buildApp(overrides: Partial<ApiConfig> = {}) {
  const deps = buildDeps(testConfig(overrides));
  return { app: createApp(deps), db: deps.db, storage: deps.storage };
}

export function superuser() {
  return postgres(testConfig().databaseUrl, { max: 1, prepare: false, onnotice: () => {} });
}

export async function createUser(sql: postgres.Sql, opts: { name?: string; admin?: boolean } = {}) {
  const id = crypto.randomUUID();
  const email = `${id.slice(0, 8)}@example.test`;
  await sql`insert into auth.users (id, email, encrypted_password, raw_user_meta_data, email_confirmed_at)
            values (${id}, ${email}, 'x', ${sql.json({ name: opts.name ?? 'Test User' })}, now())`;
  if (opts.admin) await sql`update public.profiles set is_admin = true where id = ${id}`;
  return { id, email };
}

export async function tokenFor(
  user: { id: string; email: string },
  opts: {
    admin?: boolean;
    expiresIn?: string | number;
    secret?: string;
    role?: string;
    sessionId?: string;
  } = {},
) {
  const now = Math.floor(Date.now() / 1000);
  return await new SignJWT({
    role: opts.role ?? 'authenticated',
    email: user.email,
    aud: 'authenticated',
    is_admin: opts.admin ?? false,
    ...(opts.sessionId ? { session_id: opts.sessionId } : {}),
  })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setSubject(user.id)
    .setIssuedAt(now - 10)
    .setExpirationTime(opts.expiresIn ?? now + 3600)
    .sign(new TextEncoder().encode(opts.secret ?? JWT_SECRET));
}

/** Pooled connections stay open across tests (the process ends with the suite), so no op/resource sanitizers. */
export const test = (name: string, fn: () => Promise<void>) =>
  Deno.test({ name, fn, sanitizeOps: false, sanitizeResources: false });

/** A real 1×1 PNG. */
export const PNG_1X1 = Uint8Array.from(
  atob('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg=='),
  (ch) => ch.charCodeAt(0),
);

/** Generation settings over a throw-away disk store, as the generation route tests need them. */
export async function diskGenerations(urlSecret: string) {
  const storageDir = await Deno.makeTempDir({ prefix: 'lift3d-api-storage-' });
  return {
    storageDir,
    generations: {
      storage: { kind: 'disk' as const, dir: storageDir },
      maxImageBytes: 64 * 1024,
      maxRequestBytes: 200 * 1024,
      maxBatch: 10,
      urlSecret,
      urlTtlSeconds: 600,
    },
  };
}
