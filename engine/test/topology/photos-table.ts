/**
 * Prints, for every photo in ../shared/photos at `low` and `high`, the engine's post-simplification
 * check (edges checked, attempts, locked vertices, fallback) and an independent check of the final mesh
 * (test support: welded as an STL reader sees it). Run: npx tsx engine/test/topology/photos-table.ts
 */
import { basename } from 'node:path';
import { createEngine } from '../../src/index.ts';
import { checkManifold, weld } from '../support/mesh-checks.ts';
import { listPhotos } from '../support/photos.ts';

async function main() {
  const photos = listPhotos();
  if (photos.length === 0) throw new Error('photos-table: no photos found next to the repository.');
  const engine = createEngine();
  console.log(
    '| photo | topology | edges checked | attempts | locked | triangles | fallback | bad edges | flipped | pinched | topology ms |',
  );
  console.log('|---|---|---|---|---|---|---|---|---|---|---|');
  let failures = 0;
  for (const path of photos) {
    for (const topology of ['low', 'high'] as const) {
      const result = await engine.convert(path, { topology });
      const r = checkManifold(weld(result.mesh.positions, result.mesh.indices));
      const t = result.stats.topology;
      const bad = r.badEdges + r.flippedEdges + r.nonManifoldVertices + r.degenerate;
      if (bad > 0 || r.volume <= 0) failures++;
      console.log(
        `| ${basename(path)} | ${topology} | ${t.edgesChecked} | ${t.attempts.length} | ${t.attempts.at(-1)?.locked ?? 0} | ${result.stats.triangles} | ${t.fallback} | ${r.badEdges} | ${r.flippedEdges} | ${r.nonManifoldVertices} | ${result.stats.timings.topology} |`,
      );
    }
  }
  await engine.close();
  if (failures > 0) throw new Error(`photos-table: ${failures} meshes failed the independent check.`);
}

await main();
