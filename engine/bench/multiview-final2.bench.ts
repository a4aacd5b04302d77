/**
 * Runs the second perspective final set (multiview-final2-shapes.ts) once: one photo, four on an even
 * walk and on a hand-held one, with and without the focal length; with --sheets, the 8-view sheets of
 * the results and of the true shapes.
 *
 * npx tsx engine/bench/multiview-final2.bench.ts [--sheets DIR]
 */
import { mkdirSync } from 'node:fs';
import { createEngine } from '../src/index.ts';
import { FINAL2_CAMERA, FINAL2_FOCALS, final2Shapes, final2Walk } from './multiview-final2-shapes.ts';
import { perspectiveTable } from './multiview-perspective.ts';

const at = process.argv.indexOf('--sheets');
const sheets = at > 0 ? process.argv[at + 1] : undefined;
if (sheets) mkdirSync(sheets, { recursive: true });
const engine = createEngine();
await perspectiveTable(
  engine,
  {
    title: `Multi-view perspective second final set (${final2Shapes().length} shapes, run once after the pinhole elevation search was frozen)`,
    shapes: final2Shapes(),
    camera: FINAL2_CAMERA,
    focals: FINAL2_FOCALS,
    walk: final2Walk,
    prefix: 'final2',
  },
  sheets,
);
await engine.close();
