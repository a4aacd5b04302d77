// Behind a pooler in transaction mode (Supabase's on port 6543; here PgBouncer, run by
// local/test/api-function.test.ts) each transaction may get another server connection. A named
// prepared statement made in one is then unknown in the next: the database layer in 'session' mode (prepared
// statements on) fails there, and in the mode the configuration picks for a pooler it works. Skipped unless
// TEST_DATABASE_URL is such a pooler (TEST_POOLER=pgbouncer).
import assert from 'node:assert/strict';
import postgres from 'postgres';
import { loadConfig } from '../core/config.ts';
import { createDb, type Db } from '../core/db.ts';

const url = Deno.env.get('TEST_DATABASE_URL') ?? '';
const pooled = Deno.env.get('TEST_POOLER') === 'pgbouncer';
const test = (name: string, fn: () => Promise<void>) =>
  Deno.test({ name, fn, ignore: !pooled, sanitizeOps: false, sanitizeResources: false });

/**
 * One query in a transaction (how every api request runs), then the same query again while another client
 * holds the server connection the first used: the pooler hands the second transaction another one.
 */
async function runTwiceAcrossServers(db: Db): Promise<number[]> {
  const query = (n: number) =>
    db.asService(async (tx) => (await tx`select ${n}::int + 1 as v`)[0].v as number);
  const first = await query(1);
  const holder = postgres(url, { max: 1, prepare: false, onnotice: () => {} });
  try {
    return await holder.begin(async (tx) => {
      // The idle server connection (the one the first query used) is now this transaction's.
      await tx`select pg_backend_pid()`;
      return [first, await query(2)];
    });
  } finally {
    await holder.end();
  }
}

test('pooler: prepared statements fail behind a transaction pooler', async () => {
  const db = createDb({ databaseUrl: url, maxDbConnections: 1, dbPoolMode: 'session' });
  try {
    await assert.rejects(runTwiceAcrossServers(db), (error: { code?: string; message?: string }) => {
      assert.match(`${error.code} ${error.message}`, /26000|prepared statement .* does not exist/);
      return true;
    });
  } finally {
    await db.close();
  }
});

test('pooler: the configuration picks no prepared statements for it, and the same work succeeds', async () => {
  const config = loadConfig({
    get: (name: string) => ({ DATABASE_URL: url, DATABASE_POOL_MODE: 'transaction', JWT_SECRET: 'x' })[name],
  });
  assert.equal(config.dbPoolMode, 'transaction');
  const db = createDb({ ...config, maxDbConnections: 1 });
  try {
    assert.deepEqual(await runTwiceAcrossServers(db), [2, 3]);
  } finally {
    await db.close();
  }
});
