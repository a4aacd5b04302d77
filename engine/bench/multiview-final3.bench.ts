/**
 * Runs the third perspective final set (multiview-final3-shapes.ts) once: one photo, four on an even
 * walk and on a hand-held one, with and without the focal length; with --sheets, the 8-view sheets of
 * the results and of the true shapes.
 *
 * npx tsx engine/bench/multiview-final3.bench.ts [--sheets DIR]
 */
import { mkdirSync } from 'node:fs';
import { createEngine } from '../src/index.ts';
import { FINAL3_CAMERA, FINAL3_FOCALS, final3Shapes, final3Walk } from './multiview-final3-shapes.ts';
import { perspectiveTable } from './multiview-perspective.ts';

const at = process.argv.indexOf('--sheets');
const sheets = at > 0 ? process.argv[at + 1] : undefined;
if (sheets) mkdirSync(sheets, { recursive: true });
const engine = createEngine();
await perspectiveTable(
  engine,
  {
    title: `Multi-view perspective third final set (${final3Shapes().length} shapes, run once after the turn scan was frozen)`,
    shapes: final3Shapes(),
    camera: FINAL3_CAMERA,
    focals: FINAL3_FOCALS,
    walk: final3Walk,
    prefix: 'final3',
  },
  sheets,
);
await engine.close();
