// The worker's database URL must be a session connection (graphile-worker LISTENs): a transaction
// pooler's URL is refused at start-up with what to use instead.
import { expect, test } from 'vitest';
import { loadWorkerConfig } from '../src/config.ts';

const base = { STORAGE_DIR: '/tmp/lift3d-worker-config-test' };

test('a transaction pooler URL is refused, direct and session pooler URLs are taken', () => {
  const pooled = 'postgres://postgres.abcd:pw@aws-0-eu-west-1.pooler.supabase.com:6543/postgres';
  expect(() => loadWorkerConfig({ ...base, DATABASE_URL: pooled })).toThrow(/session connection.*port 5432/);
  expect(() =>
    loadWorkerConfig({
      ...base,
      DATABASE_URL: 'postgres://u@127.0.0.1:6432/db',
      DATABASE_POOL_MODE: 'transaction',
    }),
  ).toThrow(/LISTEN/);
  const session = 'postgres://postgres.abcd:pw@aws-0-eu-west-1.pooler.supabase.com:5432/postgres';
  expect(loadWorkerConfig({ ...base, DATABASE_URL: session }).databaseUrl).toBe(session);
  const direct = 'postgres://postgres:pw@db.abcd.supabase.co:5432/postgres';
  expect(loadWorkerConfig({ ...base, SUPABASE_DB_URL: direct }).databaseUrl).toBe(direct);
});
