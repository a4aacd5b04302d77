/**
 * One shape of a perspective set, converted from one photo and from four (even or hand-held walk), with
 * its scores, the cameras found and the 8-view sheets: for looking at one case while working on it.
 *
 * [MV_OPTS=JSON] npx tsx engine/bench/multiview-probe.bench.ts SET SHAPE FOCAL even|held|one DIR
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import sharp from 'sharp';
import { createEngine } from '../src/index.ts';
import { unlevel } from '../src/pipeline/level.ts';
import { contactSheet } from '../test/support/raster.ts';
import { png } from '../test/support/synthetic.ts';
import { FINAL2_CAMERA, final2Shapes, final2Walk } from './multiview-final2-shapes.ts';
import { FINAL3_CAMERA, final3Shapes, final3Walk } from './multiview-final3-shapes.ts';
import { normalConsistency, normaliseUnitDiagonal, rng, sampleSurface, score } from './support/metrics.ts';
import { renderViews } from './support/views.ts';

const [set, name, focalArg, mode, dir] = process.argv.slice(2);
const sets = {
  final2: { shapes: final2Shapes(), camera: FINAL2_CAMERA, walk: final2Walk },
  final3: { shapes: final3Shapes(), camera: FINAL3_CAMERA, walk: final3Walk },
};
const s = sets[set as keyof typeof sets];
if (!s || !dir) throw new Error('usage: SET SHAPE FOCAL even|held|one DIR');
mkdirSync(dir, { recursive: true });
const index = s.shapes.findIndex((x) => x.name === name);
const focal = Number(focalArg);
const camera = { ...s.camera, focal35: focal };
const v = renderViews(s.shapes[index], 20_000, camera, mode === 'held' ? s.walk(index) : {});
normaliseUnitDiagonal(v.points);
const engine = createEngine();
const exif = { front: focal, right: focal, back: focal, left: focal };
const input =
  mode === 'one'
    ? await png(v.front)
    : {
        front: await png(v.front),
        right: await png(v.right),
        back: await png(v.back),
        left: await png(v.left),
        focalLength35mm: exif,
      };
const t0 = process.cpuUsage();
// MV_OPTS: multi-view options as JSON, to try one on a case.
const multiview = process.env.MV_OPTS ? JSON.parse(process.env.MV_OPTS) : undefined;
const r = await engine.convert(input, { topology: 'low', multiview });
const cpu = process.cpuUsage(t0);
const normals: number[] = [];
const pts = sampleSurface(
  unlevel(r.mesh.positions, r.stats.level),
  r.mesh.indices,
  20_000,
  rng(11),
  undefined,
  normals,
);
normaliseUnitDiagonal(pts);
const cd = score(pts, v.points).chamfer;
const nc = normalConsistency(pts, Float32Array.from(normals), v.points, v.normals);
const tag = `${set}-${name}-${focal}-${mode}`;
const sheet = contactSheet(r.mesh, r.texture, 200);
await sharp(sheet.data, { raw: { width: sheet.width, height: sheet.height, channels: 4 } })
  .png()
  .toFile(join(dir, `${tag}.png`));
const views = r.stats.views;
const summary = {
  cd: +cd.toFixed(4),
  nc: +nc.toFixed(3),
  cpuMs: Math.round((cpu.user + cpu.system) / 1000),
  elevation: views?.elevation,
  misfit: views?.misfit,
  cameras: views?.cameras,
  warnings: views?.warnings,
  ghosts: views?.ghosts,
  ms: views?.ms,
  walk: mode === 'held' ? s.walk(index) : undefined,
};
writeFileSync(join(dir, `${tag}.json`), JSON.stringify(summary, null, 1));
console.log(tag, JSON.stringify(summary));
await engine.close();
