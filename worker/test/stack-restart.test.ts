// The local stack (PGlite, Deno api, worker) killed outright with a conversion in flight, then started
// again on the same DATA_DIR: the conversion completes, charged once, downloads, and the fault invariants
// hold (support/invariants.ts), as after every other fault.

import { getGeneration, postGeneration } from '@lift3d/local/testing/stack-process';
import { afterAll, expect, test } from 'vitest';
import { type FaultStack, startFaultStack } from './support/fault-stack.ts';
import { drawTestImage, waitFor } from './support/generation-harness.ts';

let faults: FaultStack | null = null;

afterAll(() => faults?.stop());

test('a stack killed mid-conversion loses nothing: after a restart the job completes, charged once', async () => {
  faults = await startFaultStack({ name: 'restart' });
  const f = faults;
  const user = await f.user(100);
  const created = await postGeneration(f.stack, user.token, await drawTestImage(), {
    format: 'glb',
    kind: 'video',
  });
  expect(created.status).toBe('queued');
  const first = f.stack;
  await waitFor(
    'the conversion to be under way',
    async () => {
      const g = await getGeneration(first, user.token, created.id);
      return g.status === 'processing' && g.progress > 0.05;
    },
    120_000,
    [first.logs],
  );
  await first.kill();

  const restarted = await f.restart();
  const done = await waitFor(
    'the conversion to complete after the restart',
    async () => {
      const g = await getGeneration(restarted, user.token, created.id);
      return g.status === 'completed' || g.status === 'failed' ? g : null;
    },
    240_000,
    [restarted.logs],
  );
  expect(done.status, done.error ?? '').toBe('completed');
  expect(done.files).toEqual(['glb', 'gltf', 'obj', 'fbx', 'stl', 'usdz', '3mf', 'mp4']);
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
}, 600_000);
