import assert from 'node:assert/strict';
import { loadConfig } from '../core/config.ts';
import { test } from './support.ts';

const env = (values: Record<string, string>) => ({ get: (name: string) => values[name] });

test('config: DATABASE_URL (the pooler) wins over SUPABASE_DB_URL; the pool stays small', async () => {
  const config = loadConfig(
    env({
      SUPABASE_DB_URL: 'postgres://direct@db.abcd.supabase.co:5432/postgres',
      DATABASE_URL: 'postgres://pooled@aws-0.pooler.supabase.com:6543/postgres',
      SUPABASE_URL: 'https://abcd.supabase.co',
    }),
  );
  assert.equal(config.databaseUrl, 'postgres://pooled@aws-0.pooler.supabase.com:6543/postgres');
  assert.equal(config.maxDbConnections, 2);
  const fallback = loadConfig(env({ SUPABASE_DB_URL: 'postgres://direct@h/p', JWT_SECRET: 'x'.repeat(32) }));
  assert.equal(fallback.databaseUrl, 'postgres://direct@h/p');
  assert.equal(
    loadConfig(env({ DATABASE_URL: 'postgres://h/p', DB_MAX_CONNECTIONS: '500', JWT_SECRET: 'x' }))
      .maxDbConnections,
    10,
  );
  assert.throws(() => loadConfig(env({})), /DATABASE_URL/);
});

test('config: the transaction pooler (port 6543, or DATABASE_POOL_MODE) means no prepared statements', async () => {
  const mode = (values: Record<string, string>) => loadConfig(env({ JWT_SECRET: 'x', ...values })).dbPoolMode;
  assert.equal(
    mode({ DATABASE_URL: 'postgres://u:p@aws-0-eu-west-1.pooler.supabase.com:6543/postgres' }),
    'transaction',
  );
  assert.equal(
    mode({ DATABASE_URL: 'postgres://u:p@aws-0-eu-west-1.pooler.supabase.com:5432/postgres' }),
    'session',
  );
  assert.equal(mode({ DATABASE_URL: 'postgres://u:p@db.abcd.supabase.co/postgres' }), 'session');
  assert.equal(
    mode({ DATABASE_URL: 'postgres://u:p@127.0.0.1:6432/db', DATABASE_POOL_MODE: 'transaction' }),
    'transaction',
  );
  assert.equal(mode({ DATABASE_URL: 'postgres://u:p@h:6543/db', DATABASE_POOL_MODE: 'session' }), 'session');
  assert.throws(
    () => mode({ DATABASE_URL: 'postgres://h/p', DATABASE_POOL_MODE: 'statement' }),
    /DATABASE_POOL_MODE/,
  );
});

test('config: tokens are checked against the project issuer and the authenticated audience', async () => {
  const config = loadConfig(
    env({ DATABASE_URL: 'postgres://h/p', SUPABASE_URL: 'https://abcd.supabase.co/' }),
  );
  assert.equal(config.jwksUrl, 'https://abcd.supabase.co/auth/v1/.well-known/jwks.json');
  assert.equal(config.jwtIssuer, 'https://abcd.supabase.co/auth/v1');
  assert.equal(config.jwtAudience, 'authenticated');
});

test('config: CORS allows the site origin and the extra list', async () => {
  const config = loadConfig(
    env({
      DATABASE_URL: 'postgres://h/p',
      JWT_SECRET: 'x'.repeat(32),
      SITE_URL: 'https://lift3d.example/app',
      CORS_ORIGINS: 'https://www.lift3d.example',
    }),
  );
  assert.deepEqual(config.corsOrigins, ['https://lift3d.example', 'https://www.lift3d.example']);
});

test('config: storage comes from the shared reader; presigned download URLs last 300 s unless set', async () => {
  const base = { DATABASE_URL: 'postgres://h/p', JWT_SECRET: 'x'.repeat(32) };
  assert.equal(
    loadConfig(env(base)).generations?.storage,
    null,
    'no storage configured: file routes answer 503',
  );
  assert.deepEqual(loadConfig(env({ ...base, DATA_DIR: '/srv/lift3d' })).generations?.storage, {
    kind: 'disk',
    dir: '/srv/lift3d/storage',
  });
  const s3 = loadConfig(
    env({ ...base, STORAGE: 's3', S3_BUCKET: 'models', DOWNLOAD_URL_TTL_SECONDS: '120' }),
  );
  assert.equal(s3.generations?.storage?.kind, 's3');
  assert.equal(s3.generations?.downloadUrlTtlSeconds, 120);
  assert.equal(loadConfig(env(base)).generations?.downloadUrlTtlSeconds, 300);
  for (const bad of ['0', '-1', '1.5', 'soon', '604801']) {
    assert.throws(
      () => loadConfig(env({ ...base, DOWNLOAD_URL_TTL_SECONDS: bad })),
      new RegExp(
        `DOWNLOAD_URL_TTL_SECONDS must be a whole number of seconds from 1 to 604800, not '${bad.replace('.', '\\.')}'`,
      ),
    );
  }
  assert.throws(() => loadConfig(env({ ...base, STORAGE: 'ftp' })), /STORAGE must be disk or s3, not 'ftp'/);
});
