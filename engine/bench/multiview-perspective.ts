/**
 * Multi-view under perspective: each shape photographed by a pinhole camera of several 35 mm equivalent
 * focal lengths (a phone's 26 mm up close, 35 mm, a zoomed 50–70 mm), on an even walk and on a hand-held
 * one; converted from the front photo alone and from all four, with the focal length given (as EXIF
 * gives it) and without. Scored by Chamfer distance, F-score and normal consistency in the front
 * camera's frame (translation + uniform scale alignment, bench/support/metrics.ts).
 */
import { join } from 'node:path';
import sharp from 'sharp';
import type { ConvertResult, Engine, MultiViewOptions } from '../src/index.ts';
import { unlevel } from '../src/pipeline/level.ts';
import { contactSheet } from '../test/support/raster.ts';
import { png } from '../test/support/synthetic.ts';
import { normalConsistency, normaliseUnitDiagonal, rng, sampleSurface, score } from './support/metrics.ts';
import type { Shape } from './support/shapes.ts';
import { renderViews, type UnevenWalk } from './support/views.ts';

export interface PerspectiveSet {
  /** What the set is and when it was written (printed above its table). */
  title: string;
  shapes: Shape[];
  camera: { yaw: number; pitch: number };
  focals: number[];
  /** The hand-held walk of the shape at this index. */
  walk: (index: number) => UnevenWalk;
  /** File name prefix of the sheets. */
  prefix: string;
  /** Multi-view options of the four-photo conversions (to compare a step on and off); the defaults if absent. */
  multiview?: Partial<MultiViewOptions>;
}

async function sheet(dir: string | undefined, name: string, r: ConvertResult) {
  if (!dir) return;
  const s = contactSheet(r.mesh, r.texture, 200);
  await sharp(s.data, { raw: { width: s.width, height: s.height, channels: 4 } })
    .png()
    .toFile(join(dir, `${name}.png`));
}

/** Samples and normals of a result in the front camera's frame, normalised like the truth. */
function surface(r: ConvertResult): { points: Float32Array; normals: Float32Array } {
  const normals: number[] = [];
  const points = sampleSurface(
    unlevel(r.mesh.positions, r.stats.level),
    r.mesh.indices,
    20_000,
    rng(11),
    undefined,
    normals,
  );
  return { points: normaliseUnitDiagonal(points), normals: Float32Array.from(normals) };
}

const COLUMNS = ['one', 'four even', 'four hand-held', 'four hand-held, no focal length'] as const;

export async function perspectiveTable(engine: Engine, set: PerspectiveSet, sheetsDir?: string) {
  console.log(`\n## ${set.title}\n`);
  console.log(
    `Front at yaw ${set.camera.yaw}°, ${set.camera.pitch}° elevation; 512² perspective renders at ${set.focals.join(', ')} mm (35 mm equivalent); hand-held: turn ±15°, elevation ±10°, distance ×0.8–1.25 per view; low topology. "four" is told the focal length as EXIF gives it, unless the column says otherwise. CD: Chamfer (lower is better), NC: normal consistency (1 is the truth).\n`,
  );
  const rows = [
    `| shape | focal | ${COLUMNS.map((c) => `CD ${c}`).join(' | ')} | ${COLUMNS.map((c) => `NC ${c}`).join(' | ')} | focal found | elevation found (even / held / no focal; truth ${set.camera.pitch}°) | views dropped (even / held / no focal) | warnings |`,
    `|---|--:|${COLUMNS.map(() => '--:|').join('')}${COLUMNS.map(() => '--:|').join('')}--:|--:|--:|---|`,
  ];
  const cd = COLUMNS.map(() => 0);
  const nc = COLUMNS.map(() => 0);
  const worse = [0, 0, 0];
  const dropped = [0, 0, 0];
  let runs = 0;
  let failed = 0;
  for (const [index, shape] of set.shapes.entries()) {
    for (const focal of set.focals) {
      const camera = { ...set.camera, focal35: focal };
      const even = renderViews(shape, 20_000, camera);
      const held = renderViews(shape, 20_000, camera, set.walk(index));
      normaliseUnitDiagonal(even.points);
      normaliseUnitDiagonal(held.points);
      const bytes = async (v: typeof even) => ({
        front: await png(v.front),
        right: await png(v.right),
        back: await png(v.back),
        left: await png(v.left),
      });
      const e = await bytes(even);
      const h = await bytes(held);
      const exif = { front: focal, right: focal, back: focal, left: focal };
      try {
        const four = { topology: 'low' as const, multiview: set.multiview };
        const results = [
          await engine.convert(e.front, { topology: 'low' }),
          await engine.convert({ ...e, focalLength35mm: exif }, four),
          await engine.convert({ ...h, focalLength35mm: exif }, four),
          await engine.convert(h, four),
        ];
        const truths = [even, even, held, held];
        const scores = results.map((r, k) => {
          const s = surface(r);
          const t = truths[k];
          return {
            cd: score(s.points, t.points).chamfer,
            nc: normalConsistency(s.points, s.normals, t.points, t.normals),
          };
        });
        scores.forEach((s, k) => {
          cd[k] += s.cd;
          nc[k] += s.nc;
          if (k > 0 && s.cd > scores[0].cd) worse[k - 1]++;
        });
        runs++;
        for (const [k, r] of results.entries())
          if (k < 3)
            await sheet(
              sheetsDir,
              `${set.prefix}-${shape.name}-${focal}mm-${COLUMNS[k].replace(/ /g, '-')}`,
              r,
            );
        const found = results[3].stats.views?.focal35;
        // Which four-photo runs the flat-object step (multiview/flat.ts) cut to a plane.
        const flat = results
          .slice(1)
          .map((r, k) => (r.stats.views?.flat?.flat ? COLUMNS[k + 1] : ''))
          .filter(Boolean);
        const notes = [
          ...results.flatMap((r) => r.stats.views?.warnings ?? []),
          ...(flat.length ? [`flat: ${flat.join(', ')}`] : []),
        ];
        const elev = results
          .slice(1)
          .map((r) => r.stats.views?.elevation?.toFixed(1) ?? '—')
          .join(' / ');
        // Views the walk's misfit left to colour only (multiview/accept.ts).
        const drops = results
          .slice(1)
          .map((r) => r.stats.views?.views.filter((v) => v.use === 'colour').length ?? 0);
        drops.forEach((d, k) => {
          dropped[k] += d;
        });
        rows.push(
          `| ${shape.name} | ${focal} mm | ${scores.map((s) => s.cd.toFixed(4)).join(' | ')} | ${scores.map((s) => s.nc.toFixed(3)).join(' | ')} | ${found === undefined ? '—' : `${found} mm`} | ${elev} | ${drops.join(' / ')} | ${notes.join(' ') || '—'} |`,
        );
      } catch (err) {
        failed++;
        rows.push(
          `| ${shape.name} | ${focal} mm | ${COLUMNS.map(() => '').join(' | ')} | ${COLUMNS.map(() => '').join(' | ')} | | | | FAILED: ${(err as Error).message} |`,
        );
      }
    }
  }
  const mean = (x: number) => x / Math.max(1, runs);
  rows.push(
    `| **mean** | | ${cd.map((x) => `**${mean(x).toFixed(4)}**`).join(' | ')} | ${nc.map((x) => `**${mean(x).toFixed(3)}**`).join(' | ')} | | | ${dropped.join(' / ')} | |`,
  );
  console.log(rows.join('\n'));
  const cut = (k: number) => (100 * (1 - cd[k] / cd[0])).toFixed(1);
  console.log(
    `\nmean Chamfer against one photo: four even ${cut(1)}% lower (target ≥ 40%), four hand-held ${cut(2)}% lower (target ≥ 30%), hand-held without the focal length ${cut(3)}% lower; normal consistency one ${mean(nc[0]).toFixed(3)}, four ${mean(nc[1]).toFixed(3)} / ${mean(nc[2]).toFixed(3)} / ${mean(nc[3]).toFixed(3)} (target ≥ 0.72); runs worse than one photo: ${worse.join(' / ')}; views dropped to colour only: ${dropped.join(' / ')}; failed conversions: ${failed}`,
  );
}
