// Parallel parameterised queries from several connections to the embedded database: each must get its own
// answer (pglite-socket alone interleaves their extended-query messages on the one session).
import postgres from 'postgres';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { type EmbeddedDatabase, startEmbeddedDatabase } from '../src/db/pglite.ts';

let db: EmbeddedDatabase;
beforeAll(async () => {
  db = await startEmbeddedDatabase({ dataDir: null, port: 0 });
});
afterAll(() => db?.stop());

test('five connections × 100 parameterised queries at once all get their own answers', async () => {
  const clients = Array.from({ length: 5 }, () =>
    postgres(db.url, { max: 1, prepare: false, onnotice: () => {} }),
  );
  try {
    const results = await Promise.all(
      clients.flatMap((sql, c) =>
        Array.from({ length: 100 }, async (_, i) => {
          // Different parameter counts per client make a mixed-up statement fail loudly.
          const rows =
            c % 2 === 0
              ? await sql`select ${c}::int as c, ${i}::int as i`
              : await sql`select ${c}::int as c, ${i}::int as i, ${'x'}::text as x, now() as t`;
          return rows[0].c === c && rows[0].i === i;
        }),
      ),
    );
    expect(results.every(Boolean)).toBe(true);
    // A transaction on one connection still holds the session for its statements.
    const [a, b] = clients;
    await Promise.all([
      a.begin(async (tx) => {
        await tx`create temp table t_queue (n int)`;
        await tx`insert into t_queue values (${1})`;
        expect((await tx`select count(*)::int as n from t_queue`)[0].n).toBe(1);
        await tx`drop table t_queue`;
      }),
      ...Array.from({ length: 20 }, (_, i) => b`select ${i}::int as i`.then((r) => expect(r[0].i).toBe(i))),
    ]);
  } finally {
    await Promise.all(clients.map((sql) => sql.end()));
  }
});
