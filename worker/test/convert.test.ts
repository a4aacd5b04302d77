// The convert job on the real PostgreSQL with real worker processes storing through the S3 API: a conversion end to end, a failure
// refunded once, a worker SIGKILLed mid-job (the other finishes it: one charge, one result), and SIGTERM
// (the current job finishes, no new one is taken).

import { createTestDatabase, type TestDatabase } from '@lift3d/local/testing/databases';
import { createS3Storage, type Storage } from '@lift3d/storage';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { installQueue } from '../src/queue.ts';
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

beforeAll(async () => {
  db = await createTestDatabase('postgres');
  await installQueue({ databaseUrl: db.url, embeddedDatabase: false });
  // The workers store through the S3 API here (s3rver); the local-stack restart test covers disk storage.
  s3 = await startS3();
  const s3Storage = createS3Storage(s3.config);
  await s3Storage.ensureBucket();
  storage = s3Storage;
}, 120_000);

afterAll(async () => {
  for (const w of workers)
    if (w.child.exitCode === null && w.child.signalCode === null) w.child.kill('SIGKILL');
  await Promise.all(workers.map((w) => w.exited));
  await db?.stop();
  await s3?.stop();
});

function worker(name: string, env: Record<string, string> = {}) {
  const handle = startWorker(
    {
      ...env,
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

async function upload(bytes: Uint8Array) {
  const key = `uploads/${crypto.randomUUID()}.png`;
  await storage.put(key, bytes, 'image/png');
  return key;
}

const alive = (w: WorkerHandle) => w.child.exitCode === null && w.child.signalCode === null;
const ensureWorker = () => workers.find(alive) ?? worker('a');

/** The queue deletes a job right after its task returns. */
const jobGone = (id: string) =>
  waitFor(
    'the job to leave the queue',
    async () =>
      (await db.sql`select count(*)::int as n from graphile_worker.jobs where key = ${`generation:${id}`}`)[0]
        .n === 0,
    10_000,
  );

const generation = async (id: string) => (await db.sql`select * from public.generations where id = ${id}`)[0];
const allLogs = () => workers.map((w) => w.logs);

test('a conversion produces every format, a poster and a thumbnail, with progress on the way', async () => {
  const user = await createUserWithCredits(db.sql, 100);
  const id = await createGenerationAs(db.sql, user, await upload(await drawTestImage()), { format: 'fbx' });
  ensureWorker();
  const seen = new Set<string>();
  const done = await waitFor(
    'the generation to complete',
    async () => {
      const g = await generation(id);
      if (g.status === 'processing') seen.add(`${g.stage}:${g.progress}`);
      return g.status === 'completed' || g.status === 'failed' ? g : null;
    },
    150_000,
    allLogs(),
  );
  expect(done.status, done.error ?? '').toBe('completed');
  expect(done.progress).toBe(1);
  expect(seen.size).toBeGreaterThan(1);
  expect(Object.keys(done.outputs).sort()).toEqual([
    '3mf',
    'fbx',
    'glb',
    'gltf',
    'obj',
    'poster',
    'stl',
    'thumbnail',
    'usdz',
  ]);
  // AR and print files come with every conversion: a zip each (USDZ and 3MF are both packages).
  for (const format of ['usdz', '3mf']) {
    const bytes = await storage.getBytes(done.outputs[format].key);
    expect([...bytes!.subarray(0, 4)], format).toEqual([0x50, 0x4b, 0x03, 0x04]);
  }
  expect(done.outputs.usdz.contentType).toBe('model/vnd.usdz+zip');
  expect(done.outputs['3mf'].name).toBe(`lift3d-${id.slice(0, 8)}.3mf`);
  const short = id.slice(0, 8);
  expect(done.outputs.glb.name).toBe(`lift3d-${short}.glb`);
  const glb = await storage.getBytes(done.outputs.glb.key);
  expect(new TextDecoder().decode(glb!.subarray(0, 4))).toBe('glTF');
  const poster = await storage.getBytes(done.outputs.poster.key);
  expect(poster!.byteLength).toBeGreaterThan(1000);
  expect(await ledger(db.sql, user)).toEqual([
    expect.objectContaining({ reason: 'purchase' }),
    expect.objectContaining({ reason: 'generation', delta: -50, reference: `generation:${id}` }),
  ]);
  await jobGone(id);
  console.log(
    allLogs()
      .flat()
      .filter((l) => l.includes('completed in'))
      .join('\n'),
  );
}, 180_000);

/**
 * A PUT, sent again once if the connection is reset before any answer. The pooled connection of an earlier
 * PUT can sit idle past the stand-in's keep-alive while a conversion runs; on a loaded machine its close
 * crossed the next request (ECONNRESET, seen once in a full run). A PUT is idempotent, so once more is safe.
 */
async function putIdempotent(url: string, body: Buffer): Promise<Response> {
  try {
    return await fetch(url, { method: 'PUT', body });
  } catch (error) {
    if ((error as { cause?: { code?: string } }).cause?.code !== 'ECONNRESET') throw error;
    return fetch(url, { method: 'PUT', body });
  }
}

test('a photo the browser PUT straight to the bucket (presigned URL, direct upload) converts', async () => {
  const user = await createUserWithCredits(db.sql, 100);
  // What POST /api/uploads hands out: a presigned PUT for a key in the user's own folder. No S3 keys are
  // sent with the PUT, as from a browser.
  const key = `uploads/${user}/${crypto.randomUUID()}.png`;
  const url = await createS3Storage(s3.config).presignPut(key, { expiresInSeconds: 300 });
  const put = await fetch(url, {
    method: 'PUT',
    body: Buffer.from(await drawTestImage()),
    headers: { 'content-type': 'image/png' },
  });
  expect(put.status).toBe(200);
  const id = await createGenerationAs(db.sql, user, key);
  ensureWorker();
  const done = await waitFor(
    'the direct-upload generation to finish',
    async () => {
      const g = await generation(id);
      return g.status === 'completed' || g.status === 'failed' ? g : null;
    },
    150_000,
    allLogs(),
  );
  expect(done.status, done.error ?? '').toBe('completed');
  expect(done.input_key).toBe(key);
  const glb = await storage.getBytes(done.outputs.glb.key);
  expect(new TextDecoder().decode(glb!.subarray(0, 4))).toBe('glTF');
  await jobGone(id);

  // The URL still works for minutes after the api checked the photo: one replaced by a file over the
  // upload limit (25 MB) is refused by its size, never read into memory, and refunded.
  const swapped = `uploads/${user}/${crypto.randomUUID()}.png`;
  const swapUrl = await createS3Storage(s3.config).presignPut(swapped, { expiresInSeconds: 300 });
  const big = Buffer.alloc(25 * 1024 * 1024 + 1);
  Buffer.from(await drawTestImage()).copy(big);
  expect((await putIdempotent(swapUrl, big)).status).toBe(200);
  const refused = await createGenerationAs(db.sql, user, swapped);
  const failed = await waitFor(
    'the replaced upload to be refused',
    async () => {
      const g = await generation(refused);
      return g.status === 'failed' || g.status === 'completed' ? g : null;
    },
    60_000,
    allLogs(),
  );
  expect(failed.status).toBe('failed');
  expect(failed.error).toMatch(/larger than the upload limit.*refunded/);
  expect((await ledger(db.sql, user)).map((l) => l.reason)).toEqual([
    'purchase',
    'generation',
    'generation',
    'refund',
  ]);
}, 180_000);

test('SIGKILL mid-job: the other worker finishes it after the lease — one charge, one result', async () => {
  for (const w of workers) w.child.kill('SIGTERM');
  await Promise.all(workers.map((w) => w.exited));
  const user = await createUserWithCredits(db.sql, 50);
  const a = worker('doomed');
  // A video job: long enough to be killed in the middle.
  const id = await createGenerationAs(db.sql, user, await upload(await drawTestImage()), { kind: 'video' });
  await waitFor(
    'worker "doomed" to be converting',
    async () => {
      const g = await generation(id);
      return g.status === 'processing' && g.progress > 0.05 ? g : null;
    },
    120_000,
    allLogs(),
  );
  const b = worker('survivor');
  await waitFor(
    'worker "survivor" to be ready',
    async () => b.logs.some((l) => l.includes('worker: ready')),
    60_000,
    allLogs(),
  );
  const killedAt = Date.now();
  a.child.kill('SIGKILL');
  expect((await a.exited).signal).toBe('SIGKILL');
  expect((await generation(id)).status).toBe('processing');

  const done = await waitFor(
    'the survivor to finish the job',
    async () => {
      const g = await generation(id);
      return g.status === 'completed' || g.status === 'failed' ? g : null;
    },
    360_000,
    allLogs(),
  );
  expect(done.status, done.error ?? '').toBe('completed');
  expect(done.attempts).toBe(2);
  expect(Object.keys(done.outputs).sort()).toEqual([
    '3mf',
    'fbx',
    'glb',
    'gltf',
    'mp4',
    'obj',
    'poster',
    'stl',
    'thumbnail',
    'usdz',
  ]);
  const mp4 = await storage.getBytes(done.outputs.mp4.key);
  expect(new TextDecoder().decode(mp4!.subarray(4, 8))).toBe('ftyp');
  expect(
    b.logs.some((l) => l.includes(`generation ${id}: retry`) || l.includes(`generation ${id} completed`)),
  ).toBe(true);
  // One charge, no refund, one generation, no job left behind.
  expect((await ledger(db.sql, user)).map((r) => r.reason)).toEqual(['purchase', 'generation']);
  expect((await db.sql`select count(*)::int as n from public.generations where user_id = ${user}`)[0].n).toBe(
    1,
  );
  await jobGone(id);
  console.log(
    `SIGKILL → completed by the other worker after ${((Date.now() - killedAt) / 1000).toFixed(1)} s (lease ${LEASE_SECONDS} s)`,
  );
}, 600_000);

test('SIGTERM: the current job finishes, no new job is taken, the process exits cleanly', async () => {
  const user = await createUserWithCredits(db.sql, 100);
  for (const w of workers) w.child.kill('SIGTERM');
  await Promise.all(workers.map((w) => w.exited));
  // A grace period longer than the job: it finishes rather than being handed back (shutdown.test.ts).
  const w = worker('terminated', { WORKER_STOP_GRACE_SECONDS: '150' });
  const first = await createGenerationAs(db.sql, user, await upload(await drawTestImage()));
  await waitFor(
    'the first job to start',
    async () => (await generation(first)).status === 'processing',
    60_000,
    allLogs(),
  );
  w.child.kill('SIGTERM');
  const second = await createGenerationAs(db.sql, user, await upload(await drawTestImage()));
  const exit = await w.exited;
  expect(exit.code, w.logs.join('\n')).toBe(0);
  expect((await generation(first)).status).toBe('completed');
  expect((await generation(second)).status).toBe('queued');
}, 180_000);

test('an engine error fails the generation with its message and refunds exactly once', async () => {
  const user = await createUserWithCredits(db.sql, 50);
  // A PNG signature followed by garbage: passes the upload check, not the decoder.
  const corrupt = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, ...new Array(64).fill(7)]);
  const id = await createGenerationAs(db.sql, user, await upload(corrupt));
  ensureWorker();
  expect((await db.sql`select credits from public.profiles where id = ${user}`)[0].credits).toBe(0);
  // The bound is a ceiling for a loaded machine: the job waits for the engine process the worker was
  // warming (its segmentation model loads at nice 10; 104 s once at a load average of 15).
  const failed = await waitFor(
    'the failure',
    async () => {
      const g = await generation(id);
      return g.status === 'failed' ? g : null;
    },
    180_000,
    allLogs(),
  );
  expect(failed.error).toBe(
    'decode: the PNG file is damaged and cannot be read. Re-export it and try again.',
  );
  expect(failed.error).not.toMatch(/stack|at .*\.ts/);
  // A late duplicate report changes nothing.
  await db.sql`select public.generation_fail(${id}, null, 'again')`;
  expect((await db.sql`select credits from public.profiles where id = ${user}`)[0].credits).toBe(50);
  expect((await ledger(db.sql, user)).filter((r) => r.reason === 'refund')).toEqual([
    expect.objectContaining({ delta: 50, reference: `refund:${id}` }),
  ]);
}, 240_000);

test('a worker that dies on the last attempt: the generation fails after the lease and is refunded once', async () => {
  for (const w of workers) if (alive(w)) w.child.kill('SIGTERM');
  await Promise.all(workers.map((w) => w.exited));
  const user = await createUserWithCredits(db.sql, 50);
  await db.sql`update public.settings set value = '1' where key = 'generation.max_attempts'`;
  let id: string;
  try {
    id = await createGenerationAs(db.sql, user, await upload(await drawTestImage()), { kind: 'video' });
  } finally {
    await db.sql`update public.settings set value = '3' where key = 'generation.max_attempts'`;
  }
  const doomed = worker('last-attempt');
  await waitFor(
    'the only attempt to be under way',
    async () => {
      const g = await generation(id);
      return g.status === 'processing' && g.progress > 0.05;
    },
    // A ceiling: a new worker process starting under a load average of 40 took over 120 s to get here.
    240_000,
    allLogs(),
  );
  doomed.child.kill('SIGKILL');
  await doomed.exited;
  worker('reaper');
  const failed = await waitFor(
    'the generation to be failed by the lease',
    async () => {
      const g = await generation(id);
      return g.status === 'failed' ? g : g.status === 'completed' ? g : null;
    },
    90_000,
    allLogs(),
  );
  expect(failed.status).toBe('failed');
  expect(failed.error).toMatch(/stopped unexpectedly.*refunded/);
  expect((await db.sql`select credits from public.profiles where id = ${user}`)[0].credits).toBe(50);
  expect((await ledger(db.sql, user)).map((r) => r.reason)).toEqual(['purchase', 'generation', 'refund']);
  await jobGone(id);
}, 420_000);
