import { describe, expect, it } from 'vitest';
import { capsule, ellipsoid, torus } from '../../bench/support/primitives.ts';
import type { Shape } from '../../bench/support/shapes.ts';
import { createEngine } from '../../src/index.ts';
import { cuts, fourViews, upright } from '../support/multiview.ts';

const engine = createEngine();
const STEEL: [number, number, number] = [90, 95, 105];

// Two thin rings stacked in one vertical plane (a figure of eight, like a bicycle's wheels stood on end),
// turned 30° to the camera: at every height a ring's two crossings in the front view pair with its two in
// the side view, so the plain hull holds a ghost ring beside each; the flat step keeps the plane's rings.
const RINGS: Shape = {
  name: 'rings',
  parts: [
    torus([0, 0.22, 0], [0, 0, 1], 0.2, 0.022, STEEL),
    torus([0, -0.22, 0], [0, 0, 1], 0.2, 0.022, STEEL),
    capsule([0, -0.04, 0], [0, 0.04, 0], 0.022, STEEL),
  ],
};

// A round body on four legs: a slab through it explains a strip of the side views, so it is not flat.
const ANIMAL: Shape = {
  name: 'animal',
  parts: [
    ellipsoid([0, 0.05, 0], [0.3, 0.14, 0.14], STEEL),
    ...[
      [0.2, 0.08],
      [-0.2, 0.08],
      [0.2, -0.08],
      [-0.2, -0.08],
    ].map(([x, z]) => capsule([x, 0, z], [x, -0.45, z], 0.03, STEEL)),
  ],
};

describe('flat objects', () => {
  it('cuts two rings in a plane turned 30° to it, where the plain hull holds ghost rings', async () => {
    const input = await fourViews(RINGS, { yaw: 30, pitch: 12 });
    // An even walk: the camera search is skipped (the test's cost under load).
    const r = await engine.convert(input, {
      topology: 'low',
      multiview: { hull: { flat: {} }, walk: false },
    });
    expect(r.stats.views?.flat?.flat).toBe(true);
    // A cut through each ring's middle crosses it twice.
    expect(cuts(upright(r), r.mesh.indices, [0.25, 0.75])).toEqual([2, 2]);

    const old = await engine.convert(input, {
      topology: 'low',
      multiview: { hull: { flat: false }, walk: false },
    });
    expect(Math.max(...cuts(upright(old), old.mesh.indices, [0.25, 0.75]))).toBeGreaterThan(2);
  }, 90_000);

  it('leaves a round body on legs as it is', async () => {
    const input = await fourViews(ANIMAL, { yaw: 30, pitch: 12 });
    const r = await engine.convert(input, {
      topology: 'low',
      multiview: { hull: { flat: {} }, walk: false },
    });
    expect(r.stats.views?.flat?.flat).toBe(false);
  }, 60_000);
});
