// Free /app66 conversions through the real worker on PostgreSQL: one completes at cost 0 without a ledger
// row; failures (a damaged image, an upload that is gone) are just failed — no refund row, and no message
// that promises one.
import type postgres from 'postgres';
import { afterAll, beforeAll, expect, test } from 'vitest';
import {
  createUserWithCredits,
  drawTestImage,
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
  env = await startWorkerTestEnv({ name: 'free-worker' });
  db = env.db;
  worker = env.worker('free');
}, 120_000);

afterAll(() => env?.stop());

/** What the api does: the service role with the caller's claims calls create_free_generation. */
async function createFreeAs(sql: postgres.Sql, userId: string, inputKey: string): Promise<string> {
  await recordUpload(sql, userId, inputKey);
  const rows = await sql.begin(async (tx) => {
    await tx`select set_config('request.jwt.claims', ${JSON.stringify({ sub: userId, role: 'authenticated' })}, true)`;
    return tx`select id from public.create_free_generation('glb', ${inputKey}, 'image/png', 1000, null, ${'c'.repeat(64)})`;
  });
  return rows[0].id as string;
}

const upload = (bytes: Uint8Array) => env.upload(bytes);

const settled = (id: string) =>
  waitFor(
    'the free generation to finish',
    async () => {
      const [g] = await db.sql`select * from public.generations where id = ${id}`;
      return g.status === 'completed' || g.status === 'failed' ? g : null;
    },
    // The worker's first job loads the engine: minutes on a machine shared with other conversions.
    300_000,
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
}, 360_000);

test('a free conversion of a damaged image fails with the engine message and refunds nothing', async () => {
  const user = await createUserWithCredits(db.sql, 0);
  const corrupt = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, ...new Array(64).fill(7)]);
  const g = await settled(await createFreeAs(db.sql, user, await upload(corrupt)));
  expect(g.status).toBe('failed');
  expect(g.error).toMatch(/^decode: /);
  expect(await ledger(db.sql, user)).toEqual([]);
  expect((await db.sql`select credits from public.profiles where id = ${user}`)[0].credits).toBe(0);
}, 360_000);

test('a free conversion whose upload is gone fails without promising a refund', async () => {
  const user = await createUserWithCredits(db.sql, 0);
  const key = await upload(await drawTestImage());
  await env.storage.delete(key);
  const g = await settled(await createFreeAs(db.sql, user, key));
  expect(g.status).toBe('failed');
  expect(g.error).toBe('The uploaded image is no longer available. Please upload it again.');
  expect(await ledger(db.sql, user)).toEqual([]);
}, 150_000);
