// The turntable video of a model that already exists, on the real PostgreSQL with real worker processes, the
// real engine and renderer and ffmpeg, storing through the S3 API: made from the stored GLB (no second
// conversion, no credit), its states as the owner reads them, asking twice renders once, and a worker
// SIGKILLed mid-render loses nothing (another worker renders it after the lease).

import { readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createTestDatabase, type TestDatabase } from '@lift3d/local/testing/databases';
import { createS3Storage, type Storage } from '@lift3d/storage';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { createEngineRunner } from '../src/convert/engine-runner.ts';
import { installQueue } from '../src/queue.ts';
import { RENDER_VIDEO_DEFAULTS, renderVideoTask } from '../src/tasks/render-video.ts';
import { finishedFixture } from './support/finished-fixture.ts';
import {
  createGenerationAs,
  createUserWithCredits,
  drawTestImage,
  ledger,
  startWorker,
  type WorkerHandle,
  waitFor,
} from './support/generation-harness.ts';
import { startS3 } from './support/s3.ts';

let db: TestDatabase;
let s3: Awaited<ReturnType<typeof startS3>>;
let storage: Storage;
const workers: WorkerHandle[] = [];
// Long enough that a loaded machine does not lose a live attempt's lease: at a load average of 25 a trivial
// query took 3.8 s, and a 4 s lease handed a render that was still running to another attempt.
const LEASE_SECONDS = 20;
/** A real model made by the engine: its GLB is what every test's model is stored with. */
let engineGlb: Uint8Array;

function worker(name: string) {
  const handle = startWorker(
    {
      DATABASE_URL: db.url,
      WORKER_LEASE_SECONDS: String(LEASE_SECONDS),
      STORAGE: 's3',
      S3_BUCKET: s3.config.bucket,
      S3_REGION: s3.config.region,
      S3_ENDPOINT: s3.config.endpoint,
      S3_ACCESS_KEY_ID: s3.config.accessKeyId,
      S3_SECRET_ACCESS_KEY: s3.config.secretAccessKey,
    },
    name,
  );
  workers.push(handle);
  return handle;
}
const alive = (w: WorkerHandle) => w.child.exitCode === null && w.child.signalCode === null;
const allLogs = () => workers.map((w) => w.logs);
const generation = async (id: string) => (await db.sql`select * from public.generations where id = ${id}`)[0];
const video = async (id: string) =>
  (await db.sql`select * from public.model_videos where generation_id = ${id}`)[0];

/** The queue deletes a job right after its task returns. */
const jobGone = (id: string) =>
  waitFor(
    'the job to leave the queue',
    async () =>
      (await db.sql`select count(*)::int as n from graphile_worker.jobs where key = ${`video:${id}`}`)[0]
        .n === 0,
    10_000,
  );

async function upload(bytes: Uint8Array) {
  const key = `uploads/${crypto.randomUUID()}.png`;
  await storage.put(key, bytes, 'image/png');
  return key;
}

/** What POST /api/generations/:id/video does: request_model_video as the owner. */
async function requestVideo(userId: string, id: string) {
  const [row] = await db.sql.begin(async (tx) => {
    await tx`select set_config('role', 'authenticated', true),
                    set_config('request.jwt.claims', ${JSON.stringify({ sub: userId, role: 'authenticated' })}, true)`;
    return tx`select * from public.request_model_video(${id})`;
  });
  return row;
}

/**
 * A paid, finished model whose GLB is the engine's real one, stored in its own folder: completed here the
 * way the worker completes a conversion, so the tests do not wait for one conversion each.
 */
async function finishedModel(userId: string) {
  const id = await createGenerationAs(db.sql, userId, await upload(await drawTestImage()));
  // Its conversion job goes: no worker converts it meanwhile.
  await db.sql`select graphile_worker.remove_job(${`generation:${id}`})`;
  const key = `generations/${id}/lift3d-${id.slice(0, 8)}.glb`;
  await storage.put(key, engineGlb, 'model/gltf-binary');
  await db.sql`select public.generation_start(${id}, 'test', 1)`;
  const outputs = {
    glb: { key, contentType: 'model/gltf-binary', bytes: engineGlb.byteLength, name: 'm.glb' },
  };
  await db.sql`select public.generation_complete(${id}, 'test', ${db.sql.json(outputs)})`;
  return id;
}

beforeAll(async () => {
  db = await createTestDatabase('postgres');
  await installQueue({ databaseUrl: db.url, embeddedDatabase: false });
  s3 = await startS3();
  const s3Storage = createS3Storage(s3.config);
  await s3Storage.ensureBucket();
  storage = s3Storage;
  // A real GLB made by the engine: the finished-generation fixture's, converted once per engine change and
  // cached (support/finished-fixture.ts), so this file does not wait for a conversion of its own.
  const fixture = await finishedFixture();
  const glb = fixture.files.find((file) => file.role === 'glb');
  if (!glb) throw new Error(`the finished fixture in ${fixture.dir} has no GLB`);
  engineGlb = new Uint8Array(readFileSync(join(fixture.dir, glb.name)));
}, 300_000);

afterAll(async () => {
  for (const w of workers) if (alive(w)) w.child.kill('SIGKILL');
  await Promise.all(workers.map((w) => w.exited));
  await db?.stop();
  await s3?.stop();
});

test('a finished model gets its turntable from the stored GLB: free, rendering then ready, asked twice rendered once', async () => {
  const user = await createUserWithCredits(db.sql, 50);
  const id = await finishedModel(user);
  const before = await generation(id);
  if (!workers.some(alive)) worker('a');

  const first = await requestVideo(user, id);
  expect([first.status, first.progress]).toEqual(['rendering', 0]);
  // A double click: the same video, one job.
  await requestVideo(user, id);
  expect(
    (await db.sql`select count(*)::int as n from graphile_worker.jobs where key = ${`video:${id}`}`)[0].n,
  ).toBeLessThanOrEqual(1);

  const seen = new Set<number>();
  const ready = await waitFor(
    'the video to be ready',
    async () => {
      const v = await video(id);
      if (v.status === 'rendering') seen.add(v.progress);
      return v.status === 'rendering' ? null : v;
    },
    // A ceiling: about 30 s on a quiet machine, over 240 s at a load average of 30.
    540_000,
    allLogs(),
  );
  expect(ready.status, ready.error ?? '').toBe('ready');
  expect(ready.progress).toBe(1);
  expect(ready.attempts).toBe(1);
  expect([...seen].some((p) => p > 0)).toBe(true);

  const after = await generation(id);
  // The model itself is untouched: same files, same conversion attempt; the MP4 joins them.
  expect(Object.keys(after.outputs).sort()).toEqual(['glb', 'mp4']);
  expect(after.outputs.glb).toEqual(before.outputs.glb);
  expect([after.status, after.attempts, after.completed_at]).toEqual([
    before.status,
    before.attempts,
    before.completed_at,
  ]);
  expect(after.outputs.mp4.key).toBe(`generations/${id}/lift3d-${id.slice(0, 8)}.mp4`);
  const mp4 = (await storage.getBytes(after.outputs.mp4.key))!;
  expect(new TextDecoder().decode(mp4.subarray(4, 8))).toBe('ftyp');
  expect(after.outputs.mp4.bytes).toBe(mp4.byteLength);
  // For looking at: ffmpeg -i <file> -vf "select=not(mod(n\,19)),scale=320:-1,tile=4x2" -frames:v 1 sheet.png
  const saved = join(tmpdir(), `lift3d-model-video-${id.slice(0, 8)}.mp4`);
  writeFileSync(saved, mp4);
  console.log(`model video: ${mp4.byteLength} bytes, saved at ${saved}`);

  // Not a conversion: the ledger has the one charge for the model, nothing for the video.
  expect((await ledger(db.sql, user)).map((r) => r.reason)).toEqual(['purchase', 'generation']);
  // The queue deletes the job right after its task returns; asking once more then returns the video ready
  // and enqueues nothing.
  await jobGone(id);
  expect((await requestVideo(user, id)).status).toBe('ready');
  expect(
    (await db.sql`select count(*)::int as n from graphile_worker.jobs where key = ${`video:${id}`}`)[0].n,
  ).toBe(0);
}, 600_000);

test('a model whose GLB is gone: the video fails with the reason, and nothing is charged', async () => {
  const user = await createUserWithCredits(db.sql, 50);
  const id = await finishedModel(user);
  await storage.delete((await generation(id)).outputs.glb.key);
  if (!workers.some(alive)) worker('a');
  await requestVideo(user, id);
  const failed = await waitFor(
    'the video to fail',
    async () => {
      const v = await video(id);
      return v.status === 'rendering' ? null : v;
    },
    120_000,
    allLogs(),
  );
  expect(failed.status).toBe('failed');
  expect(failed.error).toBe(RENDER_VIDEO_DEFAULTS.missingModel);
  expect((await generation(id)).outputs.mp4).toBeUndefined();
  expect((await ledger(db.sql, user)).map((r) => r.reason)).toEqual(['purchase', 'generation']);
}, 180_000);

test('SIGKILL mid-render: another worker renders it after the lease — one video, nothing charged', async () => {
  for (const w of workers) if (alive(w)) w.child.kill('SIGTERM');
  await Promise.all(workers.map((w) => w.exited));
  const user = await createUserWithCredits(db.sql, 50);
  const id = await finishedModel(user);
  const doomed = worker('doomed');
  await requestVideo(user, id);
  await waitFor(
    'worker "doomed" to be rendering',
    async () => {
      const v = await video(id);
      return v.status === 'rendering' && v.worker_id && v.progress > 0.02 ? v : null;
    },
    // A ceiling: a new worker process starting under a load average of 40 took over 120 s to get here.
    240_000,
    allLogs(),
    async () => ((await video(id)).status !== 'rendering' ? 'the render ended before the kill' : null),
    100,
  );
  const survivor = worker('survivor');
  await waitFor(
    'worker "survivor" to be ready',
    async () => survivor.logs.some((l) => l.includes('worker: ready')),
    60_000,
    allLogs(),
  );
  doomed.child.kill('SIGKILL');
  expect((await doomed.exited).signal).toBe('SIGKILL');
  expect((await video(id)).status).toBe('rendering');

  const done = await waitFor(
    'the survivor to render it',
    async () => {
      const v = await video(id);
      return v.status === 'rendering' ? null : v;
    },
    240_000,
    allLogs(),
  );
  expect(done.status, done.error ?? '').toBe('ready');
  expect(done.attempts).toBe(2);
  expect(
    survivor.logs.some((l) => l.includes(`video of ${id}: retry`) || l.includes(`video of ${id} is ready`)),
  ).toBe(true);
  const g = await generation(id);
  const mp4 = (await storage.getBytes(g.outputs.mp4.key))!;
  expect(new TextDecoder().decode(mp4.subarray(4, 8))).toBe('ftyp');
  expect((await ledger(db.sql, user)).map((r) => r.reason)).toEqual(['purchase', 'generation']);
  await jobGone(id);
}, 600_000);

test('a model slower to fetch than the lease keeps its lease: the render is not handed to another worker', async () => {
  // No worker may take this job: the test runs the task itself, with a storage that holds the GLB back.
  for (const w of workers) if (alive(w)) w.child.kill('SIGTERM');
  await Promise.all(workers.map((w) => w.exited));
  const user = await createUserWithCredits(db.sql, 50);
  const id = await finishedModel(user);
  await requestVideo(user, id);
  const [job] = await db.sql<{ id: string; attempts: number; max_attempts: number }[]>`
    select id, attempts, max_attempts from graphile_worker.jobs where key = ${`video:${id}`}`;
  let release = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  const slowStorage = new Proxy(storage, {
    get: (target, property) =>
      property === 'getBytes'
        ? async (key: string) => {
            await held;
            return target.getBytes(key);
          }
        : Reflect.get(target, property),
  });
  const stopping = new AbortController();
  const engine = createEngineRunner();
  const logs: string[] = [];
  const lease = 10;
  const task = renderVideoTask({
    sql: db.sql,
    storage: slowStorage,
    engine,
    heartbeatMs: 500,
    renderThreads: 1,
    jobTimeoutMs: 120_000,
    log: (line) => logs.push(line),
    stopping: stopping.signal,
  });
  const running = task({ id }, {
    job: { ...job, attempts: job.attempts + 1, locked_by: 'slow-fetch' },
  } as unknown as Parameters<typeof task>[1]);
  try {
    await waitFor('the render to be claimed', async () => (await video(id)).worker_id, 30_000, [logs]);
    // The fetch is still held when the lease has passed since the claim (by the database's clock).
    await waitFor(
      'the lease to pass while the model is fetched',
      async () =>
        (
          await db.sql`select now() > started_at + make_interval(secs => ${lease + 1}) as past
                         from public.model_videos where generation_id = ${id}`
        )[0].past,
      60_000,
      [logs],
    );
    // (Other tests' renders may be reaped here; this one must not be.)
    const reaped = await db.sql`select * from public.reap_stale_model_videos(${lease})`;
    expect(reaped.filter((row) => row.generation_id === id)).toEqual([]);
    expect((await video(id)).worker_id).toBe(`slow-fetch:${job.id}:${job.attempts + 1}`);
  } finally {
    // The worker stops: the render goes back to the queue once its model has arrived.
    stopping.abort();
    release();
    await running;
    await engine.close();
  }
  const after = await video(id);
  expect([after.status, after.worker_id]).toEqual(['rendering', null]);
  expect(logs.join('\n')).not.toMatch(/not written/);
}, 120_000);
