/**
 * The 8-view sheets of the true shapes of a set, to lay next to the one- and four-photo sheets the
 * perspective tables write. The shapes are drawn in their own frame; the models may come out turned
 * about the vertical by up to the front camera's yaw, so compare a column with its neighbours.
 *
 * npx tsx engine/bench/multiview-truth-sheets.bench.ts final2|final3|final4|final5|tuning DIR
 */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import sharp from 'sharp';
import { contactSheet } from '../test/support/raster.ts';
import { final2Shapes } from './multiview-final2-shapes.ts';
import { final3Shapes } from './multiview-final3-shapes.ts';
import { final4Shapes } from './multiview-final4-shapes.ts';
import { final5Shapes } from './multiview-final5-shapes.ts';
import type { Shape } from './support/shapes.ts';
import { walkShapes } from './support/walk-shapes.ts';

const [set, dir] = process.argv.slice(2);
const chosen: { shapes: Shape[]; prefix: string } | undefined =
  set === 'final2'
    ? { shapes: final2Shapes(), prefix: 'final2' }
    : set === 'final3'
      ? { shapes: final3Shapes(), prefix: 'final3' }
      : set === 'final4'
        ? { shapes: final4Shapes(), prefix: 'final4' }
        : set === 'final5'
          ? { shapes: final5Shapes(), prefix: 'final5' }
          : set === 'tuning'
            ? { shapes: walkShapes(), prefix: 'persp' }
            : undefined;
if (!chosen || !dir)
  throw new Error('usage: multiview-truth-sheets.bench.ts final2|final3|final4|final5|tuning DIR');
mkdirSync(dir, { recursive: true });
for (const shape of chosen.shapes) {
  const positions: number[] = [];
  const indices: number[] = [];
  const colours: number[] = [];
  for (const part of shape.parts) {
    const base = positions.length / 3;
    positions.push(...part.positions);
    for (const i of part.indices) indices.push(base + i);
    for (let t = 0; t < part.indices.length / 3; t++) colours.push(...part.colour);
  }
  const s = contactSheet(
    {
      positions: Float32Array.from(positions),
      indices: Uint32Array.from(indices),
      triangleColours: Uint8Array.from(colours),
    },
    undefined,
    200,
  );
  await sharp(s.data, { raw: { width: s.width, height: s.height, channels: 4 } })
    .png()
    .toFile(join(dir, `${chosen.prefix}-${shape.name}-truth.png`));
}
