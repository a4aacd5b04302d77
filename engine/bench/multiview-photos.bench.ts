/**
 * Writes one shape's four renders as PNG files, to time the CLI on them from outside (farm-bench): one
 * photo against four, whole process each.
 *
 * npx tsx engine/bench/multiview-photos.bench.ts SHAPE DIR [FOCAL35]
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { png } from '../test/support/synthetic.ts';
import { groundTruthShapes } from './support/shapes.ts';
import { renderViews } from './support/views.ts';
import { WALK_CAMERA, walkShapes } from './support/walk-shapes.ts';

const [name, dir, focal] = process.argv.slice(2);
const shape = [...groundTruthShapes(), ...walkShapes()].find((s) => s.name === name);
if (!shape || !dir) throw new Error('usage: multiview-photos.bench.ts SHAPE DIR [FOCAL35]');
mkdirSync(dir, { recursive: true });
const v = renderViews(shape, 16, { ...WALK_CAMERA, focal35: focal ? Number(focal) : undefined });
for (const side of ['front', 'right', 'back', 'left'] as const)
  writeFileSync(join(dir, `${side}.png`), await png(v[side]));
