// Exactly-once crediting, never-negative spending and all-or-nothing batches under real concurrency: 20 connections at once on
// the PostgreSQL server (PGlite serialises everything through one session, so it cannot show a race).
import postgres from 'postgres';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createTestDatabase, type TestDatabase } from './support/databases.ts';

const PARALLEL = 20;

describe('credits under concurrency on PostgreSQL', () => {
  let db: TestDatabase;
  let pool: postgres.Sql;

  beforeAll(async () => {
    db = await createTestDatabase('postgres');
    pool = postgres(db.url, { max: PARALLEL, onnotice: () => {} });
  }, 120_000);
  afterAll(async () => {
    await pool?.end();
    await db?.stop();
  });

  async function createUser(name: string): Promise<string> {
    const [row] = await db.sql<{ id: string }[]>`
      insert into auth.users (id, email, encrypted_password, raw_user_meta_data, email_confirmed_at)
      values (gen_random_uuid(), ${`${name}-${Date.now()}-${Math.random()}@example.test`}, 'x',
              ${db.sql.json({ name })}, now())
      returning id`;
    return row.id;
  }

  /** Runs `fn` as the service role (what the api function and worker use) in its own transaction. */
  const asService = <T>(fn: (tx: postgres.TransactionSql) => Promise<T>) =>
    pool.begin(async (tx) => {
      await tx`set local role service_role`;
      return fn(tx);
    }) as Promise<T>;

  test('20 parallel captures of one order credit it once', async () => {
    const user = await createUser('Buyer');
    const [order] = await asService(
      (tx) => tx`select public.create_payment_order(${user}, 'professional', 'paypal') as j`,
    );
    await asService((tx) => tx`select public.attach_provider_order(${order.j.id}, 'PP-RACE-1')`);

    const results = await Promise.allSettled(
      Array.from({ length: PARALLEL }, () =>
        asService(
          (tx) =>
            tx`select public.complete_payment_order('paypal', 'PP-RACE-1', 'CAP-RACE-1', 'COMPLETED', 2000, 'EUR', ${user}) as j`,
        ),
      ),
    );
    const fulfilled = results.filter((r) => r.status === 'fulfilled');
    expect(fulfilled).toHaveLength(PARALLEL);
    const credited = fulfilled.filter((r) => r.value[0].j.credited === true);
    expect(credited).toHaveLength(1);

    const [profile] = await db.sql`select credits from public.profiles where id = ${user}`;
    expect(profile.credits).toBe(12_000);
    const rows = await db.sql`select delta, reference from public.credit_ledger where user_id = ${user}`;
    expect(rows.map((r) => [r.delta, r.reference])).toEqual([[12_000, 'CAP-RACE-1']]);
  }, 60_000);

  test('20 parallel spends of 50 against a balance of 120: exactly 2 succeed', async () => {
    const user = await createUser('Spender');
    await asService(
      (tx) => tx`select public.apply_credit_change(${user}, 120, 'purchase', ${`seed-${user}`})`,
    );

    const results = await Promise.allSettled(
      Array.from({ length: PARALLEL }, (_, i) =>
        asService(
          (tx) =>
            tx`select public.apply_credit_change(${user}, -50, 'generation', ${`generation:${user}:${i}`}) as balance`,
        ),
      ),
    );
    const ok = results.filter((r) => r.status === 'fulfilled');
    const refused = results.filter((r) => r.status === 'rejected');
    expect(ok).toHaveLength(2);
    expect(refused).toHaveLength(PARALLEL - 2);
    for (const r of refused) {
      const error = (r as PromiseRejectedResult).reason as { code: string; message: string };
      expect(error.code).toBe('P0402');
      expect(error.message).toBe('Not enough credits: this needs 50 credits and you have 20.');
    }
    expect(ok.map((r) => r.value[0].balance).sort()).toEqual([20, 70]);

    const [profile] = await db.sql`select credits from public.profiles where id = ${user}`;
    expect(profile.credits).toBe(20);
    const [sum] = await db.sql`select sum(delta)::int as total, count(*)::int as n
                               from public.credit_ledger where user_id = ${user}`;
    expect(sum).toEqual({ total: 20, n: 3 });
  }, 60_000);

  test('20 parallel batches of 3 images against a balance of 320: exactly 2 batches, whole', async () => {
    const user = await createUser('Batcher');
    await asService(
      (tx) => tx`select public.apply_credit_change(${user}, 320, 'purchase', ${`seed-${user}`})`,
    );
    // Only the balance may limit this race, not the number of conversions in flight.
    await db.sql`update public.settings set value = '100' where key = 'generation.max_in_flight'`;
    const claims = JSON.stringify({ sub: user, role: 'authenticated' });
    // The images the api stored for the user (the functions take only recorded uploads).
    await db.sql`insert into public.direct_uploads (key, user_id, purpose, content_type, declared_bytes, expires_at, source)
                 select 'uploads/race-' || i || '-' || n, ${user}, 'paid', 'image/png', 10, now() + interval '1 hour', 'api'
                   from generate_series(0, ${PARALLEL - 1}) i, generate_series(1, 3) n`;
    const results = await Promise.allSettled(
      Array.from({ length: PARALLEL }, (_, i) =>
        pool.begin(async (tx) => {
          // As the api function runs a signed-in caller's request.
          await tx`select set_config('request.jwt.claims', ${claims}, true)`;
          await tx`set local role authenticated`;
          const items = [1, 2, 3].map((n) => ({ key: `uploads/race-${i}-${n}`, bytes: 10 }));
          return tx`select id from public.create_generations('model', 'glb', 'low', ${JSON.stringify(items)}::text::jsonb)`;
        }),
      ),
    );
    const ok = results.filter((r) => r.status === 'fulfilled');
    const refused = results.filter((r) => r.status === 'rejected');
    expect(ok).toHaveLength(2);
    for (const r of ok) expect((r as PromiseFulfilledResult<unknown[]>).value).toHaveLength(3);
    expect(refused).toHaveLength(PARALLEL - 2);
    for (const r of refused) {
      const error = (r as PromiseRejectedResult).reason as { code: string; message: string };
      expect(error.code).toBe('P0402');
      expect(error.message).toBe('Not enough credits: these 3 images need 150 credits and you have 20.');
    }

    const [profile] = await db.sql`select credits from public.profiles where id = ${user}`;
    expect(profile.credits).toBe(20);
    // Whole batches only: 6 generations, each charged once, in groups of 3 from the same request.
    const made = await db.sql<{ batch: string; n: number }[]>`
      select split_part(input_key, '-', 2) as batch, count(*)::int as n
        from public.generations where user_id = ${user} group by 1`;
    expect(made.map((m) => m.n)).toEqual([3, 3]);
    const [charges] =
      await db.sql`select count(*)::int as n, sum(delta)::int as total from public.credit_ledger
                                    where user_id = ${user} and reason = 'generation'`;
    expect(charges).toEqual({ n: 6, total: -300 });
  }, 60_000);

  test('the same charge sent 20 times at once is taken once', async () => {
    const user = await createUser('Retrier');
    await asService(
      (tx) => tx`select public.apply_credit_change(${user}, 500, 'purchase', ${`seed-${user}`})`,
    );
    const results = await Promise.allSettled(
      Array.from({ length: PARALLEL }, () =>
        asService(
          (tx) =>
            tx`select public.apply_credit_change(${user}, -50, 'generation', ${`generation:${user}:same`})`,
        ),
      ),
    );
    expect(results.every((r) => r.status === 'fulfilled')).toBe(true);
    const [profile] = await db.sql`select credits from public.profiles where id = ${user}`;
    expect(profile.credits).toBe(450);
  }, 60_000);
});
