// Hostile uploads cannot stall the worker: costly SVGs are refused by the engine before rasterising, a job
// over its wall-clock limit has its engine process killed (even inside native code) and is refunded once,
// an owner's cancel stops a running job within a heartbeat, and a normal job after all of them completes.
import { spawnSync } from 'node:child_process';
import { afterAll, beforeAll, expect, test } from 'vitest';
import {
  createGenerationAs,
  createUserWithCredits,
  drawTestImage,
  ledger,
  type WorkerHandle,
  waitFor,
} from './support/generation-harness.ts';
import { startWorkerTestEnv, type WorkerTestEnv } from './support/worker-env.ts';

let env: WorkerTestEnv;
let db: WorkerTestEnv['db'];

beforeAll(async () => {
  env = await startWorkerTestEnv({ name: 'job-limits', leaseSeconds: 6 });
  db = env.db;
  // Several hostile jobs of one user side by side.
  await db.sql`insert into public.settings (key, value) values ('generation.max_in_flight', '10')
               on conflict (key) do update set value = excluded.value`;
}, 120_000);

afterAll(() => env?.stop());

const worker = (name: string, extra: Record<string, string> = {}) => env.worker(name, extra);

async function stop(w: WorkerHandle) {
  w.child.kill('SIGKILL');
  await w.exited;
}

const upload = (bytes: Uint8Array, type = 'image/svg+xml') => env.upload(bytes, type);

const svg = (body: string) =>
  new TextEncoder().encode(
    `<svg xmlns="http://www.w3.org/2000/svg" width="1024" height="1024">${body}<ellipse cx="512" cy="512" rx="300" ry="400" fill="#c44"/></svg>`,
  );
/** Within every cap (60 filter passes), yet seconds to minutes of resvg at 1024²: only a time limit stops it. */
const SLOW_SVG = svg(
  `<filter id="f" x="0" y="0" width="1" height="1">${'<feTurbulence baseFrequency="0.9" numOctaves="10"/>'.repeat(6)}</filter><rect width="1024" height="1024" filter="url(#f)"/>`,
);

const generation = async (id: string) => (await db.sql`select * from public.generations where id = ${id}`)[0];
const settled = (id: string, w: WorkerHandle, ms: number) =>
  waitFor(
    `generation ${id} to finish`,
    async () => {
      const g = await generation(id);
      return g.status === 'completed' || g.status === 'failed' ? g : null;
    },
    ms,
    [w.logs],
  );
/** The worker's child processes (its engine process, while one runs). */
const children = (w: WorkerHandle) =>
  // ps exits 1 when there are none.
  spawnSync('ps', ['-o', 'pid=', '--ppid', String(w.child.pid)], { encoding: 'utf8' })
    .stdout.split('\n')
    .map((s) => s.trim())
    .filter(Boolean)
    .map(Number);
const refunds = async (user: string) => (await ledger(db.sql, user)).filter((r) => r.reason === 'refund');

test('the octave bomb and friends fail fast with clear messages, and the normal job next to them completes', async () => {
  const user = await createUserWithCredits(db.sql, 200);
  const bombs = [
    svg(
      '<filter id="f"><feTurbulence baseFrequency="0.9" numOctaves="2000"/></filter><rect width="1024" height="1024" filter="url(#f)"/>',
    ),
    svg(
      `<defs><g id="l0"><rect width="1" height="1"/></g>${Array.from({ length: 9 }, (_, l) => `<g id="l${l + 1}">${`<use href="#l${l}"/>`.repeat(10)}</g>`).join('')}</defs><use href="#l9"/>`,
    ),
    svg(
      `<filter id="b"><feGaussianBlur stdDeviation="4"/></filter><rect id="r" width="500" height="500" filter="url(#b)"/>${'<use href="#r"/>'.repeat(2000)}`,
    ),
  ];
  // Created straight in the database, as uploads from before the api's own check would be.
  const bombIds = [];
  for (const b of bombs) bombIds.push(await createGenerationAs(db.sql, user, await upload(b)));
  const normal = await createGenerationAs(db.sql, user, await upload(await drawTestImage(), 'image/png'));
  const w = worker('a');
  for (const id of bombIds) {
    const g = await settled(id, w, 120_000);
    expect(g.status).toBe('failed');
    expect(g.error).toMatch(/^decode: this SVG uses .*Simplify it or export it as a PNG/);
  }
  const done = await settled(normal, w, 240_000);
  expect(done.status, done.error ?? '').toBe('completed');
  expect((await refunds(user)).map((r) => r.reference).sort()).toEqual(
    bombIds.map((id) => `refund:${id}`).sort(),
  );
  await stop(w);
}, 420_000);

test('over the wall-clock limit the engine process is killed inside resvg, the job failed and refunded once', async () => {
  const user = await createUserWithCredits(db.sql, 100);
  const slow = await createGenerationAs(db.sql, user, await upload(SLOW_SVG));
  const w = worker('timeout', { WORKER_JOB_TIMEOUT_SECONDS: '1', WORKER_PRELOAD_ENGINE: '0' });
  const g = await settled(slow, w, 120_000);
  expect(g.status).toBe('failed');
  expect(g.error).toBe(
    'This image took longer than 1 second to convert, so the conversion was stopped. Your credits have been refunded. Please try a simpler image.',
  );
  // Killed, not left rendering: the worker has no engine process until its next job.
  await waitFor('the engine process to be gone', async () => children(w).length === 0, 30_000, [w.logs]);
  expect(await refunds(user)).toEqual([expect.objectContaining({ delta: 50, reference: `refund:${slow}` })]);
  expect((await db.sql`select credits from public.profiles where id = ${user}`)[0].credits).toBe(100);
  // Not retried: the job left the queue.
  await waitFor(
    'the job to leave the queue',
    async () =>
      (
        await db.sql`select count(*)::int as n from graphile_worker.jobs where key = ${`generation:${slow}`}`
      )[0].n === 0,
    30_000,
  );
  await stop(w);
}, 180_000);

test('the owner cancels a running job: its engine stops within a heartbeat, one refund, the next job completes', async () => {
  const user = await createUserWithCredits(db.sql, 100);
  const slow = await createGenerationAs(db.sql, user, await upload(SLOW_SVG));
  // No engine loaded while idle: after the kill, the worker has no engine process until its next job.
  const w = worker('cancel', { WORKER_PRELOAD_ENGINE: '0' });
  // In the engine: rasterising the SVG, the slow part.
  await waitFor(
    'the slow job to run in the engine',
    async () => {
      const g = await generation(slow);
      return g.status === 'processing' && g.stage === 'decode' && children(w).length > 0;
    },
    120_000,
    [w.logs],
  );
  const [row] = await db.sql.begin(async (tx) => {
    await tx`select set_config('role', 'authenticated', true),
                    set_config('request.jwt.claims', ${JSON.stringify({ sub: user, role: 'authenticated' })}, true)`;
    return tx`select status, error from public.cancel_generation(${slow})`;
  });
  expect(row).toEqual({ status: 'failed', error: 'Cancelled. Your credits have been refunded.' });
  await waitFor('the engine process to be killed', async () => children(w).length === 0, 60_000, [w.logs]);
  await waitFor(
    'the worker to note the cancel',
    async () => w.logs.some((l) => l.includes('cancelled; stopped')),
    30_000,
    [w.logs],
  );
  expect(await refunds(user)).toHaveLength(1);

  const normal = await createGenerationAs(db.sql, user, await upload(await drawTestImage(), 'image/png'));
  const done = await settled(normal, w, 240_000);
  expect(done.status, done.error ?? '').toBe('completed');
  expect((await generation(slow)).status).toBe('failed');
  await stop(w);
}, 420_000);
