/**
 * One shape of a perspective set, converted from one photo and from four (even or hand-held walk), with
 * its scores, the cameras found and the 8-view sheets: for looking at one case while working on it.
 *
 * [MV_OPTS=JSON] npx tsx engine/bench/multiview-probe.bench.ts SET SHAPE[,…] FOCAL[,…] MODE[,…] DIR
 * MODE: one (front photo alone), even, held (hand-held walk, EXIF given), nofocal (hand-held, no EXIF).
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
import { FINAL4_CAMERA, final4Shapes, final4Walk } from './multiview-final4-shapes.ts';
import { FINAL5_CAMERA, final5Shapes, final5Walk } from './multiview-final5-shapes.ts';
import { normalConsistency, normaliseUnitDiagonal, rng, sampleSurface, score } from './support/metrics.ts';
import { renderViews } from './support/views.ts';
import { handHeldWalk, WALK_CAMERA, walkShapes } from './support/walk-shapes.ts';

const [set, names, focals, modes, dir] = process.argv.slice(2);
const sets = {
  tuning: { shapes: walkShapes(), camera: WALK_CAMERA, walk: handHeldWalk },
  final2: { shapes: final2Shapes(), camera: FINAL2_CAMERA, walk: final2Walk },
  final3: { shapes: final3Shapes(), camera: FINAL3_CAMERA, walk: final3Walk },
  final4: { shapes: final4Shapes(), camera: FINAL4_CAMERA, walk: final4Walk },
  final5: { shapes: final5Shapes(), camera: FINAL5_CAMERA, walk: final5Walk },
};
const s = sets[set as keyof typeof sets];
if (!s || !dir) throw new Error('usage: SET SHAPE[,SHAPE] FOCAL[,FOCAL] even|held|nofocal|one[,…] DIR');
mkdirSync(dir, { recursive: true });
const engine = createEngine();
// MV_OPTS: multi-view options as JSON, to try one on a case.
const multiview = process.env.MV_OPTS ? JSON.parse(process.env.MV_OPTS) : undefined;
for (const name of names.split(','))
  for (const focal of focals.split(',').map(Number))
    for (const mode of modes.split(',')) await probe(name, focal, mode);
await engine.close();

async function probe(name: string, focal: number, mode: string) {
  const index = s.shapes.findIndex((x) => x.name === name);
  const camera = { ...s.camera, focal35: focal };
  const v = renderViews(
    s.shapes[index],
    20_000,
    camera,
    mode === 'held' || mode === 'nofocal' ? s.walk(index) : {},
  );
  normaliseUnitDiagonal(v.points);
  const exif = { front: focal, right: focal, back: focal, left: focal };
  const input =
    mode === 'one'
      ? await png(v.front)
      : {
          front: await png(v.front),
          right: await png(v.right),
          back: await png(v.back),
          left: await png(v.left),
          focalLength35mm: mode === 'nofocal' ? undefined : exif,
        };
  const t0 = process.cpuUsage();
  // ELEV_OPTS: a one-photo conversion's photo-elevation options as JSON (e.g. '{"steepest":40}').
  const elevation = process.env.ELEV_OPTS ? JSON.parse(process.env.ELEV_OPTS) : undefined;
  const r = await engine.convert(input, { topology: 'low', multiview, elevation });
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
    // One photo: the elevation read from its silhouette (geometry/photo-elevation.ts) and its cues.
    photoElevation: views ? undefined : r.stats.elevation,
    misfit: views?.misfit,
    cameras: views?.cameras,
    warnings: views?.warnings,
    ghosts: views?.ghosts,
    flat: views?.flat,
    ms: views?.ms,
    walk: mode === 'held' || mode === 'nofocal' ? s.walk(index) : undefined,
  };
  writeFileSync(join(dir, `${tag}.json`), JSON.stringify(summary, null, 1));
  console.log(tag, JSON.stringify(summary));
}
