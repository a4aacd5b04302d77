/**
 * The multi-view part of `npm run bench:engine`: each ground-truth shape photographed from four sides
 * (bench/support/views.ts), converted from the front photo alone and from all four in the same run, scored
 * against the same surface; then the time of a four-view conversion against a one-view one.
 */
import { join } from 'node:path';
import sharp from 'sharp';
import type { ConvertResult, Engine, Topology } from '../src/index.ts';
import { unlevel } from '../src/pipeline/level.ts';
import { contactSheet } from '../test/support/raster.ts';
import { png } from '../test/support/synthetic.ts';
import { HIDDEN_CAMERA, hiddenShapes } from './support/hidden-shapes.ts';
import { normaliseUnitDiagonal, rng, sampleSurface, score } from './support/metrics.ts';
import { groundTruthShapes, type Shape } from './support/shapes.ts';
import { UNSEEN_CAMERA, unseenShapes } from './support/unseen-shapes.ts';
import { renderViews, type UnevenWalk, VIEWS_CAMERA } from './support/views.ts';
import { handHeldWalk, WALK_CAMERA, walkShapes } from './support/walk-shapes.ts';

async function sheet(dir: string | undefined, name: string, r: ConvertResult) {
  if (!dir) return;
  const s = contactSheet(r.mesh, r.texture, 200);
  await sharp(s.data, { raw: { width: s.width, height: s.height, channels: 4 } })
    .png()
    .toFile(join(dir, `${name}.png`));
}

async function inputs(shape: Shape, camera = VIEWS_CAMERA, walk: UnevenWalk = {}) {
  const v = renderViews(shape, 20_000, camera, walk);
  normaliseUnitDiagonal(v.points);
  return {
    points: v.points,
    front: await png(v.front),
    right: await png(v.right),
    back: await png(v.back),
    left: await png(v.left),
  };
}

export async function multiviewQuality(engine: Engine, sheetsDir?: string): Promise<void> {
  console.log(
    `\n## Multi-view quality (12 shapes, 512², front at yaw ${VIEWS_CAMERA.yaw}°, the walk at ${VIEWS_CAMERA.pitch}° elevation, low topology)\n`,
  );
  console.log(
    'Same renders, same scoring as the quality table; "one" = the front photo alone, "four" = front, right, back and left. The engine is not told the elevation. The multi-view options were chosen on these shapes.\n',
  );
  await qualityTable(engine, groundTruthShapes(), VIEWS_CAMERA, 'multiview', sheetsDir);
  console.log(
    `\n## Multi-view hidden set (${hiddenShapes().length} shapes never used to choose the method, front at yaw ${HIDDEN_CAMERA.yaw}°, the walk at ${HIDDEN_CAMERA.pitch}° elevation, low topology)\n`,
  );
  await qualityTable(engine, hiddenShapes(), HIDDEN_CAMERA, 'hidden', sheetsDir);
  console.log(
    `\n## Multi-view unseen set (${unseenShapes().length} everyday objects added after the hull's options were frozen, front at yaw ${UNSEEN_CAMERA.yaw}°, the walk at ${UNSEEN_CAMERA.pitch}° elevation, low topology)\n`,
  );
  await qualityTable(engine, unseenShapes(), UNSEEN_CAMERA, 'unseen', sheetsDir);
  await walkTable(engine, sheetsDir);
}

/**
 * The walk set (bench/support/walk-shapes.ts): one photo, four on an even walk, four on a hand-held walk
 * with the cameras found and, for comparison, with the nominal walk assumed (`walk: false`).
 */
export async function walkTable(engine: Engine, sheetsDir?: string): Promise<void> {
  const shapes = walkShapes();
  console.log(
    `\n## Multi-view walk set (${shapes.length} shapes written after the camera search's options were frozen, front at yaw ${WALK_CAMERA.yaw}°, ${WALK_CAMERA.pitch}° elevation; hand-held: turn ±15°, elevation ±10°, distance ×0.8–1.25 per view, low topology)\n`,
  );
  const rows = [
    '| shape | CD one | CD four even | CD four hand-held | CD hand-held, nominal walk | turns found (truth) | warnings |',
    '|---|--:|--:|--:|--:|---|---|',
  ];
  const sums = [0, 0, 0, 0];
  let failed = 0;
  const worse = [0, 0];
  const pts = (r: ConvertResult) =>
    normaliseUnitDiagonal(sampleSurface(r.mesh.positions, r.mesh.indices, 20_000, rng(11)));
  for (const [index, shape] of shapes.entries()) {
    const walk = handHeldWalk(index);
    const even = await inputs(shape, WALK_CAMERA);
    const held = await inputs(shape, WALK_CAMERA, walk);
    const four = (v: typeof even, nominal = false) =>
      engine.convert(
        { front: v.front, right: v.right, back: v.back, left: v.left },
        { topology: 'low', ...(nominal ? { multiview: { walk: false } } : {}) },
      );
    try {
      const one = await engine.convert(even.front, { topology: 'low' });
      const results = [one, await four(even), await four(held), await four(held, true)];
      const cds = results.map((r, k) => score(pts(r), k < 2 ? even.points : held.points).chamfer);
      cds.forEach((c, k) => {
        sums[k] += c;
      });
      if (cds[1] > cds[0]) worse[0]++;
      if (cds[2] > cds[0]) worse[1]++;
      await sheet(sheetsDir, `walk-${shape.name}-one`, one);
      await sheet(sheetsDir, `walk-${shape.name}-four-even`, results[1]);
      await sheet(sheetsDir, `walk-${shape.name}-four-held`, results[2]);
      const truthTurn = { right: 90, back: 180, left: 270 };
      const turns = (results[2].stats.views?.cameras ?? [])
        .map(
          (c) =>
            `${c.name} ${c.turn}°${c.found ? '' : ' (nominal)'} (${(truthTurn[c.name] + (walk[c.name]?.turn ?? 0)).toFixed(1)}°)`,
        )
        .join(', ');
      rows.push(
        `| ${shape.name} | ${cds.map((c) => c.toFixed(4)).join(' | ')} | ${turns} | ${results[2].stats.views?.warnings.join(' ') || '—'} |`,
      );
    } catch (err) {
      failed++;
      rows.push(`| ${shape.name} | | | | | | FAILED: ${(err as Error).message} |`);
    }
  }
  const n = shapes.length - failed;
  rows.push(`| **mean** | ${sums.map((x) => `**${(x / n).toFixed(4)}**`).join(' | ')} | | |`);
  console.log(rows.join('\n'));
  console.log(
    `\nmean Chamfer against one photo: four even ${(100 * (1 - sums[1] / sums[0])).toFixed(1)}% lower (target ≥ 40%), four hand-held ${(100 * (1 - sums[2] / sums[0])).toFixed(1)}% lower (target ≥ 30%; with the nominal walk assumed ${(100 * (1 - sums[3] / sums[0])).toFixed(1)}%); shapes worse than one photo: even ${worse[0]}, hand-held ${worse[1]}; failed conversions: ${failed}`,
  );
}

async function qualityTable(
  engine: Engine,
  shapes: Shape[],
  camera: typeof VIEWS_CAMERA,
  prefix: string,
  sheetsDir?: string,
): Promise<void> {
  const rows = [
    '| shape | CD one | CD four | F one | F four | elevation found | warnings |',
    '|---|--:|--:|--:|--:|--:|---|',
  ];
  let sumOne = 0;
  let sumFour = 0;
  let failed = 0;
  let worse = 0;
  for (const shape of shapes) {
    const v = await inputs(shape, camera);
    const one = await engine.convert(v.front, { topology: 'low' });
    let four: ConvertResult;
    try {
      four = await engine.convert(
        { front: v.front, right: v.right, back: v.back, left: v.left },
        { topology: 'low' },
      );
    } catch (err) {
      failed++;
      rows.push(`| ${shape.name} | | | | | | FAILED: ${(err as Error).message} |`);
      continue;
    }
    // Scored in the front camera's frame, as before the models came out upright.
    const pts = (r: ConvertResult) =>
      normaliseUnitDiagonal(
        sampleSurface(unlevel(r.mesh.positions, r.stats.level), r.mesh.indices, 20_000, rng(11)),
      );
    const a = score(pts(one), v.points);
    const b = score(pts(four), v.points);
    sumOne += a.chamfer;
    sumFour += b.chamfer;
    if (b.chamfer > a.chamfer) worse++;
    await sheet(sheetsDir, `${prefix}-${shape.name}-one`, one);
    await sheet(sheetsDir, `${prefix}-${shape.name}-four`, four);
    rows.push(
      `| ${shape.name} | ${a.chamfer.toFixed(4)} | ${b.chamfer.toFixed(4)} | ${a.fscore.toFixed(3)} | ${b.fscore.toFixed(3)} | ${four.stats.views?.elevation}° | ${four.stats.views?.warnings.join(' ') || '—'} |`,
    );
  }
  const n = shapes.length - failed;
  rows.push(`| **mean** | **${(sumOne / n).toFixed(4)}** | **${(sumFour / n).toFixed(4)}** | | | | |`);
  console.log(rows.join('\n'));
  console.log(
    `\nmean Chamfer: four views ${(100 * (1 - sumFour / sumOne)).toFixed(1)}% lower than one (target ≥ 40%); shapes where four are worse: ${worse}; failed conversions: ${failed} (target 0)`,
  );
}

export async function multiviewSpeed(engine: Engine, quick: boolean): Promise<void> {
  console.log(
    '\n## Multi-view speed (warm process, conversion only; fastest of the runs, wall ms and process CPU ms)\n',
  );
  const rows = [
    '| shape | topology | one view (wall) | four views (wall) | ratio (wall) | one view (CPU) | four views (CPU) | ratio (CPU) |',
    '|---|---|--:|--:|--:|--:|--:|--:|',
  ];
  const ratios: number[] = [];
  const cpuRatios: number[] = [];
  // Process CPU time (all threads) counts only this process's work: on a shared machine the wall time
  // of two runs minutes apart can differ by 2× from other load alone.
  const cpuOf = async (run: () => Promise<unknown>) => {
    const c0 = process.cpuUsage();
    const s = performance.now();
    await run();
    const c = process.cpuUsage(c0);
    return { wall: performance.now() - s, cpu: (c.user + c.system) / 1000 };
  };
  for (const shape of groundTruthShapes().slice(0, quick ? 1 : 3)) {
    const v = await inputs(shape);
    for (const topology of ['low', 'high'] as Topology[]) {
      const runs = quick ? 1 : 2;
      const t1: { wall: number; cpu: number }[] = [];
      const t4: { wall: number; cpu: number }[] = [];
      for (let i = 0; i < runs; i++) {
        t1.push(await cpuOf(() => engine.convert(v.front, { topology })));
        t4.push(
          await cpuOf(() =>
            engine.convert({ front: v.front, right: v.right, back: v.back, left: v.left }, { topology }),
          ),
        );
      }
      const m1 = Math.min(...t1.map((t) => t.wall));
      const m4 = Math.min(...t4.map((t) => t.wall));
      const c1 = Math.min(...t1.map((t) => t.cpu));
      const c4 = Math.min(...t4.map((t) => t.cpu));
      if (topology === 'high') {
        ratios.push(m4 / m1);
        cpuRatios.push(c4 / c1);
      }
      rows.push(
        `| ${shape.name} | ${topology} | ${m1.toFixed(0)} | ${m4.toFixed(0)} | ${(m4 / m1).toFixed(2)}× | ${c1.toFixed(0)} | ${c4.toFixed(0)} | ${(c4 / c1).toFixed(2)}× |`,
      );
    }
  }
  console.log(rows.join('\n'));
  console.log(
    `\nfour views vs one, high: wall ${ratios.map((r) => `${r.toFixed(2)}×`).join(', ')}; CPU ${cpuRatios.map((r) => `${r.toFixed(2)}×`).join(', ')} (target ≤ 2.5×)`,
  );
}
