// Progress never goes backwards (55% → 0% → 85% was once seen in the studio): every progress write a real
// worker process makes during a real conversion is recorded, in order, and must be monotonic — for a
// video job on the built-in engine, and for a hosted service that fails half-way so the built-in engine
// takes over. The stored row must never show less than it showed before either.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { makeSourceGlb } from '@lift3d/engine/testing/source-glb.ts';
import { createTestDatabase, type TestDatabase } from '@lift3d/local/testing/databases';
import { createDiskStorage, type Storage } from '@lift3d/storage';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { installQueue } from '../src/queue.ts';
import {
  createGenerationAs,
  createUserWithCredits,
  drawTestImage,
  startWorker,
  type WorkerHandle,
  waitFor,
} from './support/generation-harness.ts';
import { type Standins, startStandins } from './support/provider-standins.ts';

let db: TestDatabase;
let storage: Storage;
let storageDir: string;
let standins: Standins;
const workers: WorkerHandle[] = [];
const KEY = 'stand-in-key';

beforeAll(async () => {
  db = await createTestDatabase('postgres');
  await installQueue({ databaseUrl: db.url, embeddedDatabase: false });
  // Record every call the worker makes (its arguments, before the database's own guard) and every value
  // the row takes: generation_progress is wrapped in this throw-away database only.
  await db.sql.unsafe(`
    create table public.progress_calls (n bigserial primary key, generation_id uuid, stage text, progress real);
    create table public.progress_rows (n bigserial primary key, generation_id uuid, stage text, progress real);
    alter function public.generation_progress(uuid, text, text, real) rename to generation_progress_stored;
    create function public.generation_progress(p_id uuid, p_worker text, p_stage text, p_progress real)
    returns boolean language plpgsql security definer set search_path = '' as $$
    declare v_ok boolean;
    begin
      if p_stage is not null or p_progress is not null then
        insert into public.progress_calls (generation_id, stage, progress) values (p_id, p_stage, p_progress);
      end if;
      v_ok := public.generation_progress_stored(p_id, p_worker, p_stage, p_progress);
      insert into public.progress_rows (generation_id, stage, progress)
        select id, stage, progress from public.generations where id = p_id;
      return v_ok;
    end $$;`);
  storageDir = await mkdtemp(join(tmpdir(), 'lift3d-progress-'));
  storage = createDiskStorage(storageDir);
  standins = await startStandins(await makeSourceGlb(), KEY);
  const handle = startWorker(
    {
      DATABASE_URL: db.url,
      STORAGE_DIR: storageDir,
      MESHY_API_KEY: KEY,
      MESHY_API_BASE: standins.url,
      GENERATION_POLL_MS: '150',
      GENERATION_BACKOFF_MS: '50',
      GENERATION_DEADLINE_SECONDS: '90',
    },
    'a',
  );
  workers.push(handle);
}, 120_000);

afterAll(async () => {
  for (const w of workers)
    if (w.child.exitCode === null && w.child.signalCode === null) w.child.kill('SIGKILL');
  await Promise.all(workers.map((w) => w.exited));
  await standins?.stop();
  await db?.stop();
  if (storageDir) await rm(storageDir, { recursive: true, force: true });
});

const allLogs = () => workers.map((w) => w.logs);

async function convert(kind: 'model' | 'video') {
  const user = await createUserWithCredits(db.sql, 50);
  const key = `uploads/${crypto.randomUUID()}.png`;
  await storage.put(key, await drawTestImage(), 'image/png');
  const id = await createGenerationAs(db.sql, user, key, { kind });
  const done = await waitFor(
    `generation ${id} to finish`,
    async () => {
      const [g] =
        await db.sql`select status, error, fell_back, outputs from public.generations where id = ${id}`;
      return g.status === 'completed' || g.status === 'failed' ? g : null;
    },
    240_000,
    allLogs(),
  );
  expect(done.status, `${done.error ?? ''}\n${allLogs().flat().slice(-20).join('\n')}`).toBe('completed');
  const calls = await db.sql<{ stage: string | null; progress: number | null }[]>`
    select stage, progress from public.progress_calls where generation_id = ${id} order by n`;
  const rows = await db.sql<{ stage: string; progress: number }[]>`
    select stage, progress from public.progress_rows where generation_id = ${id} order by n`;
  return { done, calls, rows };
}

/** Positions where a value is lower than the one before it (empty when monotonic). */
function drops(values: number[]): string[] {
  const found: string[] = [];
  for (let i = 1; i < values.length; i++) {
    if (values[i] < values[i - 1]) found.push(`#${i}: ${values[i - 1]} → ${values[i]}`);
  }
  return found;
}

test('a video conversion: every progress write climbs, through conversion, export and rendering', async () => {
  const { done, calls, rows } = await convert('video');
  expect(Object.keys(done.outputs)).toContain('mp4');
  const fractions = calls.map((c) => c.progress ?? -1);
  expect(
    fractions.every((f) => f >= 0 && f <= 1),
    JSON.stringify(calls),
  ).toBe(true);
  expect(drops(fractions), JSON.stringify(calls)).toEqual([]);
  expect(drops(rows.map((r) => r.progress))).toEqual([]);
  // The job's stages in order, none coming back after a later one began.
  const stages = calls.map((c) => c.stage).filter((s, i, all) => s !== all[i - 1]);
  expect(new Set(stages).size, stages.join(' → ')).toBe(stages.length);
  expect(stages.slice(-3)).toEqual(['export', 'render', 'store']);
  // Rendering the 150-frame turntable moves the bar several times, not in one jump at the end.
  expect(calls.filter((c) => c.stage === 'render').length).toBeGreaterThan(2);
}, 300_000);

test('a hosted service failing half-way: the built-in engine continues the bar instead of restarting it', async () => {
  await db.sql`update public.settings set value = ${db.sql.json('meshy')} where key = 'generation.backend.app'`;
  await db.sql`update public.settings set value = ${db.sql.json('builtin')} where key = 'generation.fallback'`;
  standins.behaviour.outcome = 'fail';
  const { done, calls, rows } = await convert('model');
  expect(done.fell_back).toBe(true);
  const generating = calls.filter((c) => c.stage === 'generating');
  expect(generating.length, JSON.stringify(calls)).toBeGreaterThan(0);
  expect(drops(calls.map((c) => c.progress ?? -1)), JSON.stringify(calls)).toEqual([]);
  expect(drops(rows.map((r) => r.progress))).toEqual([]);
  // The engine's own stages come after the service's, and the bar ends at the store step.
  expect(calls.at(-1)).toEqual({ stage: 'store', progress: expect.closeTo(0.97, 5) });
}, 300_000);
