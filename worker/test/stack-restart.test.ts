// The local stack (PGlite, Deno api, worker) killed outright with a conversion in flight, then started
// again on the same DATA_DIR: the conversion completes, charged once, and downloads.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import postgres from 'postgres';
import { afterAll, expect, test } from 'vitest';
import {
  getGeneration,
  postGeneration,
  type StackProcess,
  signUp,
  startStackProcess,
} from '../../scripts/support/stack-process.ts';
import { drawTestImage, waitFor } from './support/generation-harness.ts';

let dataDir = '';
let stack: StackProcess | null = null;

afterAll(async () => {
  await stack?.stop();
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
});

async function withDb<T>(url: string, fn: (sql: postgres.Sql) => Promise<T>): Promise<T> {
  const sql = postgres(url, { max: 1, prepare: false, onnotice: () => {} });
  try {
    return await fn(sql);
  } finally {
    await sql.end();
  }
}

test('a stack killed mid-conversion loses nothing: after a restart the job completes, charged once', async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'lift3d-restart-'));
  const env = { WORKER_LEASE_SECONDS: '5' };
  stack = await startStackProcess({ dataDir, env });
  const user = await signUp(stack);
  await withDb(
    stack.databaseUrl,
    (sql) => sql`select public.apply_credit_change(${user.id}, 100, 'purchase', 'test:restart')`,
  );
  const created = await postGeneration(stack, user.token, await drawTestImage(), {
    format: 'glb',
    kind: 'video',
  });
  expect(created.status).toBe('queued');
  const first = stack;
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

  // Started again as an operator would: same data folder, same port (tokens name the auth URL as issuer).
  stack = await startStackProcess({ dataDir, env, port: Number(new URL(first.url).port) });
  const restarted = stack;
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
  expect(glb.headers.get('content-disposition')).toBe(
    `attachment; filename="lift3d-${created.id.slice(0, 8)}.glb"`,
  );
  expect(new TextDecoder().decode(new Uint8Array(await glb.arrayBuffer()).subarray(0, 4))).toBe('glTF');
  const rows = await withDb(
    restarted.databaseUrl,
    (sql) => sql`select reason, delta from public.credit_ledger where user_id = ${user.id} order by id`,
  );
  expect(rows.map((r) => [r.reason, r.delta])).toEqual([
    ['purchase', 100],
    ['generation', -50],
  ]);
}, 600_000);
