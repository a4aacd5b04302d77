// A conversion cancelled by its owner while the worker stores its results: the worker stops and removes
// what it stored, so no result file of a cancelled conversion is left in storage. The cancel is made at the
// moment the first result object is written (a storage that cancels on its first result put), so the
// race is hit every run; the engine and the database are real.
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createTestDatabase, type TestDatabase } from '@lift3d/local/testing/databases';
import { createDiskStorage, type Storage } from '@lift3d/storage';
import type { JobHelpers } from 'graphile-worker';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { createBackends } from '../src/backends/index.ts';
import { loadWorkerConfig } from '../src/config.ts';
import { createEnginePool, type EngineRunner } from '../src/convert/engine-runner.ts';
import { convertTask } from '../src/tasks/convert.ts';
import { createGenerationAs, createUserWithCredits, drawTestImage } from './support/generation-harness.ts';

let db: TestDatabase;
let dir: string;
let engine: EngineRunner;

beforeAll(async () => {
  db = await createTestDatabase('postgres');
  dir = await mkdtemp(join(tmpdir(), 'lift3d-cancel-cleanup-'));
  engine = createEnginePool(1);
}, 120_000);

afterAll(async () => {
  await engine?.close();
  await db?.stop();
  if (dir) await rm(dir, { recursive: true, force: true });
});

test('results stored by a conversion cancelled meanwhile are removed', async () => {
  const sql = db.sql;
  const disk = createDiskStorage(dir);
  const user = await createUserWithCredits(sql, 100);
  const key = `uploads/${crypto.randomUUID()}.png`;
  await disk.put(key, await drawTestImage(), 'image/png');
  const id = await createGenerationAs(sql, user, key);
  let cancelled = false;
  // The owner cancels just as the first result object is written.
  const storage: Storage = {
    ...disk,
    async put(k, bytes, type) {
      if (k.startsWith('generations/') && !cancelled) {
        cancelled = true;
        await sql.begin(async (tx) => {
          await tx`select set_config('role', 'authenticated', true),
                          set_config('request.jwt.claims', ${JSON.stringify({ sub: user, role: 'authenticated' })}, true)`;
          await tx`select public.cancel_generation(${id})`;
        });
      }
      return disk.put(k, bytes, type);
    },
  };
  const config = loadWorkerConfig({ DATABASE_URL: db.url, STORAGE_DIR: dir });
  const logs: string[] = [];
  const task = convertTask({
    sql,
    storage,
    engine,
    heartbeatMs: 60_000,
    renderThreads: 1,
    backends: createBackends(config.backends),
    hostedRun: config.backends.run,
    jobTimeoutMs: 600_000,
    log: (line) => logs.push(line),
  });
  const helpers = {
    job: { id: '1', attempts: 1, max_attempts: 3, locked_by: 'test' },
  } as unknown as JobHelpers;
  await task({ id }, helpers);

  expect(cancelled).toBe(true);
  const [row] = await sql`select status, outputs from public.generations where id = ${id}`;
  expect(row.status).toBe('failed');
  expect(row.outputs).toEqual({});
  expect(logs.join('\n')).toMatch(/cancelled; stopped/);
  const left = await readdir(join(dir, 'generations', id)).catch(() => []);
  expect(left).toEqual([]);
}, 300_000);
