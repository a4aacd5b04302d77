// One account's hanging webhook endpoint does not slow anyone else's conversion: ten events wait for an
// endpoint that never answers, queued before another user's conversion, and the conversion still finishes
// while the first delivery hangs (the worker runs conversions and deliveries in separate pools), and the
// endpoint only ever has one delivery in flight (deliveries of one account run one after another).
import { afterAll, beforeAll, expect, test } from 'vitest';
import {
  createGenerationAs,
  createUserWithCredits,
  drawTestImage,
  waitFor,
} from './support/generation-harness.ts';
import { startReceiver } from './support/webhook-receiver.ts';
import { startWorkerTestEnv, type WorkerTestEnv } from './support/worker-env.ts';

let env: WorkerTestEnv;
let receiver: Awaited<ReturnType<typeof startReceiver>>;

beforeAll(async () => {
  env = await startWorkerTestEnv({
    name: 'webhook-isolation',
    // An attempt may hang for five minutes: far longer than the conversion may take.
    env: { WEBHOOK_ALLOW_PRIVATE_TARGETS: '1', WEBHOOK_TIMEOUT_SECONDS: '300' },
  });
  receiver = await startReceiver();
  receiver.state.fallback = 'hang';
}, 120_000);

afterAll(async () => {
  await receiver?.stop();
  await env?.stop();
});

test('a hanging endpoint with ten events does not hold another user’s conversion', async () => {
  const sql = env.db.sql;
  const slow = await createUserWithCredits(sql, 0);
  await sql.begin(async (tx) => {
    // As the api saves it, having checked the URL: the service role with the user's claims.
    await tx`select set_config('role', 'service_role', true),
                    set_config('request.jwt.claims', ${JSON.stringify({ sub: slow, role: 'authenticated' })}, true)`;
    await tx`select public.save_checked_webhook_endpoint(${receiver.url}, true)`;
  });
  for (let i = 0; i < 10; i++) {
    await sql`select public.queue_webhook_event(${slow}, 'ping', ${sql.json({ n: i })})`;
  }
  // Queued after the ten deliveries, by someone else.
  const other = await createUserWithCredits(sql, 100);
  const id = await createGenerationAs(sql, other, await env.upload(await drawTestImage()));

  env.worker('worker');
  const done = await waitFor(
    'the other user’s conversion to finish',
    async () => {
      const [g] = await sql`select status, error from public.generations where id = ${id}`;
      return g.status === 'completed' || g.status === 'failed' ? g : null;
    },
    180_000,
    env.logs(),
  );
  expect(done.status, done.error ?? '').toBe('completed');
  await waitFor('the first delivery to reach the endpoint', async () => receiver.received.length > 0, 30_000);
  // The deliveries are still hanging: none has finished an attempt, and only one reached the endpoint.
  const [{ attempts }] =
    await sql`select count(*)::int as attempts from public.webhook_attempts where user_id = ${slow}`;
  expect(attempts).toBe(0);
  const [{ pending }] =
    await sql`select count(*)::int as pending from public.webhook_deliveries where user_id = ${slow} and status = 'pending'`;
  expect(pending).toBe(10);
  expect(receiver.received).toHaveLength(1);
}, 300_000);
