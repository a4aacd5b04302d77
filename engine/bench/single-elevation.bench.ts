/**
 * Single-photo elevation: standing shapes photographed by a perspective camera (35 mm equivalent) at
 * several true elevations, converted from that one photo. Per shape and elevation: the elevation the
 * engine used (estimated or the prior), the exported model's main-axis lean from +Y (and the truth's, as
 * a shape's own main axis need not be vertical), and Chamfer against the truth in the camera frame and
 * in the upright frame (truth levelled by the true elevation), for the engine as it is and with the
 * estimator off (the prior only: the engine before the estimator).
 *
 * tsx engine/bench/single-elevation.bench.ts --set tuning|final [--sheets DIR] [--pitches 0,10,20,30]
 */
import { join } from 'node:path';
import sharp from 'sharp';
import { type ConvertResult, createEngine } from '../src/index.ts';
import { applyLevel, levelTransform, unlevel } from '../src/pipeline/level.ts';
import { contactSheet } from '../test/support/raster.ts';
import { png } from '../test/support/synthetic.ts';
import { pointsLean } from './support/lean.ts';
import { normaliseUnitDiagonal, rng, sampleSurface, score } from './support/metrics.ts';
import type { Shape } from './support/shapes.ts';
import { groundTruthShapes } from './support/shapes.ts';
import { renderTruth } from './support/truth.ts';
import { unseenShapes } from './support/unseen-shapes.ts';

const argv = process.argv.slice(2);
const arg = (name: string) => (argv.includes(name) ? argv[argv.indexOf(name) + 1] : undefined);
const setName = arg('--set') ?? 'tuning';
const sheetsDir = arg('--sheets');
const pitches = (arg('--pitches') ?? '0,8,16,24,30').split(',').map(Number);
const only = arg('--shapes')?.split(',');
const oracle = argv.includes('--oracle');
const mix = Number(arg('--mix') ?? '1');
const flatCompare = argv.includes('--flat-compare');
/** Options of the estimator for the "new" column (JSON), to compare a candidate with the prior. */
const newOptions = JSON.parse(arg('--new-options') ?? '{}');

async function loadSet(): Promise<{ shapes: Shape[]; yaw: number; focal35?: number }> {
  // The quality table's own photos: orthographic, as from far away with a long lens.
  if (setName === 'ortho') return { shapes: groundTruthShapes(), yaw: 35 };
  if (setName === 'final') {
    const { elevationFinalShapes } = await import('./support/elevation-final-shapes.ts');
    return { shapes: elevationFinalShapes(), yaw: -22, focal35: 28 };
  }
  return { shapes: [...groundTruthShapes(), ...unseenShapes()], yaw: 30, focal35: 35 };
}

const engine = createEngine();

async function sheet(name: string, r: ConvertResult) {
  if (!sheetsDir) return;
  const s = contactSheet(r.mesh, r.texture, 200);
  await sharp(s.data, { raw: { width: s.width, height: s.height, channels: 4 } })
    .png()
    .toFile(join(sheetsDir, `${name}.png`));
}

function scores(r: ConvertResult, camTruth: Float32Array, uprightTruth: Float32Array) {
  const up = sampleSurface(r.mesh.positions, r.mesh.indices, camTruth.length / 3, rng(11));
  const lean = pointsLean(up);
  const cam = normaliseUnitDiagonal(
    sampleSurface(unlevel(r.mesh.positions, r.stats.level), r.mesh.indices, camTruth.length / 3, rng(11)),
  );
  return {
    lean,
    cdCamera: score(cam, camTruth).chamfer,
    cdUpright: score(normaliseUnitDiagonal(up), uprightTruth).chamfer,
  };
}

const { shapes, yaw, focal35 } = await loadSet();
const SAMPLES = 8000;
console.log(
  `\n## Single-photo elevation, ${setName} set (${shapes.length} shapes, yaw ${yaw}°, ${focal35 ? `${focal35} mm` : 'orthographic'}, true elevations ${pitches.join(', ')}°, low topology)\n`,
);
console.log(
  `lean: main axis of the model as exported from +Y (truth: the real shape's own, levelled by the true angle). CD: Chamfer (unit-diagonal normalisation, ${SAMPLES} samples), cam: in the photo's camera frame (the figure before levelling), up: as delivered vs the truth levelled by the true elevation. prior: estimator off (15°); ${flatCompare ? 'no flat: estimate without laying the caps flat; ' : ''}new: as the engine is.\n`,
);
const heads = ['prior', ...(flatCompare ? ['no flat'] : []), 'new'];
console.log(
  `| shape | true | est | cue | lean truth | ${heads.map((h) => `lean ${h}`).join(' | ')} | CD cam prior | CD cam new | ${heads.map((h) => `CD up ${h}`).join(' | ')} |`,
);
console.log(
  `|---|--:|--:|---|--:|${heads.map(() => '--:|').join('')}--:|--:|${heads.map(() => '--:|').join('')}`,
);
const sums = {
  lean: heads.map(() => 0),
  up: heads.map(() => 0),
  cam: [0, 0],
  err: 0,
  errPrior: 0,
  n: 0,
  maxLean: 0,
};
for (const shape of shapes) {
  if (only && !only.includes(shape.name)) continue;
  for (const pitch of pitches) {
    const truth = renderTruth(shape, SAMPLES, { yaw, pitch, focal35 });
    const uprightTruth = applyLevel(truth.points, levelTransform(truth.points, pitch));
    const leanTruth = pointsLean(uprightTruth);
    normaliseUnitDiagonal(uprightTruth);
    normaliseUnitDiagonal(truth.points);
    const bytes = await png(truth.image);
    const fresh = await engine.convert(bytes, { topology: 'low', elevation: newOptions });
    const estimated = fresh.stats.elevation.source === 'estimated';
    // With no cue the estimator changes nothing: the prior's model is the same one.
    const prior = estimated
      ? await engine.convert(
          bytes,
          oracle
            ? { topology: 'low', lift: { inflate: { elevation: 15 + mix * (pitch - 15) } } }
            : { topology: 'low', elevation: { enabled: false } },
        )
      : fresh;
    const runs = [prior];
    if (flatCompare)
      runs.push(
        estimated
          ? await engine.convert(bytes, { topology: 'low', elevation: { flattenCaps: false } })
          : fresh,
      );
    runs.push(fresh);
    const sc = runs.map((r) => scores(r, truth.points, uprightTruth));
    const est = fresh.stats.level.elevationDeg;
    const el = fresh.stats.elevation;
    const cue = `${el.source}${el.cues.length ? ` (${el.cues.map((c) => `${c.kind} ${c.degrees.toFixed(0)}`).join(', ')})` : ''}`;
    sc.forEach((x, i) => {
      sums.lean[i] += x.lean;
      sums.up[i] += x.cdUpright;
    });
    const last = sc[sc.length - 1];
    sums.cam[0] += sc[0].cdCamera;
    sums.cam[1] += last.cdCamera;
    sums.err += Math.abs(est - pitch);
    sums.errPrior += Math.abs(prior.stats.level.elevationDeg - pitch);
    sums.maxLean = Math.max(sums.maxLean, last.lean);
    sums.n++;
    console.log(
      `| ${shape.name} | ${pitch} | ${est.toFixed(1)} | ${cue} | ${leanTruth.toFixed(1)} | ${sc.map((x) => x.lean.toFixed(1)).join(' | ')} | ${sc[0].cdCamera.toFixed(4)} | ${last.cdCamera.toFixed(4)} | ${sc.map((x) => x.cdUpright.toFixed(4)).join(' | ')} |`,
    );
    if (estimated) {
      await sheet(`${setName}-${shape.name}-${pitch}-prior`, prior);
      await sheet(`${setName}-${shape.name}-${pitch}-new`, fresh);
    }
  }
}
const m = (x: number) => (x / sums.n).toFixed(4);
console.log(
  `| **mean** | | err ${(sums.err / sums.n).toFixed(1)}° (prior ${(sums.errPrior / sums.n).toFixed(1)}°) | | | ${sums.lean.map((l) => (l / sums.n).toFixed(1)).join(' | ')} (max new ${sums.maxLean.toFixed(1)}) | ${m(sums.cam[0])} | ${m(sums.cam[1])} | ${sums.up.map(m).join(' | ')} |`,
);
await engine.close();
