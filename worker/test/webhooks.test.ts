// Webhook delivery by the worker's own queue (graphile-worker, in-process) on the real PostgreSQL, to a
// real HTTP receiver on 127.0.0.1 (allowed by WEBHOOK_ALLOW_PRIVATE_TARGETS=1, as in the local stack):
// signature and body, the replay window, retries with backoff, timeouts, resend, and no double delivery.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { verifySignature } from '@lift3d/common/webhooks/signature.ts';
import { createTestDatabase, type TestDatabase } from '@lift3d/local/testing/databases';
import { createDiskStorage } from '@lift3d/storage';
import type { JobHelpers, Runner } from 'graphile-worker';
import postgres from 'postgres';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { createBackends } from '../src/backends/index.ts';
import { loadWorkerConfig } from '../src/config.ts';
import type { EngineRunner } from '../src/convert/engine-runner.ts';
import { installQueue, startQueue } from '../src/queue.ts';
import { deliverWebhookTask } from '../src/tasks/deliver-webhook.ts';
import { buildTaskList } from '../src/tasks/index.ts';
import { createUserWithCredits, recordUpload, waitFor } from './support/generation-harness.ts';
import { startReceiver } from './support/webhook-receiver.ts';

let db: TestDatabase;
let sql: postgres.Sql;
let runner: Runner;
let storageDir: string;
let receiver: Awaited<ReturnType<typeof startReceiver>>;

beforeAll(async () => {
  db = await createTestDatabase('postgres');
  await installQueue({ databaseUrl: db.url, embeddedDatabase: false });
  receiver = await startReceiver();
  sql = postgres(db.url, { max: 4, onnotice: () => {} });
  storageDir = await mkdtemp(join(tmpdir(), 'lift3d-webhook-test-'));
  const config = loadWorkerConfig({
    DATABASE_URL: db.url,
    STORAGE_DIR: storageDir,
    WEBHOOK_ALLOW_PRIVATE_TARGETS: '1',
    WEBHOOK_TIMEOUT_SECONDS: '1',
    WEBHOOK_RETRY_BASE_MS: '300',
    WEBHOOK_MAX_ATTEMPTS: '3',
  });
  runner = await startQueue({
    databaseUrl: db.url,
    embeddedDatabase: false,
    taskList: buildTaskList({
      sql,
      transport: null,
      from: config.mailFrom,
      config,
      storage: createDiskStorage(storageDir),
      engine: {} as EngineRunner, // no conversion runs in this file (webhooks-convert.test.ts runs them)
      backends: createBackends(config.backends),
      log: () => {},
    }),
    concurrency: 2,
    pollIntervalMs: 100,
    crontab: '',
  });
}, 120_000);

afterAll(async () => {
  await runner?.stop();
  await sql?.end();
  await receiver?.stop();
  await db?.stop();
  if (storageDir) await rm(storageDir, { recursive: true, force: true });
});

/** Runs `fn` as the signed-in user, as the api does (RLS and auth.uid() apply). */
function asUser<T>(userId: string, fn: (tx: postgres.TransactionSql) => Promise<T>): Promise<T> {
  return sql.begin(async (tx) => {
    await tx`select set_config('role', 'authenticated', true),
                    set_config('request.jwt.claims', ${JSON.stringify({ sub: userId, role: 'authenticated' })}, true)`;
    return fn(tx);
  }) as Promise<T>;
}

async function userWithEndpoint(url = receiver.url) {
  const user = await createUserWithCredits(sql, 200);
  // As the api saves it, having checked the URL: the service role with the user's claims.
  const [endpoint] = await sql.begin(async (tx) => {
    await tx`select set_config('role', 'service_role', true),
                    set_config('request.jwt.claims', ${JSON.stringify({ sub: user, role: 'authenticated' })}, true)`;
    return tx`select * from public.save_checked_webhook_endpoint(${url}, true)`;
  });
  return { user, secret: endpoint.secret as string };
}

/** A paid generation whose convert job is removed in the same transaction: the test moves it itself. */
const generationWithoutJob = async (user: string): Promise<string> => {
  const key = await recordUpload(sql, user, `uploads/${crypto.randomUUID()}.png`);
  return asUser(user, async (tx) => {
    const [row] = await tx`
      select id from public.create_generation('model', 'glb', 'low', ${key}, 'image/png', 10, null)`;
    await tx`reset role`;
    await tx`select graphile_worker.remove_job(${`generation:${row.id}`})`;
    return row.id as string;
  });
};
const delivery = async (id: number) =>
  (await sql`select * from public.webhook_deliveries where id = ${id}`)[0];
const attempts = (id: number) =>
  sql`select attempt, status_code, error, duration_ms, url from public.webhook_attempts where delivery_id = ${id} order by attempt`;
const settled = (id: number, status = 'delivered') =>
  waitFor(
    `delivery ${id} to be ${status}`,
    async () => ((await delivery(id)).status === status ? delivery(id) : null),
    30_000,
  );
const queueEmpty = () =>
  waitFor(
    'the queue to be empty',
    async () => (await sql`select count(*)::int as n from graphile_worker.jobs`)[0].n === 0,
    20_000,
  );
const ping = async (user: string) =>
  Number((await asUser(user, (tx) => tx`select public.send_webhook_test() as id`))[0].id);
const requestsFor = (eventId: string) =>
  receiver.received.filter((r) => r.headers['lift3d-event-id'] === `evt_${eventId}`);

test('a completed generation is delivered once: exact body, signed with the endpoint secret, replay window', async () => {
  const { user, secret } = await userWithEndpoint();
  const generationId = await generationWithoutJob(user);
  await sql`select public.generation_start(${generationId}, 'w', 1)`;
  await sql`select public.generation_complete(${generationId}, 'w', '{}'::jsonb)`;
  const [row] = await sql`
    select d.id, v.id as event_id, v.created_at from public.webhook_deliveries d
      join public.webhook_events v on v.id = d.event_id where d.user_id = ${user}`;
  await settled(Number(row.id));
  const [request, ...more] = requestsFor(row.event_id);
  expect(more).toHaveLength(0);
  expect(request.path).toBe('/hooks/lift3d');
  expect(request.headers['content-type']).toBe('application/json');
  expect(request.body).toBe(
    `{"id":"evt_${row.event_id}","type":"generation.completed","created_at":"${row.created_at.toISOString()}",` +
      `"data":{"generation_id":"${generationId}","status":"completed","error":null}}`,
  );
  const header = String(request.headers['lift3d-signature']);
  expect(header).toMatch(/^t=\d+,v1=[0-9a-f]{64}$/);
  const t = Number(header.slice(2, header.indexOf(',')));
  expect(Math.abs(t * 1000 - request.at)).toBeLessThan(60_000);
  expect(await verifySignature(secret, header, request.body, { nowMs: request.at })).toEqual({
    ok: true,
    timestamp: t,
  });
  // Replay window: the same genuine request is refused once it is more than 5 minutes old (or early).
  expect(await verifySignature(secret, header, request.body, { nowMs: (t + 299) * 1000 })).toMatchObject({
    ok: true,
  });
  expect(await verifySignature(secret, header, request.body, { nowMs: (t + 301) * 1000 })).toEqual({
    ok: false,
    reason: 'timestamp outside the replay window',
  });
  expect(await verifySignature(secret, header, request.body, { nowMs: (t - 301) * 1000 })).toMatchObject({
    ok: false,
  });
  // Another body or another secret does not verify.
  expect(
    await verifySignature(secret, header, request.body.replace('completed', 'failed'), { nowMs: request.at }),
  ).toEqual({
    ok: false,
    reason: 'signature mismatch',
  });
  expect(
    await verifySignature(`whsec_${'0'.repeat(64)}`, header, request.body, { nowMs: request.at }),
  ).toMatchObject({
    ok: false,
  });
  expect(await attempts(Number(row.id))).toEqual([
    expect.objectContaining({ attempt: 1, status_code: 204, error: null, url: receiver.url }),
  ]);
});

test('a failed generation sends generation.failed with its error', async () => {
  const { user } = await userWithEndpoint();
  const generationId = await generationWithoutJob(user);
  await sql`select public.generation_start(${generationId}, 'w', 1)`;
  await sql`select public.generation_fail(${generationId}, 'w', 'The image has no subject.')`;
  const [row] = await sql`select id, event_id from public.webhook_deliveries where user_id = ${user}`;
  await settled(Number(row.id));
  expect(JSON.parse(requestsFor(row.event_id)[0].body)).toMatchObject({
    type: 'generation.failed',
    data: { generation_id: generationId, status: 'failed', error: 'The image has no subject.' },
  });
});

test('a 500 is retried after the backoff and then delivered, with the same body', async () => {
  const { user } = await userWithEndpoint();
  receiver.script.push(500);
  const id = await ping(user);
  await settled(id);
  const { event_id: eventId } = await delivery(id);
  const requests = requestsFor(eventId);
  expect(requests).toHaveLength(2);
  expect(requests[1].body).toBe(requests[0].body);
  expect(requests[1].at - requests[0].at).toBeGreaterThanOrEqual(300);
  expect(JSON.parse(requests[0].body)).toMatchObject({
    type: 'ping',
    data: { message: 'This is a test event from Lift3D.' },
  });
  const log = await attempts(id);
  expect(log.map((a) => [a.attempt, a.status_code, a.error])).toEqual([
    [1, 500, 'The endpoint answered HTTP 500.'],
    [2, 204, null],
  ]);
  expect((await delivery(id)).attempts).toBe(2);
});

test('a receiver that never answers: every attempt times out, and the delivery fails after the maximum', async () => {
  const { user } = await userWithEndpoint();
  receiver.script.push('hang', 'hang', 'hang');
  const id = await ping(user);
  const failed = await settled(id, 'failed');
  expect(failed.attempts).toBe(3);
  expect(failed.last_error).toBe('no response within 1000 ms');
  const log = await attempts(id);
  expect(log).toHaveLength(3);
  for (const a of log) {
    expect(a.status_code).toBeNull();
    expect(a.error).toBe('no response within 1000 ms');
    expect(a.duration_ms).toBeGreaterThanOrEqual(1000);
  }
  expect(requestsFor(failed.event_id)).toHaveLength(3);
});

test('resend delivers the same event again as a new delivery; the first one is untouched', async () => {
  const { user } = await userWithEndpoint();
  receiver.script.push(404);
  const first = await ping(user);
  await settled(first);
  const [{ id: resent }] = await asUser(
    user,
    (tx) => tx`select public.resend_webhook_delivery(${first}) as id`,
  );
  await settled(Number(resent));
  const original = await delivery(first);
  const copy = await delivery(Number(resent));
  expect(copy.event_id).toBe(original.event_id);
  expect(Number(copy.resend_of)).toBe(first);
  expect(copy.attempts).toBe(1);
  expect(original.attempts).toBe(2);
  const requests = requestsFor(original.event_id);
  expect(requests).toHaveLength(3);
  expect(new Set(requests.map((r) => r.body)).size).toBe(1);
});

test('no double delivery: stray re-runs after success, and two runs of one delivery at once', async () => {
  const { user } = await userWithEndpoint();
  const done = await ping(user);
  await settled(done);
  await queueEmpty();
  await sql`select graphile_worker.add_job('deliver_webhook', json_build_object('id', ${done}::bigint)) from generate_series(1, 2)`;
  await sql`select graphile_worker.add_job('webhook_sweep', '{}'::json)`;
  await queueEmpty();
  expect(requestsFor((await delivery(done)).event_id)).toHaveLength(1);

  // The receiver is slow; a second job for the same delivery starts while the first is sending.
  receiver.state.delayMs = 400;
  try {
    const id = Number(
      (
        await asUser(user, async (tx) => {
          const [row] = await tx`select public.send_webhook_test() as id`;
          await tx`reset role`;
          await tx`select graphile_worker.add_job('deliver_webhook', json_build_object('id', ${row.id}::bigint))`;
          return [row];
        })
      )[0].id,
    );
    await settled(id);
    await queueEmpty();
    expect(requestsFor((await delivery(id)).event_id)).toHaveLength(1);
    expect(await attempts(id)).toHaveLength(1);
  } finally {
    receiver.state.delayMs = 0;
  }
});

test('without the local switch the worker refuses private targets at delivery, also after a DNS change', async () => {
  const { user } = await userWithEndpoint();
  const strict = (resolve?: (host: string) => Promise<string[]>) =>
    deliverWebhookTask({
      sql,
      config: { allowPrivate: false, timeoutMs: 1000, retryBaseMs: 300, maxAttempts: 1 },
      resolve,
    });
  /** A delivery whose queued job is removed, so only the task called here runs it. */
  const unqueued = async () =>
    asUser(user, async (tx) => {
      const [row] = await tx`select public.send_webhook_test() as id`;
      await tx`reset role`;
      await tx`select graphile_worker.remove_job(${`webhook:${row.id}:1`})`;
      return Number(row.id);
    });
  const before = receiver.received.length;
  const helpers = {} as JobHelpers;

  const id = await unqueued();
  await strict()({ id }, helpers);
  expect((await delivery(id)).status).toBe('failed');
  expect((await attempts(id))[0].error).toBe(
    'Webhooks are sent over https only: the URL must start with https://.',
  );
  // An https name that now resolves to a private address (DNS changed after the URL was saved).
  await asUser(user, (tx) => tx`select public.save_webhook_endpoint('https://hooks.example.test/in', true)`);
  const renamed = await unqueued();
  expect((await delivery(renamed)).status).toBe('pending');
  await strict(async () => ['203.0.113.9', '10.1.2.3'])({ id: renamed }, helpers);
  const failed = await delivery(renamed);
  expect(failed.status).toBe('failed');
  expect(failed.last_error).toBe(
    'The host hooks.example.test resolves to a private address (203.0.113.9); webhooks go to public addresses only.',
  );
  expect(receiver.received.length).toBe(before);
});
