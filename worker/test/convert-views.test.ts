// A multi-view generation through the real worker on PostgreSQL: the extra photos stored with the
// generation (public.generation_views) reach the engine, which reports how it used each of them; one
// charge for the one generation.

import { box } from '@lift3d/engine/bench/primitives.ts';
import { renderViews } from '@lift3d/engine/bench/views.ts';
import { png } from '@lift3d/engine/testing/synthetic.ts';
import { afterAll, beforeAll, expect, test } from 'vitest';
import {
  createGenerationAs,
  createUserWithCredits,
  ledger,
  recordUpload,
  type WorkerHandle,
  waitFor,
} from './support/generation-harness.ts';
import { startWorkerTestEnv, type WorkerTestEnv } from './support/worker-env.ts';

let env: WorkerTestEnv;
let db: WorkerTestEnv['db'];
let worker: WorkerHandle;

beforeAll(async () => {
  env = await startWorkerTestEnv({ name: 'views-worker' });
  db = env.db;
}, 120_000);

afterAll(() => env?.stop());

const upload = (bytes: Uint8Array) => env.upload(bytes);

test('the extra views of a generation are converted with its photo, for one charge', async () => {
  const shape = { name: 'crate', parts: [box([0, 0, 0], [0.3, 0.4, 0.15], [210, 180, 120])] };
  const v = renderViews(shape, 16, { yaw: 0, pitch: 0 });
  const user = await createUserWithCredits(db.sql, 100);
  const id = await createGenerationAs(db.sql, user, await upload(await png(v.front)));
  // Stored and recorded for the user, as the api does before it adds them.
  const back = await recordUpload(db.sql, user, await upload(await png(v.back)));
  const right = await recordUpload(db.sql, user, await upload(await png(v.right)));
  // What the api does in the request's transaction: the caller adds the views to the queued generation.
  await db.sql.begin(async (tx) => {
    await tx`select set_config('role', 'authenticated', true),
                    set_config('request.jwt.claims', ${JSON.stringify({ sub: user, role: 'authenticated' })}, true)`;
    await tx`select public.add_generation_view(${id}, 'back', ${back}, 'image/png', 10)`;
    await tx`select public.add_generation_view(${id}, 'right', ${right}, 'image/png', 10)`;
  });
  const done = await completed(id);
  expect(done.status, done.error ?? '').toBe('completed');
  expect(Object.keys(done.outputs)).toContain('glb');
  expect(done.warnings).toEqual([]);
  // The worker logs the engine's stats: both views shaped the model.
  // The line can reach this process's pipe after the database already says completed.
  const line = await waitFor(
    'the worker to log the completion',
    async () => worker.logs.find((l) => l.includes(`generation ${id} completed`)),
    60_000,
    [worker.logs],
  );
  expect(line).toContain('"name":"back","use":"shape"');
  expect(line).toContain('"name":"right","use":"shape"');
  expect(await ledger(db.sql, user)).toEqual([
    expect.objectContaining({ reason: 'purchase' }),
    expect.objectContaining({ reason: 'generation', delta: -50 }),
  ]);
}, 300_000);

test('a back photo of another object completes with its warning stored on the generation', async () => {
  const crate = renderViews(
    { name: 'crate', parts: [box([0, 0, 0], [0.3, 0.4, 0.15], [210, 180, 120])] },
    16,
    { yaw: 0, pitch: 0 },
  );
  const post = renderViews(
    { name: 'post', parts: [box([0, 0, 0], [0.05, 0.4, 0.05], [210, 180, 120])] },
    16,
    { yaw: 0, pitch: 0 },
  );
  const user = await createUserWithCredits(db.sql, 100);
  const front = await upload(await png(crate.front));
  const back = await upload(await png(post.back));
  // As the api does: the generation and its view in one transaction, so the worker (already running from
  // the test before) never sees the generation without its view.
  await recordUpload(db.sql, user, front);
  await recordUpload(db.sql, user, back);
  const id = await db.sql.begin(async (tx) => {
    await tx`select set_config('role', 'authenticated', true),
                    set_config('request.jwt.claims', ${JSON.stringify({ sub: user, role: 'authenticated' })}, true)`;
    const [g] =
      await tx`select id from public.create_generation('model', 'glb', 'low', ${front}, 'image/png', 1000, null)`;
    await tx`select public.add_generation_view(${g.id}, 'back', ${back}, 'image/png', 10)`;
    return g.id as string;
  });
  const done = await completed(id);
  expect(done.status, done.error ?? '').toBe('completed');
  expect(done.warnings).toEqual(['The back photo did not match; it was used for colour only.']);
  const line = await waitFor(
    'the worker to log the completion',
    async () => worker.logs.find((l) => l.includes(`generation ${id} completed`)),
    60_000,
    [worker.logs],
  );
  expect(line).toContain('"name":"back","use":"colour"');
  expect(await ledger(db.sql, user)).toEqual([
    expect.objectContaining({ reason: 'purchase' }),
    expect.objectContaining({ reason: 'generation', delta: -50 }),
  ]);
}, 300_000);

/** Starts the worker once (the first test that needs it) and waits for the generation to finish. */
async function completed(id: string) {
  worker ??= env.worker('views');
  return await waitFor(
    'the generation to complete',
    async () => {
      const [g] = await db.sql`select * from public.generations where id = ${id}`;
      return g.status === 'completed' || g.status === 'failed' ? g : null;
    },
    240_000,
    [worker.logs],
  );
}
