// The seeded finished generation (support/finished-generation.ts) on the real PostgreSQL with the worker's
// queue installed: what tests about pages, downloads and shares start from must be what the worker leaves
// behind — completed, charged once, no job left, every file stored under the worker's keys and names.
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createTestDatabase, type TestDatabase } from '@lift3d/local/testing/databases';
import { createDiskStorage, type Storage } from '@lift3d/storage';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { installQueue } from '../src/queue.ts';
import { seedFinishedGeneration } from './support/finished-generation.ts';
import { createUserWithCredits, ledger } from './support/generation-harness.ts';

let db: TestDatabase;
let dir: string;
let storage: Storage;

beforeAll(async () => {
  db = await createTestDatabase('postgres');
  await installQueue({ databaseUrl: db.url, embeddedDatabase: false });
  dir = await mkdtemp(join(tmpdir(), 'lift3d-seed-test-'));
  storage = createDiskStorage(dir);
}, 120_000);

afterAll(async () => {
  await db?.stop();
  if (dir) await rm(dir, { recursive: true, force: true });
});

const generation = async (id: string) => (await db.sql`select * from public.generations where id = ${id}`)[0];

test('a seeded 3D Preview is what the worker leaves: completed, charged once, no job, every file stored', async () => {
  const user = await createUserWithCredits(db.sql, 100);
  const { id, inputKey } = await seedFinishedGeneration(db.sql, storage, user, {
    kind: 'video',
    name: 'chair',
  });
  const row = await generation(id);
  expect([row.status, row.stage, row.progress, row.kind, row.cost, row.input_name]).toEqual([
    'completed',
    'done',
    1,
    'video',
    50,
    'chair',
  ]);
  expect(row.backend).toBe('builtin');
  expect(row.completed_at).not.toBeNull();
  expect(Object.keys(row.outputs).sort()).toEqual([
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
  const short = id.slice(0, 8);
  for (const [role, output] of Object.entries(
    row.outputs as Record<string, { key: string; name: string; bytes: number }>,
  )) {
    expect(output.key, role).toBe(`generations/${id}/${output.name}`);
    expect(output.name.startsWith(`lift3d-${short}`), output.name).toBe(true);
    expect((await storage.getBytes(output.key))?.byteLength, role).toBe(output.bytes);
  }
  const glb = await storage.getBytes(row.outputs.glb.key);
  expect(new TextDecoder().decode(glb!.subarray(0, 4))).toBe('glTF');
  expect(row.outputs.mp4.contentType).toBe('video/mp4');
  // The photo is stored and its upload record claimed by the generation, as the api leaves it.
  expect((await storage.getBytes(inputKey))?.byteLength).toBeGreaterThan(1000);
  const [upload] = await db.sql`select generation_id from public.direct_uploads where key = ${inputKey}`;
  expect(upload.generation_id).toBe(id);
  expect(await ledger(db.sql, user)).toEqual([
    expect.objectContaining({ reason: 'purchase' }),
    expect.objectContaining({ reason: 'generation', delta: -50, reference: `generation:${id}` }),
  ]);
  const [jobs] = await db.sql`select count(*)::int as n from graphile_worker.jobs`;
  expect(jobs.n).toBe(0);
}, 600_000);

test('a seeded model has no video; a seed the balance cannot pay for fails clearly and leaves nothing', async () => {
  const user = await createUserWithCredits(db.sql, 60);
  const { id } = await seedFinishedGeneration(db.sql, storage, user, {
    warnings: ['The back photo did not match; it was used for colour only.'],
  });
  const row = await generation(id);
  expect(row.kind).toBe('model');
  expect(row.outputs.mp4).toBeUndefined();
  expect(row.warnings).toEqual(['The back photo did not match; it was used for colour only.']);

  const before = await db.sql`select count(*)::int as n from public.generations where user_id = ${user}`;
  await expect(seedFinishedGeneration(db.sql, storage, user)).rejects.toThrow(/credits/i);
  expect(await db.sql`select count(*)::int as n from public.generations where user_id = ${user}`).toEqual(
    before,
  );
  expect((await db.sql`select credits from public.profiles where id = ${user}`)[0].credits).toBe(10);
  // The photo stored for the refused seed went again: the photos of this test's first seed and of the
  // first test are all that is left.
  const photos = (await readdir(join(dir, 'uploads'))).filter((f) => f.endsWith('.png'));
  expect(photos).toHaveLength(2);
}, 600_000);
