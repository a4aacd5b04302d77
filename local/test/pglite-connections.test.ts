// The embedded database accepts every connection the stack opens, with room for reconnects and tools: a
// socket over its limit is destroyed on accept and the client's query fails with `read ECONNRESET`, which is
// what the load test saw when the pools' sum equalled the old limit of 10.
import postgres from 'postgres';
import { afterEach, expect, test } from 'vitest';
import { type EmbeddedDatabase, startEmbeddedDatabase } from '../src/db/pglite.ts';

let db: EmbeddedDatabase | null = null;
afterEach(async () => {
  await db?.stop();
  db = null;
});

/** `n` clients of one connection each, all querying at once; each answer or its error message. */
async function queryAtOnce(url: string, n: number): Promise<string[]> {
  const clients = Array.from({ length: n }, () =>
    postgres(url, { max: 1, prepare: false, onnotice: () => {} }),
  );
  try {
    const settled = await Promise.allSettled(
      clients.map(async (sql, i) => (await sql`select ${i}::int as i, pg_sleep(0.02)`)[0].i as number),
    );
    return settled.map((s, i) =>
      s.status === 'fulfilled'
        ? s.value === i
          ? 'ok'
          : `wrong answer ${s.value}`
        : String(s.reason.message),
    );
  } finally {
    await Promise.all(clients.map((sql) => sql.end({ timeout: 1 }).catch(() => {})));
  }
}

test('three times the stack pools (api 2, auth 4, worker 4) connected at once: every query is answered', async () => {
  db = await startEmbeddedDatabase({ dataDir: null });
  const answers = await queryAtOnce(db.url, 30);
  expect(answers).toEqual(Array(30).fill('ok'));
}, 240_000);

test('a connection over the limit is reset, which is why the limit sits far above the pools', async () => {
  db = await startEmbeddedDatabase({ dataDir: null, maxConnections: 10 });
  const answers = await queryAtOnce(db.url, 11);
  expect(answers.filter((a) => a === 'ok')).toHaveLength(10);
  const refused = answers.filter((a) => a !== 'ok');
  expect(refused).toHaveLength(1);
  // Reset on read, or on write when the client's startup message loses the race with the close.
  expect(refused[0]).toMatch(/^(read ECONNRESET|write EPIPE)$/);
}, 240_000);
