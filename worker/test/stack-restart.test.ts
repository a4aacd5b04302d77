// The local stack (PGlite, Deno api, worker) killed outright with a conversion in flight, then started
// again on the same DATA_DIR: the conversion is taken over after the lease and completes, charged once,
// downloads, and the fault invariants hold (support/invariants.ts), as after every other fault.

import { getGeneration, postGeneration } from '@lift3d/local/testing/stack-process';
import { afterAll, expect, test } from 'vitest';
import { type FaultStack, startFaultStack } from './support/fault-stack.ts';
import { drawTestImage } from './support/generation-harness.ts';
import { type Phases, phases } from './support/phases.ts';

let faults: FaultStack | null = null;

afterAll(() => faults?.stop());

test('a stack killed mid-conversion loses nothing: after a restart the job completes, charged once', async () => {
  const t = phases('stack restart');
  try {
    await killAndRestart(t);
  } finally {
    console.log(t.summary());
  }
}, 300_000);

async function killAndRestart(t: Phases) {
  faults = await startFaultStack({ name: 'restart' });
  const f = faults;
  t.mark('stack started');
  const user = await f.user(100);
  // A model job (the video's own kill is in faults.test.ts): the stack dies after the cut-out, with the
  // geometry, texture or exports still to do.
  const photo = await drawTestImage(256);
  const created = await postGeneration(f.stack, user.token, photo, { format: 'glb' });
  expect(created.status).toBe('queued');
  const first = f.stack;
  await f.waitFor(
    'the conversion to be under way',
    async () => {
      const g = await getGeneration(first, user.token, created.id);
      return g.status === 'processing' && ['geometry', 'topology', 'texture', 'export'].includes(g.stage);
    },
    120_000,
    {
      pollMs: 50,
      hopeless: async () => {
        const g = await getGeneration(first, user.token, created.id);
        return g.status === 'completed' || g.status === 'failed'
          ? `the conversion ended ${g.status} before the stack could be killed mid-way`
          : null;
      },
    },
  );
  t.mark('under way');
  await first.kill();
  t.mark('killed');

  const restarted = await f.restart();
  t.mark('restarted');
  const done = await f.waitFor(
    'the conversion to complete after the restart',
    async () => {
      const g = await getGeneration(restarted, user.token, created.id);
      return g.status === 'completed' || g.status === 'failed' ? g : null;
    },
    180_000,
  );
  t.mark('completed');
  expect(done.status, done.error ?? '').toBe('completed');
  expect(done.files).toEqual(['glb', 'gltf', 'obj', 'fbx', 'stl', 'usdz', '3mf']);
  // Taken over, not finished before the kill: the first attempt died, the restarted stack's worker made the second.
  const [row] = await f.withDb(
    (sql) => sql`select attempts from public.generations where id = ${created.id}`,
  );
  expect(row.attempts).toBe(2);
  expect(restarted.logs.some((l) => l.includes(`lease: generation ${created.id}: retry`))).toBe(true);
  const glb = await fetch(`${restarted.url}/api/generations/${created.id}/download?format=glb`, {
    headers: { authorization: `Bearer ${user.token}` },
  });
  expect(glb.status).toBe(200);
  // Named after the uploaded sample.png, as every download.
  expect(glb.headers.get('content-disposition')).toBe(
    `attachment; filename="sample.glb"; filename*=UTF-8''sample.glb`,
  );
  expect(new TextDecoder().decode(new Uint8Array(await glb.arrayBuffer()).subarray(0, 4))).toBe('glTF');
  const rows = await f.withDb(
    (sql) => sql`select reason, delta from public.credit_ledger where user_id = ${user.id} order by id`,
  );
  expect(rows.map((r) => [r.reason, r.delta])).toEqual([
    ['purchase', 100],
    ['generation', -50],
  ]);
  expect(await f.invariants()).toEqual([]);
}
