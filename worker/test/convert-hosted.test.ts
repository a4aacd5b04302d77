// Conversions through the hosted backends with real worker processes, the real PostgreSQL and the
// services' local stand-ins: each backend's model comes out in all five formats with a closed STL and
// the served shape; failures fall back or refund exactly once; a worker killed while polling leaves one
// provider task, one charge and one result.
import { NodeIO } from '@gltf-transform/core';
import { checkManifold, weld } from '@lift3d/engine/testing/mesh-checks.ts';
import { makeSourceGlb, vaseRadius } from '@lift3d/engine/testing/source-glb.ts';
import { unzipSync } from 'fflate';
import { afterAll, beforeAll, beforeEach, expect, test } from 'vitest';
import { CONVERT_DEFAULTS } from '../src/tasks/convert.ts';
import {
  createGenerationAs,
  createUserWithCredits,
  drawTestImage,
  ledger,
  type WorkerHandle,
  waitFor,
} from './support/generation-harness.ts';
import { STANDIN_DEFAULTS, type Standins, startStandins } from './support/provider-standins.ts';
import { isAlive as alive, startWorkerTestEnv, type WorkerTestEnv } from './support/worker-env.ts';

let env: WorkerTestEnv;
let db: WorkerTestEnv['db'];
let storage: WorkerTestEnv['storage'];
let standins: Standins;
let workers: WorkerHandle[] = [];
// Long enough that a loaded machine does not reap a live attempt; the kill tests wait one lease.
const LEASE_SECONDS = 12;
const KEY = 'stand-in-key';

beforeAll(async () => {
  env = await startWorkerTestEnv({ name: 'hosted', leaseSeconds: LEASE_SECONDS });
  ({ db, storage, workers } = env);
  standins = await startStandins(await makeSourceGlb(), KEY);
  worker('a');
}, 120_000);

afterAll(async () => {
  await env?.stop();
  await standins?.stop();
});

beforeEach(() => {
  standins.behaviour = { ...STANDIN_DEFAULTS };
  standins.refused = { auth: 0, rateLimited: 0 };
  standins.key = KEY;
});

function worker(name: string, overrides: Record<string, string> = {}) {
  return env.worker(name, {
    GENERATION_BACKEND: 'meshy',
    MESHY_API_KEY: KEY,
    MESHY_API_BASE: standins.url,
    TRIPO_API_KEY: KEY,
    TRIPO_API_BASE: `${standins.url}/v2/openapi`,
    TRIPO_TASK_COST: '0.4',
    FAL_KEY: KEY,
    FAL_API_BASE: standins.url,
    FAL_MODEL: 'fal-ai/trellis',
    GENERATION_POLL_MS: '150',
    GENERATION_BACKOFF_MS: '50',
    // Long enough for the owner's view to show the wait in a full service queue.
    GENERATION_QUEUE_WAIT_MS: '3000',
    // Generous: this machine is shared, and the deadline runs from submission to downloaded model.
    GENERATION_DEADLINE_SECONDS: '90',
    ...overrides,
  });
}

/** Every live worker killed and gone: the next job can go only to a worker started after this. */
async function stopWorkers() {
  for (const w of workers) if (alive(w)) w.child.kill('SIGKILL');
  await Promise.all(workers.map((w) => w.exited));
}
const allLogs = () => workers.map((w) => w.logs);
const generation = async (id: string) => (await db.sql`select * from public.generations where id = ${id}`)[0];

async function settle(backend: string, fallback: 'builtin' | 'refund') {
  await db.sql`update public.settings set value = ${db.sql.json(backend)} where key = 'generation.backend.app'`;
  await db.sql`update public.settings set value = ${db.sql.json(fallback)} where key = 'generation.fallback'`;
}

async function convert(credits = 50) {
  const user = await createUserWithCredits(db.sql, credits);
  const key = `uploads/${crypto.randomUUID()}.png`;
  await storage.put(key, await drawTestImage(), 'image/png');
  const id = await createGenerationAs(db.sql, user, key, { format: 'stl' });
  return { user, id };
}

const finished = (id: string) =>
  waitFor(
    `generation ${id} to finish`,
    async () => {
      const g = await generation(id);
      return g.status === 'completed' || g.status === 'failed' ? g : null;
    },
    180_000,
    allLogs(),
  );

/** The stand-in tasks behind a generation's stored task id (Meshy's carry the endpoint in front). */
const tasksOf = (taskId: string | null) => standins.tasks.filter((t) => taskId?.includes(t.id));

/** Every download read back; the GLB's shape is the served vase after our normalisation (upright, on y = 0). */
async function readBack(outputs: Record<string, { key: string }>) {
  const bytes = async (role: string) => {
    const b = await storage.getBytes(outputs[role].key);
    expect(b, role).not.toBeNull();
    return b!;
  };
  const doc = await new NodeIO().readBinary(await bytes('glb'));
  const prim = doc.getRoot().listMeshes()[0].listPrimitives()[0];
  expect(prim.getMaterial()?.getBaseColorTexture()?.getImage()?.byteLength).toBeGreaterThan(100);
  const pos = prim.getAttribute('POSITION')!.getArray() as Float32Array;
  let worst = 0;
  for (let i = 0; i < pos.length; i += 3) {
    const t = Math.min(1, Math.max(0, pos[i + 1])); // upright: the vase stands on y = 0, 1 unit tall
    const r = Math.hypot(pos[i], pos[i + 2]);
    const cap = t < 1e-3 || t > 1 - 1e-3;
    worst = Math.max(worst, cap ? Math.max(0, r - vaseRadius(t)) : Math.abs(r - vaseRadius(t)));
  }
  expect(worst).toBeLessThan(0.03);

  const gltf = JSON.parse(new TextDecoder().decode(await bytes('gltf')));
  expect(gltf.asset.version).toBe('2.0');
  expect(gltf.buffers[0].uri).toMatch(/^data:/);
  const zip = unzipSync(await bytes('obj'));
  const objName = Object.keys(zip).find((n) => n.endsWith('.obj'))!;
  expect(new TextDecoder().decode(zip[objName]).match(/^f /gm)?.length).toBeGreaterThan(100);
  expect(Object.keys(zip).some((n) => n.endsWith('.png'))).toBe(true);
  expect(new TextDecoder().decode((await bytes('fbx')).subarray(0, 18))).toBe('Kaydara FBX Binary');

  const stl = await bytes('stl');
  const view = new DataView(stl.buffer, stl.byteOffset, stl.byteLength);
  const n = view.getUint32(80, true);
  expect(stl.byteLength).toBe(84 + n * 50);
  const soup = new Float32Array(n * 9);
  for (let t = 0; t < n; t++)
    for (let k = 0; k < 9; k++) soup[t * 9 + k] = view.getFloat32(84 + t * 50 + 12 + k * 4, true);
  const check = checkManifold(
    weld(
      soup,
      Uint32Array.from({ length: n * 3 }, (_, i) => i),
    ),
  );
  expect(check).toMatchObject({ badEdges: 0, flippedEdges: 0, nonManifoldVertices: 0, degenerate: 0 });
  expect(check.volume).toBeGreaterThan(0);
}

test.each(['meshy', 'tripo', 'fal'])(
  'a conversion through %s: one task, every format stored, the main ones read back, closed STL, the served shape',
  async (backend) => {
    await settle(backend, 'refund');
    const { user, id } = await convert();
    const done = await finished(id);
    expect(done.status, allLogs().flat().slice(-20).join('\n')).toBe('completed');
    expect(done.backend).toBe(backend);
    expect(done.fell_back).toBe(false);
    expect(tasksOf(done.provider_task_id)).toHaveLength(1);
    expect(done.provider_ms).toBeGreaterThan(0);
    if (backend === 'tripo') expect(Number(done.provider_cost)).toBe(0.4);
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
    await readBack(done.outputs);
    expect((await ledger(db.sql, user)).map((r) => r.reason)).toEqual(['purchase', 'generation']);
  },
  240_000,
);

test('rate limited, then accepted: the conversion completes from one task', async () => {
  await settle('meshy', 'refund');
  standins.behaviour.rateLimitCreates = 2;
  const { id } = await convert();
  const done = await finished(id);
  expect(done.status, allLogs().flat().slice(-20).join('\n')).toBe('completed');
  expect(standins.refused.rateLimited).toBe(2);
  expect(tasksOf(done.provider_task_id)).toHaveLength(1);
}, 240_000);

test.each<[string, () => unknown, RegExp]>([
  ['a refused key (401)', () => (standins.key = 'rotated-key'), /^tripo: the API key was refused \(401/],
  [
    'a FAILED task',
    () => (standins.behaviour.outcome = 'fail'),
    /^tripo: the task failed: .*error_code 1001/,
  ],
  ['a malformed model', () => (standins.behaviour.model = 'malformed'), /not a valid GLB/],
])(
  '%s with fallback off: failed with the service message and exactly one refund',
  async (label, arrange, reason) => {
    await settle('tripo', 'refund');
    arrange();
    const { user, id } = await convert();
    const done = await finished(id);
    expect(done.status).toBe('failed');
    // A refused key is the service's account, not the photo: the user reads that the service is unavailable.
    expect(done.error).toBe(
      label.startsWith('a refused key')
        ? CONVERT_DEFAULTS.providerUnavailable
        : CONVERT_DEFAULTS.providerFailed,
    );
    // The user reads the product's message; the admins read the provider's own reason.
    const [failure] = await db.sql`select backend, reason from public.generation_provider_failures
                                     where generation_id = ${id}`;
    expect(failure?.backend).toBe('tripo');
    expect(failure?.reason).toMatch(reason);
    expect((await ledger(db.sql, user)).map((r) => [r.reason, r.delta])).toEqual([
      ['purchase', 50],
      ['generation', -50],
      ['refund', 50],
    ]);
    expect((await db.sql`select credits from public.profiles where id = ${user}`)[0].credits).toBe(50);
  },
  240_000,
);

test('a FAILED task with fallback on: the built-in engine makes it, charged once, marked as fallen back', async () => {
  await settle('fal', 'builtin');
  standins.behaviour.outcome = 'fail';
  const { user, id } = await convert();
  const done = await finished(id);
  expect(done.status, allLogs().flat().slice(-20).join('\n')).toBe('completed');
  expect(done.backend).toBe('fal');
  expect(done.fell_back).toBe(true);
  expect(Object.keys(done.outputs)).toContain('stl');
  expect((await ledger(db.sql, user)).map((r) => r.reason)).toEqual(['purchase', 'generation']);
}, 240_000);

test('a task that never ends: failed at the deadline, refunded once', async () => {
  await settle('meshy', 'refund');
  standins.behaviour.outcome = 'never';
  // The deadline alone is under test: a worker whose deadline is seconds takes this job, not one with the
  // 90 s a loaded machine needs for a real model (the test waited those 90 s). The others are gone first.
  await stopWorkers();
  const short = worker('short deadline', { GENERATION_DEADLINE_SECONDS: '5' });
  const { user, id } = await convert();
  const done = await finished(id);
  expect(done.status).toBe('failed');
  expect(done.error).toMatch(/could not make this model/);
  expect(short.logs.join('\n')).toMatch(/no model within 5 s/);
  expect(tasksOf(done.provider_task_id)).toHaveLength(1);
  expect(tasksOf(done.provider_task_id)[0].polls).toBeGreaterThan(1);
  expect((await ledger(db.sql, user)).map((r) => r.reason)).toEqual(['purchase', 'generation', 'refund']);
  short.child.kill('SIGKILL');
  await short.exited;
  worker('a again');
}, 240_000);

test('a worker killed while polling: another resumes the same task — one task, one charge, one result', async () => {
  await settle('meshy', 'refund');
  standins.behaviour.outcome = 'never';
  const tasksBefore = standins.tasks.length;
  const { user, id } = await convert();
  const doomed = workers.find(alive)!;
  const polling = await waitFor(
    'the provider task to be stored and polled',
    async () => {
      const g = await generation(id);
      const task = tasksOf(g.provider_task_id)[0];
      return task && task.polls >= 2 ? g : null;
    },
    120_000,
    allLogs(),
  );
  doomed.child.kill('SIGKILL');
  await doomed.exited;
  standins.behaviour.outcome = 'succeed';
  standins.behaviour.pollsUntilDone = 0;
  worker('survivor');
  const done = await finished(id);
  expect(done.status, allLogs().flat().slice(-20).join('\n')).toBe('completed');
  expect(done.attempts).toBe(2);
  expect(done.provider_task_id).toBe(polling.provider_task_id);
  expect(tasksOf(done.provider_task_id)).toHaveLength(1);
  // Only one task was ever created for this generation: the survivor submitted nothing.
  expect(standins.tasks.length).toBe(tasksBefore + 1);
  expect((await ledger(db.sql, user)).map((r) => r.reason)).toEqual(['purchase', 'generation']);
  await readBack(done.outputs);
}, 300_000);

test.each([
  ['meshy', 'found in the service’s task list and adopted: one task, one charge, one result'],
  ['tripo', 'no list to look in (Tripo documents none): no second task, one refund'],
])(
  'a worker killed after %s created the task but before its id was stored: %s',
  async (backend) => {
    await settle(backend, 'refund');
    // The service creates (and bills) the task, but its answer never reaches the worker.
    standins.behaviour.holdCreates = true;
    standins.behaviour.pollsUntilDone = 0;
    const tasksBefore = standins.tasks.length;
    const { user, id } = await convert();
    const doomed = workers.find(alive) ?? worker('a');
    await waitFor(
      'the service to create the task',
      async () => standins.tasks.length > tasksBefore,
      120_000,
      allLogs(),
    );
    const marked = await generation(id);
    expect([marked.provider_submitting_at !== null, marked.provider_task_id]).toEqual([true, null]);
    doomed.child.kill('SIGKILL');
    await doomed.exited;
    standins.behaviour.holdCreates = false;
    worker(`after-the-lost-answer-${backend}`);
    const done = await finished(id);
    expect(done.attempts).toBe(2);
    // The next attempt did not ask again: the service made one task for this generation.
    expect(standins.tasks.length).toBe(tasksBefore + 1);
    if (backend === 'meshy') {
      expect(done.status, allLogs().flat().slice(-20).join('\n')).toBe('completed');
      expect(done.provider_task_id).toContain(standins.tasks[tasksBefore].id);
      expect((await ledger(db.sql, user)).map((r) => r.reason)).toEqual(['purchase', 'generation']);
      await readBack(done.outputs);
    } else {
      expect(done.status, allLogs().flat().slice(-20).join('\n')).toBe('failed');
      expect(done.error).toBe(CONVERT_DEFAULTS.providerFailed);
      expect(
        allLogs()
          .flat()
          .some((l) => l.includes('its answer was lost; not paying for a second one')),
      ).toBe(true);
      expect((await ledger(db.sql, user)).map((r) => r.reason)).toEqual(['purchase', 'generation', 'refund']);
    }
  },
  300_000,
);

test('Meshy’s full queue (NoMoreConcurrentTasks): the owner reads that it waits in the service’s queue, then it completes', async () => {
  await settle('meshy', 'refund');
  standins.behaviour.queueFullCreates = 1;
  const { id } = await convert();
  await waitFor(
    'the generation to show it waits in the service’s queue',
    async () => (await generation(id)).stage === 'provider_queue' || null,
    120_000,
    allLogs(),
  );
  const done = await finished(id);
  expect(done.status, allLogs().flat().slice(-20).join('\n')).toBe('completed');
  expect(tasksOf(done.provider_task_id)).toHaveLength(1);
}, 240_000);

test('Meshy out of funds (402) with fallback off: the owner reads the service is unavailable, refunded once, no task', async () => {
  await settle('meshy', 'refund');
  standins.behaviour.noCredits = true;
  const tasksBefore = standins.tasks.length;
  const { user, id } = await convert();
  const done = await finished(id);
  expect(done.status).toBe('failed');
  expect(done.error).toBe(CONVERT_DEFAULTS.providerUnavailable);
  const [failure] =
    await db.sql`select reason from public.generation_provider_failures where generation_id = ${id}`;
  expect(failure?.reason).toMatch(/out of funds/);
  expect(standins.tasks.length).toBe(tasksBefore);
  expect((await ledger(db.sql, user)).map((r) => r.reason)).toEqual(['purchase', 'generation', 'refund']);
}, 240_000);
