/**
 * How well the cameras are found: each shape of a set photographed by pinhole cameras on a hand-held
 * walk, converted from four photos (focal length given as EXIF gives it, and not given), and the found
 * front elevation, each view's turn and elevation compared with the truth. Also the multi-view steps'
 * milliseconds, to see where a four-photo conversion's time goes.
 *
 * npx tsx engine/bench/multiview-cameras.bench.ts [--no-exif] [--even] [--truth: the elevation held at AT, default the truth]
 */
import { createEngine } from '../src/index.ts';
import { png } from '../test/support/synthetic.ts';
import type { Shape } from './support/shapes.ts';
import { renderViews, type UnevenWalk } from './support/views.ts';
import { handHeldWalk, WALK_CAMERA, walkShapes } from './support/walk-shapes.ts';

interface CameraSet {
  shapes: Shape[];
  camera: { yaw: number; pitch: number };
  focals: number[];
  walk: (index: number) => UnevenWalk;
}

const TURN = { right: 90, back: 180, left: 270 } as const;

async function cameraTable(set: CameraSet, exif: boolean, force?: Record<string, unknown>): Promise<void> {
  const engine = createEngine();
  const rows = [
    '| shape | focal | elevation found (truth) | worst turn error | worst view elevation error | focal found | misfit | ms elevation / walk / fuse / paint |',
    '|---|--:|--:|--:|--:|--:|--:|---|',
  ];
  const errs = { front: [] as number[], turn: [] as number[], elev: [] as number[] };
  for (const [index, shape] of set.shapes.entries()) {
    const walk = set.walk(index);
    for (const focal of set.focals) {
      const v = renderViews(shape, 16, { ...set.camera, focal35: focal }, walk);
      const lens = { front: focal, right: focal, back: focal, left: focal };
      const r = await engine.convert(
        {
          front: await png(v.front),
          right: await png(v.right),
          back: await png(v.back),
          left: await png(v.left),
          ...(exif ? { focalLength35mm: lens } : {}),
        },
        { topology: 'low', ...(force ? { multiview: force } : {}) },
      );
      const s = r.stats.views;
      if (!s) continue;
      const fe = s.elevation - set.camera.pitch;
      let turn = 0;
      let elev = 0;
      for (const c of s.cameras) {
        const w = walk[c.name];
        turn = Math.max(turn, Math.abs(c.turn - (TURN[c.name] + (w?.turn ?? 0))));
        elev = Math.max(elev, Math.abs(c.elevation - (w?.pitch ?? set.camera.pitch)));
      }
      errs.front.push(Math.abs(fe));
      errs.turn.push(turn);
      errs.elev.push(elev);
      rows.push(
        `| ${shape.name} | ${focal} mm | ${s.elevation}° (${set.camera.pitch}°) | ${turn.toFixed(1)}° | ${elev.toFixed(1)}° | ${s.focal35 ?? '—'} | ${s.misfit?.nominal} → ${s.misfit?.found} | ${s.ms.elevation} / ${s.ms.walk} / ${s.ms.fuse} / ${s.ms.paint} |`,
      );
    }
  }
  const mean = (x: number[]) => (x.reduce((a, b) => a + b, 0) / Math.max(1, x.length)).toFixed(1);
  console.log(rows.join('\n'));
  console.log(
    `\nmean |error|: front elevation ${mean(errs.front)}°, worst turn ${mean(errs.turn)}°, worst view elevation ${mean(errs.elev)}°`,
  );
  await engine.close();
}

const exif = !process.argv.includes('--no-exif');
const even = process.argv.includes('--even');
await cameraTable(
  { shapes: walkShapes(), camera: WALK_CAMERA, focals: [26, 50], walk: even ? () => ({}) : handHeldWalk },
  exif,
  process.argv.includes('--truth')
    ? { elevation: { candidates: [Number(process.env.AT ?? WALK_CAMERA.pitch)] }, walk: { maxFront: 0 } }
    : undefined,
);
