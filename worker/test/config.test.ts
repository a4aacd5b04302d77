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

test("engines yield the CPU by default (SCHED_IDLE, the worker's session); both settings can be changed", () => {
  const url = { ...base, DATABASE_URL: 'postgres://u@127.0.0.1:5432/db' };
  const defaults = loadWorkerConfig(url);
  expect([defaults.engineIdle, defaults.engineGroupNice, defaults.nice]).toEqual([true, null, 10]);
  const set = loadWorkerConfig({ ...url, WORKER_ENGINE_IDLE: '0', WORKER_ENGINE_GROUP_NICE: '5' });
  expect([set.engineIdle, set.engineGroupNice]).toEqual([false, 5]);
  // The idle CPU group comes with idling, on by default, and can be left off on its own.
  expect(defaults.engineIdleGroup).toBe(true);
  expect(set.engineIdleGroup).toBe(false);
  expect(loadWorkerConfig({ ...url, WORKER_ENGINE_IDLE_GROUP: '0' }).engineIdleGroup).toBe(false);
  // Only lower priorities than the default session's: above 19 is 19, negative or not a number is 0.
  expect(loadWorkerConfig({ ...url, WORKER_ENGINE_GROUP_NICE: '40' }).engineGroupNice).toBe(19);
  expect(loadWorkerConfig({ ...url, WORKER_ENGINE_GROUP_NICE: '-5' }).engineGroupNice).toBe(0);
  expect(loadWorkerConfig({ ...url, WORKER_ENGINE_GROUP_NICE: 'x' }).engineGroupNice).toBe(0);
});
