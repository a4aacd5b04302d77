// The upload sweep against a real S3 server (s3rver) and the PostgreSQL server: a direct upload nobody
// claimed is deleted once its URL expired and the grace period passed, and marked swept; a claimed one, a
// fresh one and one inside its grace stay. Safe to re-run, and two sweeps at once share the work without
// deleting or marking anything twice. The job itself runs from the worker's task list on the real queue.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createTestDatabase, type TestDatabase } from '@lift3d/local/testing/databases';
import { createDiskStorage, createS3Storage, type S3Storage } from '@lift3d/storage';
import type { Runner } from 'graphile-worker';
import postgres from 'postgres';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { createBackends } from '../src/backends/index.ts';
import { loadWorkerConfig } from '../src/config.ts';
import type { EngineRunner } from '../src/convert/engine-runner.ts';
import { installQueue, startQueue } from '../src/queue.ts';
import { buildTaskList } from '../src/tasks/index.ts';
import { sweepUploads } from '../src/tasks/upload-sweep.ts';
import { createGenerationAs, createUserWithCredits, waitFor } from './support/generation-harness.ts';
import { filesUnder, orphanFiles } from './support/invariants.ts';
import { startS3 } from './support/s3.ts';

let db: TestDatabase;
let sql: postgres.Sql;
let s3: Awaited<ReturnType<typeof startS3>>;
let storage: S3Storage;
let runner: Runner | undefined;
const GRACE = 3600;

beforeAll(async () => {
  db = await createTestDatabase('postgres');
  await installQueue({ databaseUrl: db.url, embeddedDatabase: false });
  sql = postgres(db.url, { max: 4, onnotice: () => {} });
  s3 = await startS3();
  storage = createS3Storage(s3.config);
  await storage.ensureBucket();
}, 120_000);

afterAll(async () => {
  await runner?.stop();
  await sql?.end();
  await s3?.stop();
  await db?.stop();
});

/**
 * An upload as POST /api/uploads records it, with its URL expired `expiredAgo` seconds ago (negative: still
 * valid), and the object PUT through it.
 */
async function upload(user: string, expiredAgo: number): Promise<string> {
  const key = `uploads/${user}/${crypto.randomUUID()}.png`;
  await sql`insert into public.direct_uploads (key, user_id, purpose, content_type, declared_bytes, created_at, expires_at)
            values (${key}, ${user}, 'paid', 'image/png', 3,
                    now() - make_interval(secs => ${expiredAgo} + 300), now() - make_interval(secs => ${expiredAgo}))`;
  await storage.put(key, new Uint8Array([1, 2, 3]), 'image/png');
  return key;
}
const row = async (key: string) =>
  (await sql`select claimed_at, swept_at from public.direct_uploads where key = ${key}`)[0];
const inBucket = async (key: string) => (await storage.getBytes(key)) !== null;

test('an unclaimed upload goes after expiry plus grace; claimed, fresh and in-grace ones stay', async () => {
  const user = await createUserWithCredits(sql, 500);
  const stale = await upload(user, GRACE + 60);
  const claimed = await upload(user, GRACE + 60);
  await createGenerationAs(sql, user, claimed);
  const fresh = await upload(user, -300);
  const inGrace = await upload(user, 600);

  expect(await sweepUploads({ sql, storage, graceSeconds: GRACE })).toBe(1);
  expect(await inBucket(stale)).toBe(false);
  expect((await row(stale)).swept_at).not.toBeNull();
  for (const key of [claimed, fresh, inGrace]) {
    expect(await inBucket(key), key).toBe(true);
    expect((await row(key)).swept_at, key).toBeNull();
  }
  expect((await row(claimed)).claimed_at).not.toBeNull();

  // Safe to re-run: nothing more to do.
  expect(await sweepUploads({ sql, storage, graceSeconds: GRACE })).toBe(0);
  // A swept upload can no longer feed a conversion.
  await expect(createGenerationAs(sql, user, stale)).rejects.toThrow(/has expired/);
});

test('two sweeps at once share the work: each upload deleted and marked once', async () => {
  const user = await createUserWithCredits(sql, 0);
  const keys = await Promise.all(Array.from({ length: 24 }, () => upload(user, GRACE + 60)));
  const deleted: string[] = [];
  const counting = {
    ...storage,
    delete: async (key: string) => {
      deleted.push(key);
      await storage.delete(key);
    },
  } as S3Storage;
  const [a, b] = await Promise.all([
    sweepUploads({ sql, storage: counting, graceSeconds: GRACE, batchSize: 5 }),
    sweepUploads({ sql, storage: counting, graceSeconds: GRACE, batchSize: 5 }),
  ]);
  expect(a + b).toBe(24);
  expect(deleted.filter((k) => keys.includes(k)).sort()).toEqual([...keys].sort());
  for (const key of keys) expect(await inBucket(key)).toBe(false);
  const [{ n }] =
    await sql`select count(*)::int as n from public.direct_uploads where key = any(${keys}) and swept_at is null`;
  expect(n).toBe(0);
});

test('a failed delete marks nothing: the upload is swept by a later run', async () => {
  const user = await createUserWithCredits(sql, 0);
  const key = await upload(user, GRACE + 60);
  const failing = {
    ...storage,
    delete: async () => {
      throw new Error('S3 is down');
    },
  } as S3Storage;
  await expect(sweepUploads({ sql, storage: failing, graceSeconds: GRACE })).rejects.toThrow('S3 is down');
  expect((await row(key)).swept_at).toBeNull();
  expect(await sweepUploads({ sql, storage, graceSeconds: GRACE })).toBe(1);
  expect(await inBucket(key)).toBe(false);
});

test('an image the api recorded and stored but never made a conversion of (it died mid-request) is swept', async () => {
  const user = await createUserWithCredits(sql, 0);
  const key = `uploads/${crypto.randomUUID()}.png`;
  // What the multipart path does before it stores an image: record it as the caller's (service role).
  await sql.begin(async (tx) => {
    await tx`select set_config('role', 'service_role', true),
                    set_config('request.jwt.claims', ${JSON.stringify({ sub: user, role: 'authenticated' })}, true)`;
    await tx`select public.record_api_uploads(array[${key}], array['image/png'], array[3])`;
  });
  await storage.put(key, new Uint8Array([1, 2, 3]), 'image/png');
  // The api died here. Its record lives 10 minutes; then the grace period.
  expect(await sweepUploads({ sql, storage, graceSeconds: GRACE })).toBe(0);
  await sql`update public.direct_uploads set created_at = created_at - interval '2 hours',
                   expires_at = expires_at - interval '2 hours' where key = ${key}`;
  expect(await sweepUploads({ sql, storage, graceSeconds: GRACE })).toBe(1);
  expect(await inBucket(key)).toBe(false);
  expect((await row(key)).swept_at).not.toBeNull();
});

test('the upload_sweep job of the worker task list, with UPLOAD_SWEEP_GRACE_SECONDS', async () => {
  const user = await createUserWithCredits(sql, 0);
  const past = await upload(user, 120);
  const kept = await upload(user, 30);
  const config = loadWorkerConfig({ DATABASE_URL: db.url, UPLOAD_SWEEP_GRACE_SECONDS: '60' });
  expect(config.uploadSweepGraceSeconds).toBe(60);
  // 1 hour by default; never under a minute (the URL is signed a moment after its expiry is recorded).
  expect(loadWorkerConfig({ DATABASE_URL: db.url }).uploadSweepGraceSeconds).toBe(3600);
  expect(
    loadWorkerConfig({ DATABASE_URL: db.url, UPLOAD_SWEEP_GRACE_SECONDS: '5' }).uploadSweepGraceSeconds,
  ).toBe(60);
  const tasks = buildTaskList({
    sql,
    transport: null,
    from: config.mailFrom,
    config,
    storage,
    engine: {} as EngineRunner, // no conversion runs here
    backends: createBackends(config.backends),
    log: () => {},
  });
  runner = await startQueue({
    databaseUrl: db.url,
    embeddedDatabase: false,
    taskList: { upload_sweep: tasks.upload_sweep },
    concurrency: 1,
    pollIntervalMs: 100,
    crontab: '',
  });
  await sql`select graphile_worker.add_job('upload_sweep', '{}'::json)`;
  await waitFor('the stale upload to be swept', async () => (await row(past)).swept_at, 30_000);
  expect(await inBucket(past)).toBe(false);
  expect(await inBucket(kept)).toBe(true);
  expect((await row(kept)).swept_at).toBeNull();
});

test('the fault checks count an unclaimed upload as an orphan only once its grace period is over', async () => {
  const user = await createUserWithCredits(sql, 0);
  const dir = await mkdtemp(join(tmpdir(), 'lift3d-orphans-'));
  try {
    const disk = createDiskStorage(dir);
    const inGrace = await upload(user, 600);
    const expired = await upload(user, GRACE + 60);
    const stray = `uploads/${user}/${crypto.randomUUID()}.png`; // never issued
    for (const key of [inGrace, expired, stray]) await disk.put(key, new Uint8Array([1]), 'image/png');
    const orphans = await orphanFiles(sql, await filesUnder(dir), GRACE);
    const keysOf = (lines: string[]) =>
      new Set(lines.map((l) => l.replace('orphan file in storage: ', '').replace(/\.type$/, '')));
    expect(keysOf(orphans)).toEqual(new Set([expired, stray]));
    // Once its object is deleted (what the sweep does), only the stray file is left to report.
    await disk.delete(expired);
    expect(keysOf(await orphanFiles(sql, await filesUnder(dir), GRACE))).toEqual(new Set([stray]));
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
});

test('a conversion naming an upload while it is being swept waits for the sweep, then is refused', async () => {
  const user = await createUserWithCredits(sql, 500);
  const key = await upload(user, GRACE + 60);
  let release!: () => void;
  const released = new Promise<void>((r) => {
    release = r;
  });
  let taken!: () => void;
  const hasRows = new Promise<void>((r) => {
    taken = r;
  });
  // A sweep that holds its rows until the test lets it finish.
  const sweeping = sql.begin(async (tx) => {
    const rows = await tx`select key from public.take_unclaimed_uploads(${GRACE}, 100)`;
    taken();
    expect(rows.map((r) => r.key)).toContain(key);
    await released;
    for (const r of rows) await storage.delete(r.key as string);
    await tx`select public.mark_uploads_swept(${rows.map((r) => r.key as string)}::text[])`;
  });
  // The conversion starts once the sweep holds the row. Started together, the conversion's claim could
  // reach the server first (seen once in a fresh-clone run): the sweep then skipped the locked row.
  await hasRows;
  const creating = createGenerationAs(sql, user, key).then(
    () => 'created',
    (error: Error) => error.message,
  );
  await waitFor(
    'the conversion to wait for the sweep',
    async () =>
      (
        await sql`select count(*)::int as n from pg_stat_activity
                   where wait_event_type = 'Lock' and query like '%create_generation%'`
      )[0].n === 1,
    20_000,
  );
  release();
  await sweeping;
  expect(await creating).toMatch(/has expired/);
  expect(await inBucket(key)).toBe(false);
  const [{ n }] = await sql`select count(*)::int as n from public.generations where user_id = ${user}`;
  expect(n).toBe(0);
});
