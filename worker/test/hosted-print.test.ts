// Print-ready whatever the provider sends: through the three services' stand-ins (the kinds go round
// them), real worker processes and the real PostgreSQL convert a batch of provider meshes of every kind (overlapping parts, a duplicated-vertex
// soup, T-junctions, holes, inward faces, specks, an open sheet). Every conversion completes, and its STL
// and 3MF are one closed, outward-oriented solid 100 mm tall, read back by a reader written apart from the
// exporters (STL) and by Debian's assimp (STL and 3MF).
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { assimpMesh, HAS_ASSIMP } from '@lift3d/engine/testing/assimp.ts';
import { checkManifold, weld } from '@lift3d/engine/testing/mesh-checks.ts';
import { printReport } from '@lift3d/engine/testing/print-checks.ts';
import { PROVIDER_MESH_KINDS, providerGlb } from '@lift3d/engine/testing/provider-meshes.ts';
import { makeSourceGlb } from '@lift3d/engine/testing/source-glb.ts';
import { afterAll, beforeAll, expect, test } from 'vitest';
import {
  createGenerationAs,
  createUserWithCredits,
  drawTestImage,
  waitFor,
} from './support/generation-harness.ts';
import { type Standins, startStandins } from './support/provider-standins.ts';
import { startWorkerTestEnv, type WorkerTestEnv } from './support/worker-env.ts';

let env: WorkerTestEnv;
let standins: Standins;
const KEY = 'stand-in-key';
const dir = mkdtempSync(join(tmpdir(), 'hosted-print-'));

beforeAll(async () => {
  env = await startWorkerTestEnv({ name: 'hosted-print', leaseSeconds: 30 });
  standins = await startStandins(await makeSourceGlb(), KEY);
  standins.models = await Promise.all(PROVIDER_MESH_KINDS.map((k) => providerGlb(k)));
  standins.behaviour.pollsUntilDone = 1;
  env.worker('a', {
    GENERATION_BACKEND: 'meshy',
    MESHY_API_KEY: KEY,
    MESHY_API_BASE: standins.url,
    TRIPO_API_KEY: KEY,
    TRIPO_API_BASE: `${standins.url}/v2/openapi`,
    FAL_KEY: KEY,
    FAL_API_BASE: standins.url,
    FAL_MODEL: 'fal-ai/hunyuan3d/v2',
    GENERATION_POLL_MS: '100',
    GENERATION_BACKOFF_MS: '50',
    GENERATION_DEADLINE_SECONDS: '300',
  });
}, 120_000);

afterAll(async () => {
  await env?.stop();
  await standins?.stop();
  rmSync(dir, { recursive: true, force: true });
});

function pieces(indices: ArrayLike<number>, vertices: number): number {
  const parent = Int32Array.from({ length: vertices }, (_, i) => i);
  const find = (a: number): number => {
    while (parent[a] !== a) {
      parent[a] = parent[parent[a]];
      a = parent[a];
    }
    return a;
  };
  for (let t = 0; t < indices.length; t += 3) {
    const a = find(indices[t]);
    parent[find(indices[t + 1])] = a;
    parent[find(indices[t + 2])] = a;
  }
  const roots = new Set<number>();
  for (let i = 0; i < indices.length; i++) roots.add(find(indices[i]));
  return roots.size;
}

const BACKENDS = ['meshy', 'tripo', 'fal'] as const;

test('a batch of provider meshes of every kind, spread over the three stand-ins, gives closed, outward-oriented STL and 3MF solids', async () => {
  const { db, storage } = env;
  await db.sql`update public.settings set value = ${db.sql.json('refund')} where key = 'generation.fallback'`;
  const ids: string[] = [];
  for (const [i] of PROVIDER_MESH_KINDS.entries()) {
    // Each generation takes the backend set at its creation: the kinds go round the three services.
    const backend = BACKENDS[i % BACKENDS.length];
    await db.sql`update public.settings set value = ${db.sql.json(backend)} where key = 'generation.backend.app'`;
    // One account each: an account has at most 3 conversions running.
    const user = await createUserWithCredits(db.sql, 50);
    const key = `uploads/${crypto.randomUUID()}.png`;
    await storage.put(key, await drawTestImage(), 'image/png');
    ids.push(await createGenerationAs(db.sql, user, key, { format: 'stl' }));
  }
  const done = await waitFor(
    'the batch to finish',
    async () => {
      const rows = await db.sql`select id, status, error, outputs, backend, provider_task_id
                                    from public.generations where id in ${db.sql(ids)}`;
      return rows.every((r) => r.status === 'completed' || r.status === 'failed') ? rows : null;
    },
    1_500_000,
    env.logs(),
  );
  // Every kind was served, and every service served some of them.
  expect(new Set(standins.tasks.map((t) => t.modelIndex)).size).toBe(PROVIDER_MESH_KINDS.length);
  expect(new Set(standins.tasks.map((t) => t.provider))).toEqual(new Set(BACKENDS));
  for (const row of done) {
    const task = standins.tasks.find((t) => row.provider_task_id?.includes(t.id));
    const kind = PROVIDER_MESH_KINDS[task?.modelIndex ?? -1];
    const label = `${row.backend} ${kind}`;
    expect(task?.provider, label).toBe(row.backend);
    expect(row.status, `${label}: ${row.error}`).toBe('completed');
    const stl = (await storage.getBytes(row.outputs.stl.key))!;
    const threeMf = (await storage.getBytes(row.outputs['3mf'].key))!;
    const report = printReport(stl);
    expect(report, label).toMatchObject({ pieces: 1, badEdges: 0, flippedEdges: 0 });
    expect(report.volume).toBeGreaterThan(0);
    expect(report.height).toBeCloseTo(100, 3);
    if (!HAS_ASSIMP) continue;
    for (const [format, bytes] of [
      ['stl', stl],
      ['3mf', threeMf],
    ] as const) {
      const path = join(dir, `${row.backend}-${kind}.${format}`);
      writeFileSync(path, bytes);
      const read = assimpMesh(path);
      const mesh = weld(read.positions, read.indices);
      const check = checkManifold(mesh);
      expect(check, `${label}.${format} read by assimp`).toMatchObject({
        badEdges: 0,
        flippedEdges: 0,
        nonManifoldVertices: 0,
      });
      expect(check.volume).toBeGreaterThan(0);
      expect(pieces(mesh.indices, mesh.positions.length / 3)).toBe(1);
    }
  }
}, 1_600_000);
