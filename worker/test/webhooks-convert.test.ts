// The event comes from the real convert path: a worker process runs the convert job of a damaged photo, the
// engine refuses it and the job fails the generation; the trigger on public.generations emits
// generation.failed and the same worker delivers it, signed, to a real receiver on 127.0.0.1.
// (generation.completed is emitted by the same trigger on generation_complete, the function the convert job
// ends with: webhooks.test.ts and supabase/tests/webhooks.test.sql cover it without a full conversion.)
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { verifySignature } from '@lift3d/common/webhooks/signature.ts';
import { createTestDatabase, type TestDatabase } from '@lift3d/local/testing/databases';
import { createDiskStorage } from '@lift3d/storage';
import postgres from 'postgres';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { installQueue } from '../src/queue.ts';
import {
  createGenerationAs,
  createUserWithCredits,
  startWorker,
  type WorkerHandle,
  waitFor,
} from './support/generation-harness.ts';
import { startReceiver } from './support/webhook-receiver.ts';

let db: TestDatabase;
let sql: postgres.Sql;
let storageDir: string;
let worker: WorkerHandle;
let receiver: Awaited<ReturnType<typeof startReceiver>>;

beforeAll(async () => {
  db = await createTestDatabase('postgres');
  await installQueue({ databaseUrl: db.url, embeddedDatabase: false });
  sql = postgres(db.url, { max: 2, onnotice: () => {} });
  storageDir = await mkdtemp(join(tmpdir(), 'lift3d-webhook-convert-'));
  receiver = await startReceiver();
}, 120_000);

afterAll(async () => {
  if (worker && worker.child.exitCode === null) worker.child.kill('SIGKILL');
  if (worker) await worker.exited;
  await sql?.end();
  await receiver?.stop();
  await db?.stop();
  if (storageDir) await rm(storageDir, { recursive: true, force: true });
});

test('a conversion that fails in the worker emits generation.failed, delivered signed', async () => {
  const user = await createUserWithCredits(sql, 100);
  const [endpoint] = await sql.begin(async (tx) => {
    // As the api saves it, having checked the URL: the service role with the user's claims.
    await tx`select set_config('role', 'service_role', true),
                    set_config('request.jwt.claims', ${JSON.stringify({ sub: user, role: 'authenticated' })}, true)`;
    return tx`select * from public.save_checked_webhook_endpoint(${receiver.url}, true)`;
  });
  const storage = createDiskStorage(storageDir);
  const corrupt = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, ...new Array(64).fill(7)]);
  await storage.put('uploads/bad.png', corrupt, 'image/png');
  const bad = await createGenerationAs(sql, user, 'uploads/bad.png');

  worker = startWorker({ DATABASE_URL: db.url, STORAGE_DIR: storageDir, WEBHOOK_ALLOW_PRIVATE_TARGETS: '1' });
  const bodies = await waitFor(
    'the event to be delivered',
    async () => {
      const rows = await sql`select status from public.webhook_deliveries where user_id = ${user}`;
      return rows.length === 1 && rows[0].status === 'delivered' ? receiver.received : null;
    },
    200_000,
    [worker.logs],
  );
  expect(bodies).toHaveLength(1);
  const events = bodies.map((r) => JSON.parse(r.body));
  expect((await sql`select status from public.generations where id = ${bad}`)[0].status).toBe('failed');
  expect(events[0].type).toBe('generation.failed');
  expect(events[0].data).toEqual({
    generation_id: bad,
    status: 'failed',
    error: 'decode: the PNG file is damaged and cannot be read. Re-export it and try again.',
  });
  for (const request of bodies) {
    const check = await verifySignature(
      endpoint.secret,
      String(request.headers['lift3d-signature']),
      request.body,
      {
        nowMs: request.at,
      },
    );
    expect(check.ok).toBe(true);
  }
}, 280_000);
