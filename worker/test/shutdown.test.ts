// SIGTERM with a conversion that cannot finish within the grace period: the engine thread is terminated,
// the generation goes back to the queue at once (no lease to wait out, no attempt spent, no refund), the
// process exits within seconds, and the next worker completes it. Real PostgreSQL, real worker processes.
import { spawnSync } from 'node:child_process';
import { afterAll, beforeAll, expect, test } from 'vitest';
import {
  createGenerationAs,
  createUserWithCredits,
  drawTestImage,
  ledger,
  repoRoot,
  waitFor,
} from './support/generation-harness.ts';
import { type Phases, phases } from './support/phases.ts';
import { startWorkerTestEnv, type WorkerTestEnv } from './support/worker-env.ts';

let env: WorkerTestEnv;
let db: WorkerTestEnv['db'];

beforeAll(async () => {
  // A lease far longer than the test: only the hand-back can put the generation back in the queue.
  env = await startWorkerTestEnv({ name: 'shutdown', leaseSeconds: 600 });
  db = env.db;
}, 120_000);

afterAll(() => env?.stop());

const worker = (name: string, extra: Record<string, string> = {}) => env.worker(name, extra);

/** The orchestrator's probe (worker/src/healthcheck.ts): exit code and output. */
function healthcheck() {
  const run = spawnSync(process.execPath, ['--import', 'tsx', 'worker/src/healthcheck.ts'], {
    cwd: repoRoot,
    env: { ...process.env, DATABASE_URL: db.url },
    encoding: 'utf8',
    timeout: 60_000,
  });
  return { status: run.status, output: `${run.stdout}${run.stderr}` };
}

const generation = async (id: string) => (await db.sql`select * from public.generations where id = ${id}`)[0];
/** Stop waiting for a running conversion once it has ended: it never will be running again. */
const ended = (id: string) => async () => {
  const g = await generation(id);
  return g.status === 'completed' || g.status === 'failed'
    ? `the conversion already ended ${g.status}`
    : null;
};
const allLogs = () => env.logs();

test('SIGTERM mid-conversion: handed back within seconds, completed by the next worker, charged once', async () => {
  const t = phases('SIGTERM hand-back');
  try {
    await handBack(t);
  } finally {
    console.log(t.summary());
  }
}, 300_000);

async function handBack(t: Phases) {
  const user = await createUserWithCredits(db.sql, 50);
  const key = await env.upload(await drawTestImage(512));
  // Low topology: the hand-back does not depend on the work left, and the next worker finishes sooner.
  const id = await createGenerationAs(db.sql, user, key);
  // No grace at all: whatever the machine's speed, the conversion is still in the engine when told to stop.
  const first = worker('stopping', { WORKER_STOP_GRACE_SECONDS: '0' });
  await waitFor(
    'the conversion to be under way',
    async () => {
      const g = await generation(id);
      return g.status === 'processing' && g.progress > 0.05;
    },
    // A worker's first job loads the engine: a minute or more on a machine shared with other conversions.
    120_000,
    allLogs(),
    ended(id),
  );
  t.mark('under way');
  const [beat] = await db.sql`select * from public.worker_heartbeats`;
  expect(beat.running_jobs).toBe(1);
  const probe = healthcheck();
  expect(probe.status, probe.output).toBe(0);
  expect(probe.output).toMatch(/seen [\d.]+ s ago, 1 job\(s\) running/);

  const signalled = Date.now();
  first.child.kill('SIGTERM');
  const exit = await first.exited;
  const stopSeconds = (Date.now() - signalled) / 1000;
  expect(exit.code, first.logs.join('\n')).toBe(0);
  // Generous for a loaded 2-core machine; without the hand-back it would wait for the whole conversion.
  expect(stopSeconds).toBeLessThan(30);
  expect(first.logs.some((l) => l.includes(`generation ${id} handed back to the queue`))).toBe(true);
  const handedBack = await generation(id);
  expect([handedBack.status, handedBack.stage, handedBack.worker_id]).toEqual(['queued', 'retrying', null]);
  // One fresh job for it, unlocked; the worker's heartbeat row is gone.
  const jobs =
    await db.sql`select attempts, locked_by from graphile_worker.jobs where key = ${`generation:${id}`}`;
  expect(jobs.map((j) => [j.attempts, j.locked_by])).toEqual([[0, null]]);
  expect((await db.sql`select count(*)::int as n from public.worker_heartbeats`)[0].n).toBe(0);
  expect(healthcheck().status).toBe(1);

  worker('next');
  t.mark('handed back');
  const done = await waitFor(
    'the next worker to complete it',
    async () => {
      const g = await generation(id);
      return g.status === 'completed' || g.status === 'failed' ? g : null;
    },
    120_000,
    allLogs(),
  );
  t.mark('completed by the next');
  expect(done.status, done.error ?? '').toBe('completed');
  expect(Object.keys(done.outputs)).toContain('glb');
  expect((await ledger(db.sql, user)).map((r) => r.reason)).toEqual(['purchase', 'generation']);
  // The stopped worker's own job was completed before it exited: nothing is left locked.
  expect(await env.invariants()).toEqual([]);
  console.log(`SIGTERM with a conversion under way: the worker exited in ${stopSeconds.toFixed(1)} s`);
}
