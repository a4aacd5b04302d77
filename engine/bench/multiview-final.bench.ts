/**
 * Runs a perspective final set once: one photo, four on an even walk and on a hand-held one, with and
 * without the focal length; with --sheets, the 8-view sheets of the results and of the true shapes.
 * Each set was made after the options it judges were frozen (engine README, multi-view).
 *
 * [MV_OPTS=JSON] npx tsx engine/bench/multiview-final.bench.ts --set 2|3|4|5|6 [--sheets DIR]
 * MV_OPTS: multi-view options of the four-photo conversions as JSON, e.g. '{"hull":{"cover":false}}'.
 */
import { mkdirSync } from 'node:fs';
import { createEngine } from '../src/index.ts';
import { FINAL2_CAMERA, FINAL2_FOCALS, final2Shapes, final2Walk } from './multiview-final2-shapes.ts';
import { FINAL3_CAMERA, FINAL3_FOCALS, final3Shapes, final3Walk } from './multiview-final3-shapes.ts';
import { FINAL4_CAMERA, FINAL4_FOCALS, final4Shapes, final4Walk } from './multiview-final4-shapes.ts';
import { FINAL5_CAMERA, FINAL5_FOCALS, final5Shapes, final5Walk } from './multiview-final5-shapes.ts';
import { FINAL6_CAMERA, FINAL6_FOCALS, final6Shapes, final6Walk } from './multiview-final6-shapes.ts';
import { perspectiveTable } from './multiview-perspective.ts';

const SETS = {
  '2': {
    title: 'second final set',
    frozen: 'the pinhole elevation search',
    shapes: final2Shapes,
    camera: FINAL2_CAMERA,
    focals: FINAL2_FOCALS,
    walk: final2Walk,
  },
  '3': {
    title: 'third final set',
    frozen: 'the turn scan',
    shapes: final3Shapes,
    camera: FINAL3_CAMERA,
    focals: FINAL3_FOCALS,
    walk: final3Walk,
  },
  '4': {
    title: 'fourth final set',
    frozen: 'the put-back of thin parts through the blur',
    shapes: final4Shapes,
    camera: FINAL4_CAMERA,
    focals: FINAL4_FOCALS,
    walk: final4Walk,
  },
  '5': {
    title: 'fifth final set',
    frozen: 'the flat-object step',
    shapes: final5Shapes,
    camera: FINAL5_CAMERA,
    focals: FINAL5_FOCALS,
    walk: final5Walk,
  },
  '6': {
    title: 'sixth final set',
    frozen: 'the robust view acceptance',
    shapes: final6Shapes,
    camera: FINAL6_CAMERA,
    focals: FINAL6_FOCALS,
    walk: final6Walk,
  },
} as const;

const arg = (name: string) => {
  const at = process.argv.indexOf(name);
  return at > 0 ? process.argv[at + 1] : undefined;
};
const id = arg('--set') ?? '3';
if (!(id in SETS)) {
  console.error('usage: npx tsx engine/bench/multiview-final.bench.ts --set 2|3|4|5|6 [--sheets DIR]');
  process.exit(2);
}
const set = SETS[id as keyof typeof SETS];
const sheets = arg('--sheets');
if (sheets) mkdirSync(sheets, { recursive: true });
const shapes = set.shapes();
const engine = createEngine();
await perspectiveTable(
  engine,
  {
    title: `Multi-view perspective ${set.title} (${shapes.length} shapes, run once after ${set.frozen} was frozen)`,
    shapes,
    camera: set.camera,
    focals: set.focals,
    walk: set.walk,
    prefix: `final${id}`,
    multiview: process.env.MV_OPTS ? JSON.parse(process.env.MV_OPTS) : undefined,
  },
  sheets,
);
await engine.close();
