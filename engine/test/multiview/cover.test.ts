import { describe, expect, it } from 'vitest';
import { box, capsule } from '../../bench/support/primitives.ts';
import type { Shape } from '../../bench/support/shapes.ts';
import { createEngine } from '../../src/index.ts';
import { cuts, fourViews, upright } from '../support/multiview.ts';

const engine = createEngine();
const WOOD: [number, number, number] = [150, 100, 60];

// A peg board: four thin posts standing up from a base at a square's corners. Turned 30° to the camera,
// every front-view post pairs with every side-view one; the posts rise from the body, not under it, so
// the per-part step (ghosts.ts) never judges them and keeps every ghost post. A ghost is shorter than the
// posts whose images it lies on (nearer the camera in one of two opposite views, seen from above), so
// the posts explain more and the ghosts then nothing new.
const FRAME: Shape = {
  name: 'pegs',
  parts: [
    box([0, -0.46, 0], [0.3, 0.04, 0.3], WOOD),
    ...[
      [0.22, 0.22],
      [-0.22, 0.22],
      [0.22, -0.22],
      [-0.22, -0.22],
    ].map(([x, z]) => capsule([x, -0.44, z], [x, 0.44, z], 0.03, WOOD)),
  ],
};

describe('ghosts as a set cover', () => {
  it('keeps exactly the four posts of a peg board turned 30°, where each part judged alone keeps ghosts', async () => {
    const input = await fourViews(FRAME, { yaw: 30, pitch: 10 });
    // The walk is even here: the comparison skips the camera search (the test's cost under load).
    // The cover was measured with the hull's box from the coarse carve's centres; with the thin box (the
    // default since the fifth final set) it keeps 7 posts here, not yet looked into (engine/README.md).
    const r = await engine.convert(input, {
      topology: 'low',
      multiview: { hull: { cover: {}, thinBox: false }, walk: false },
    });
    expect(r.stats.views?.ghosts).toBeGreaterThan(0);
    expect(cuts(upright(r), r.mesh.indices)).toEqual([4, 4, 4]);

    const old = await engine.convert(input, {
      topology: 'low',
      multiview: { hull: { cover: false, thinBox: false }, walk: false },
    });
    expect(Math.max(...cuts(upright(old), old.mesh.indices))).toBeGreaterThan(4);
  }, 60_000);
});
