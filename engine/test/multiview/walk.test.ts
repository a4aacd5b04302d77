import { describe, expect, it } from 'vitest';
import { box, revolve, sphere, torus } from '../../bench/support/primitives.ts';
import type { Shape } from '../../bench/support/shapes.ts';
import { renderViews, type UnevenWalk } from '../../bench/support/views.ts';
import { type ConvertResult, createEngine } from '../../src/index.ts';
import { checkManifold, weld } from '../support/mesh-checks.ts';
import { inside, slice, upright } from '../support/multiview.ts';
import { png } from '../support/synthetic.ts';

const engine = createEngine();
const WOOD: [number, number, number] = [150, 100, 60];
const WHITE: [number, number, number] = [235, 235, 230];

// A hand-held walk: the back photo 8° short of its half turn and from lower down, the right one from
// higher up and farther away, the left one nearer.
const WALK: UnevenWalk = {
  right: { turn: 0, pitch: 16, zoom: 0.85 },
  back: { turn: -8, pitch: 6, zoom: 1.1 },
  left: { turn: 0, pitch: 12, zoom: 1.2 },
};

const desk: Shape = {
  name: 'desk',
  parts: [
    box([0, 0.3, 0], [0.4, 0.04, 0.3], WOOD),
    box([0.33, -0.08, 0.23], [0.035, 0.35, 0.035], WOOD),
    box([-0.33, -0.08, 0.23], [0.035, 0.35, 0.035], WOOD),
    box([0.33, -0.08, -0.23], [0.035, 0.35, 0.035], WOOD),
    box([-0.33, -0.08, -0.23], [0.035, 0.35, 0.035], WOOD),
  ],
};

const mug: Shape = {
  name: 'mug',
  parts: [
    revolve(
      [0, -0.4, 0],
      [0, 1, 0],
      [
        [0, 0],
        [0.3, 0],
        [0.3, 0.8],
        [0, 0.8],
      ],
      WHITE,
    ),
    torus([0.3, 0, 0], [0, 0, 1], 0.2, 0.05, WHITE),
  ],
};

async function photos(shape: Shape, walk: UnevenWalk) {
  const v = renderViews(shape, 16, { yaw: 0, pitch: 10 }, walk);
  return {
    front: await png(v.front),
    right: await png(v.right),
    back: await png(v.back),
    left: await png(v.left),
  };
}

function expectClosedSolid(r: ConvertResult) {
  const report = checkManifold(weld(r.mesh.positions, r.mesh.indices));
  expect(report.badEdges).toBe(0);
  expect(report.flippedEdges).toBe(0);
  expect(report.nonManifoldVertices).toBe(0);
  expect(report.volume).toBeGreaterThan(0);
}

/** The model stood upright with its bounds. */
function standing(r: ConvertResult) {
  const p = Float32Array.from(upright(r));
  const lo = [Infinity, Infinity, Infinity];
  const hi = [-Infinity, -Infinity, -Infinity];
  for (let i = 0; i < p.length; i++) {
    lo[i % 3] = Math.min(lo[i % 3], p[i]);
    hi[i % 3] = Math.max(hi[i % 3], p[i]);
  }
  return { p, lo, hi };
}

/**
 * The desk's legs half-way down: solid at the four corners of the slice's extent, nothing in the middle
 * or between two legs.
 */
function expectFourLegs(r: ConvertResult) {
  const { p, lo, hi } = standing(r);
  const { indices } = r.mesh;
  const y = lo[1] + 0.35 * (hi[1] - lo[1]);
  const ring = slice(p, indices, y);
  const x0 = Math.min(...ring.map((q) => q[0]));
  const x1 = Math.max(...ring.map((q) => q[0]));
  const z0 = Math.min(...ring.map((q) => q[1]));
  const z1 = Math.max(...ring.map((q) => q[1]));
  // Model units per unit of the desk: its top is 0.8 wide. The legs span 0.73 across.
  const scale = (hi[0] - lo[0]) / 0.8;
  expect((x1 - x0) / scale).toBeCloseTo(0.73, 1);
  const leg = 0.035 * scale;
  const xs = [x0 + leg, x1 - leg];
  const zs = [z0 + leg, z1 - leg];
  for (const x of xs) for (const z of zs) expect(inside(p, indices, [x, y, z])).toBe(true);
  const xm = (x0 + x1) / 2;
  const zm = (z0 + z1) / 2;
  expect(inside(p, indices, [xm, y, zm])).toBe(false);
  for (const x of xs) expect(inside(p, indices, [x, y, zm])).toBe(false);
  for (const z of zs) expect(inside(p, indices, [xm, y, z])).toBe(false);
}

describe('cameras found from the silhouettes', () => {
  it('registers an uneven walk: every photo shapes the model, the back turn found within 3°', async () => {
    const four = await engine.convert(await photos(desk, WALK), { topology: 'low' });
    const views = four.stats.views;
    expect(views?.warnings).toEqual([]);
    expect(views?.views.map((v) => v.use)).toEqual(['shape', 'shape', 'shape']);
    const back = views?.cameras.find((c) => c.name === 'back');
    expect(back?.found).toBe(true);
    expect(Math.abs((back?.turn ?? 0) - 172)).toBeLessThanOrEqual(3);
    // The found cameras fit the silhouettes far better than the walk as asked for.
    expect(views?.misfit?.found).toBeLessThan(0.25 * (views?.misfit?.nominal ?? 0));
    expectClosedSolid(four);
    expectFourLegs(four);
  });

  it('keeps a mug handle walked around unevenly as a solid ring with its hole', async () => {
    const four = await engine.convert(await photos(mug, WALK), { topology: 'low' });
    expect(four.stats.views?.warnings).toEqual([]);
    expectClosedSolid(four);
    // Across the mug at the handle's height, through the middle: the body, the handle's hole, the
    // handle's tube (solid runs of the line, scanned in steps of 1/200 of the width).
    const { p, lo, hi } = standing(four);
    const y = (lo[1] + hi[1]) / 2;
    const z = (lo[2] + hi[2]) / 2;
    const runs: number[] = [];
    let prev = false;
    for (let i = 0; i <= 200; i++) {
      const x = lo[0] + ((hi[0] - lo[0]) * i) / 200;
      const now = inside(p, four.mesh.indices, [x, y, z]);
      if (now && !prev) runs.push(0);
      if (now) runs[runs.length - 1]++;
      prev = now;
    }
    // The body (0.6 of the mug's 0.85 width) and the tube (0.1 across): two solids with the hole between.
    expect(runs.length).toBe(2);
    expect(runs[0] / 200).toBeGreaterThan(0.55);
    expect(runs[1] / 200).toBeGreaterThan(0.05);
    expect(runs[1] / 200).toBeLessThan(0.2);
  });

  it('uses a side photo of another object for colour only, with the warning, and shapes from the rest', async () => {
    const input = await photos(desk, {});
    const ball = renderViews({ name: 'ball', parts: [sphere([0, 0, 0], 0.4, WOOD)] }, 16, {
      yaw: 270,
      pitch: 10,
    });
    const four = await engine.convert({ ...input, left: await png(ball.front) }, { topology: 'low' });
    const views = four.stats.views;
    expect(views?.warnings).toEqual(['The left-side photo did not match; it was used for colour only.']);
    expect(views?.views.map((v) => [v.name, v.use])).toEqual([
      ['right', 'shape'],
      ['back', 'shape'],
      ['left', 'colour'],
    ]);
    expect(views?.method).toBe('hull');
    expectClosedSolid(four);
    expectFourLegs(four);
  });
});
