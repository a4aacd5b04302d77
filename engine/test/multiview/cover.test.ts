import { describe, expect, it } from 'vitest';
import { box, capsule } from '../../bench/support/primitives.ts';
import type { Shape } from '../../bench/support/shapes.ts';
import { createEngine } from '../../src/index.ts';
import { fourViews, upright } from '../support/multiview.ts';

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

/** Separate pieces of the horizontal cut at height y (crossing points grouped closer than `gap`). */
function posts(p: Float64Array, indices: Uint32Array, y: number, gap: number): number {
  const pts: [number, number][] = [];
  for (let t = 0; t < indices.length; t += 3)
    for (let k = 0; k < 3; k++) {
      const a = indices[t + k];
      const b = indices[t + ((k + 1) % 3)];
      const ya = p[a * 3 + 1] - y;
      const yb = p[b * 3 + 1] - y;
      if (ya * yb >= 0) continue;
      const s = ya / (ya - yb);
      pts.push([p[a * 3] + (p[b * 3] - p[a * 3]) * s, p[a * 3 + 2] + (p[b * 3 + 2] - p[a * 3 + 2]) * s]);
    }
  const parent = pts.map((_, i) => i);
  const find = (a: number): number => (parent[a] === a ? a : find(parent[a]));
  for (let a = 0; a < pts.length; a++)
    for (let b = a + 1; b < pts.length; b++)
      if (Math.hypot(pts[a][0] - pts[b][0], pts[a][1] - pts[b][1]) < gap) parent[find(a)] = find(b);
  return new Set(pts.map((_, a) => find(a))).size;
}

/** Pieces of cuts at a quarter, half and three quarters of the height. */
function cuts(p: Float64Array, indices: Uint32Array): number[] {
  let lo = Infinity;
  let hi = -Infinity;
  for (let v = 1; v < p.length; v += 3) {
    lo = Math.min(lo, p[v]);
    hi = Math.max(hi, p[v]);
  }
  const gap = 0.05 * (hi - lo);
  return [0.3, 0.5, 0.7].map((f) => posts(p, indices, lo + f * (hi - lo), gap));
}

describe('ghosts as a set cover', () => {
  it('keeps exactly the four posts of a peg board turned 30°, where each part judged alone keeps ghosts', async () => {
    const input = await fourViews(FRAME, { yaw: 30, pitch: 10 });
    // The walk is even here: the comparison skips the camera search (the test's cost under load).
    const r = await engine.convert(input, {
      topology: 'low',
      multiview: { hull: { cover: {} }, walk: false },
    });
    expect(r.stats.views?.ghosts).toBeGreaterThan(0);
    expect(cuts(upright(r), r.mesh.indices)).toEqual([4, 4, 4]);

    const old = await engine.convert(input, {
      topology: 'low',
      multiview: { hull: { cover: false }, walk: false },
    });
    expect(Math.max(...cuts(upright(old), old.mesh.indices))).toBeGreaterThan(4);
  }, 60_000);
});
