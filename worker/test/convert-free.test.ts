// Free /app66 conversions through the real worker on PostgreSQL: one completes at cost 0 without a ledger
// row; failures (a damaged image, an upload that is gone) are just failed — no refund row, and no message
// that promises one.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createDiskStorage, type Storage } from '@lift3d/storage';
import type postgres from 'postgres';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../local/test/support/databases.ts';
import { installQueue } from '../src/queue.ts';
import {
  createUserWithCredits,
  drawTestImage,
  ledger,
  startWorker,
  type WorkerHandle,
  waitFor,
} from './support/generation-harness.ts';

let db: TestDatabase;
let dir: string;
let storage: Storage;
let worker: WorkerHandle;

beforeAll(async () => {
  db = await createTestDatabase('postgres');
  await installQueue({ databaseUrl: db.url, embeddedDatabase: false });
  dir = await mkdtemp(join(tmpdir(), 'lift3d-free-worker-'));
  storage = createDiskStorage(dir);
  worker = startWorker({ DATABASE_URL: db.url, WORKER_LEASE_SECONDS: '4', STORAGE_DIR: dir }, 'free');
}, 120_000);

afterAll(async () => {
  if (worker && worker.child.exitCode === null && worker.child.signalCode === null)
    worker.child.kill('SIGTERM');
  await worker?.exited;
  await db?.stop();
  if (dir) await rm(dir, { recursive: true, force: true });
});

/** What the api does: the service role with the caller's claims calls create_free_generation. */
async function createFreeAs(sql: postgres.Sql, userId: string, inputKey: string): Promise<string> {
  const rows = await sql.begin(async (tx) => {
    await tx`select set_config('request.jwt.claims', ${JSON.stringify({ sub: userId, role: 'authenticated' })}, true)`;
    return tx`select id from public.create_free_generation('glb', ${inputKey}, 'image/png', 1000, null, ${'c'.repeat(64)})`;
  });
  return rows[0].id as string;
}

async function upload(bytes: Uint8Array) {
  const key = `uploads/${crypto.randomUUID()}.png`;
  await storage.put(key, bytes, 'image/png');
  return key;
}

const settled = (id: string) =>
  waitFor(
    'the free generation to finish',
    async () => {
      const [g] = await db.sql`select * from public.generations where id = ${id}`;
      return g.status === 'completed' || g.status === 'failed' ? g : null;
    },
    120_000,
    [worker.logs],
  );

test('a free conversion completes at cost 0 with every format and no ledger row', async () => {
  const user = await createUserWithCredits(db.sql, 0);
  const id = await createFreeAs(db.sql, user, await upload(await drawTestImage()));
  const g = await settled(id);
  expect(g.status).toBe('completed');
  expect([g.cost, g.free, g.topology, g.kind]).toEqual([0, true, 'low', 'model']);
  expect(Object.keys(g.outputs)).toEqual(expect.arrayContaining(['glb', 'gltf', 'obj', 'fbx', 'stl']));
  expect(await ledger(db.sql, user)).toEqual([]);
}, 150_000);

test('a free conversion of a damaged image fails with the engine message and refunds nothing', async () => {
  const user = await createUserWithCredits(db.sql, 0);
  const corrupt = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, ...new Array(64).fill(7)]);
  const g = await settled(await createFreeAs(db.sql, user, await upload(corrupt)));
  expect(g.status).toBe('failed');
  expect(g.error).toMatch(/^decode: /);
  expect(await ledger(db.sql, user)).toEqual([]);
  expect((await db.sql`select credits from public.profiles where id = ${user}`)[0].credits).toBe(0);
}, 150_000);

test('a free conversion whose upload is gone fails without promising a refund', async () => {
  const user = await createUserWithCredits(db.sql, 0);
  const key = await upload(await drawTestImage());
  await storage.delete(key);
  const g = await settled(await createFreeAs(db.sql, user, key));
  expect(g.status).toBe('failed');
  expect(g.error).toBe('The uploaded image is no longer available. Please upload it again.');
  expect(await ledger(db.sql, user)).toEqual([]);
}, 150_000);
