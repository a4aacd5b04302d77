/**
 * The single-photo elevation estimator's cost: converts the PNGs in a folder (low topology, one engine)
 * with the estimator on or off, for a whole-process comparison of the two, and prints the estimator's
 * own time per photo measured in-process on the same masks.
 *
 * tsx engine/bench/elevation-speed.bench.ts DIR on|off      (DIR: PNGs with alpha, e.g. from --write DIR)
 * tsx engine/bench/elevation-speed.bench.ts --write DIR      (renders the tuning shapes at 20° into DIR)
 */
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { buildMaskGrid, maskBounds } from '../src/geometry/grid.ts';
import { capCues } from '../src/geometry/photo-elevation.ts';
import { createEngine } from '../src/index.ts';
import { png } from '../test/support/synthetic.ts';
import { groundTruthShapes } from './support/shapes.ts';
import { renderTruth } from './support/truth.ts';

const [first, second] = process.argv.slice(2);
if (first === '--write') {
  mkdirSync(second, { recursive: true });
  for (const shape of groundTruthShapes()) {
    const t = renderTruth(shape, 10, { yaw: 30, pitch: 20, focal35: 35 });
    writeFileSync(join(second, `${shape.name}.png`), await png(t.image));
    // The estimator alone, on the mask the lift sees (160 cells, the low preset), 50 times.
    const mask = new Float32Array(t.image.width * t.image.height);
    for (let i = 0; i < mask.length; i++) mask[i] = t.image.data[i * 4 + 3] / 255;
    const grid = buildMaskGrid(t.image, mask, maskBounds(mask, t.image.width, t.image.height)!, 160);
    const inside = new Uint8Array(grid.w * grid.h);
    for (let i = 0; i < inside.length; i++) inside[i] = grid.coverage[i] >= 0.5 ? 1 : 0;
    const frame = { cell: grid.cell, y0: grid.y0, imageWidth: t.image.width, imageHeight: t.image.height };
    const start = performance.now();
    for (let k = 0; k < 50; k++) capCues(inside, grid.w, grid.h, frame);
    console.log(`${shape.name}: estimator ${((performance.now() - start) / 50).toFixed(2)} ms per photo`);
  }
} else {
  const engine = createEngine();
  for (const file of readdirSync(first).filter((f) => f.endsWith('.png'))) {
    await engine.convert(new Uint8Array(readFileSync(join(first, file))), {
      topology: 'low',
      elevation: { enabled: second !== 'off' },
    });
  }
  await engine.close();
}
