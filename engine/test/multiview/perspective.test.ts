/**
 * Photos taken as a phone takes them: a pinhole camera close up (26 mm equivalent, the object about
 * two of its sizes away), walked around unevenly. The engine is told the focal length as EXIF gives it,
 * or finds one from the silhouettes.
 */
import { describe, expect, it } from 'vitest';
import { box, revolve, torus } from '../../bench/support/primitives.ts';
import type { Shape } from '../../bench/support/shapes.ts';
import { renderViews, type UnevenWalk } from '../../bench/support/views.ts';
import { handHeldWalk, WALK_CAMERA, walkShapes } from '../../bench/support/walk-shapes.ts';
import { type ConvertResult, createEngine } from '../../src/index.ts';
import { checkManifold, weld } from '../support/mesh-checks.ts';
import { inside, upright } from '../support/multiview.ts';
import { png } from '../support/synthetic.ts';

const engine = createEngine();
const WHITE: [number, number, number] = [235, 235, 230];
const CARD: [number, number, number] = [190, 150, 100];

const WALK: UnevenWalk = {
  right: { turn: 5, pitch: 16, zoom: 0.9 },
  back: { turn: -8, pitch: 6, zoom: 1.1 },
  left: { turn: 0, pitch: 12, zoom: 1.15 },
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

const carton: Shape = { name: 'carton', parts: [box([0, 0, 0], [0.3, 0.45, 0.2], CARD)] };

async function photos(shape: Shape, focal35: number, walk: UnevenWalk = {}) {
  const v = renderViews(shape, 16, { yaw: 0, pitch: 10, focal35 }, walk);
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
  expect(report.nonManifoldVertices).toBe(0);
  expect(report.volume).toBeGreaterThan(0);
}

function bounds(p: Float32Array) {
  const lo = [Infinity, Infinity, Infinity];
  const hi = [-Infinity, -Infinity, -Infinity];
  for (let i = 0; i < p.length; i++) {
    lo[i % 3] = Math.min(lo[i % 3], p[i]);
    hi[i % 3] = Math.max(hi[i % 3], p[i]);
  }
  return { lo, hi };
}

describe('perspective cameras', () => {
  it('keeps a mug handle photographed up close at 26 mm on an uneven walk, told the focal length', async () => {
    const lens = { front: 26, right: 26, back: 26, left: 26 };
    const four = await engine.convert(
      { ...(await photos(mug, 26, WALK)), focalLength35mm: lens },
      { topology: 'low' },
    );
    const views = four.stats.views;
    expect(views?.warnings).toEqual([]);
    expect(views?.focalSource).toBe('exif');
    expect(views?.focal35).toBe(26);
    expect(views?.views.map((v) => v.use)).toEqual(['shape', 'shape', 'shape']);
    expectClosedSolid(four);
    // Across the mug at the handle's height, through the middle: the body, the handle's hole, the tube.
    const p = Float32Array.from(upright(four));
    const { lo, hi } = bounds(p);
    const y = (lo[1] + hi[1]) / 2;
    const z = (lo[2] + hi[2]) / 2;
    const runs: number[] = [];
    let prev = false;
    for (let i = 0; i <= 200; i++) {
      const now = inside(p, four.mesh.indices, [lo[0] + ((hi[0] - lo[0]) * i) / 200, y, z]);
      if (now && !prev) runs.push(0);
      if (now) runs[runs.length - 1]++;
      prev = now;
    }
    expect(runs.length).toBe(2);
    expect(runs[0] / 200).toBeGreaterThan(0.55);
    expect(runs[1] / 200).toBeGreaterThan(0.05);
  });

  it('keeps a carton photographed at 26 mm without EXIF a box with its proportions', async () => {
    // An implausible focal length (a crop factor, not millimetres) counts as none given.
    const four = await engine.convert(
      { ...(await photos(carton, 26)), focalLength35mm: { front: 1.5 } },
      { topology: 'low' },
    );
    const views = four.stats.views;
    expect(views?.warnings).toEqual([]);
    expect(views?.focalSource).not.toBe('exif');
    // Without EXIF the lens search starts from parallel rays; a box's four silhouettes do not tell it a
    // 26 mm lens (not found yet), and the box must still come out a box.
    expectClosedSolid(four);
    const p = Float32Array.from(upright(four));
    const { lo, hi } = bounds(p);
    const size = [0, 1, 2].map((a) => hi[a] - lo[a]);
    // 0.6 × 0.9 × 0.4: the proportions within 10 %.
    expect(size[0] / size[1]).toBeCloseTo(0.6 / 0.9, 1);
    expect(size[2] / size[1]).toBeGreaterThan(0.9 * (0.4 / 0.9));
    expect(size[2] / size[1]).toBeLessThan(1.1 * (0.4 / 0.9));
    // Square corners: a slice half-way up is nearly all of its bounding rectangle.
    const y = (lo[1] + hi[1]) / 2;
    let hits = 0;
    for (let i = 1; i < 20; i++)
      for (let k = 1; k < 20; k++)
        if (inside(p, four.mesh.indices, [lo[0] + (size[0] * i) / 20, y, lo[2] + (size[2] * k) / 20])) hits++;
    expect(hits / (19 * 19)).toBeGreaterThan(0.85);
  });

  it('finds the elevation of a hand-held walk photographed at 26 mm within a few degrees', async () => {
    // The walk set's giraffe (legs, neck, ears) walked unevenly from 13° above: parallel rays read 6°.
    const index = walkShapes().findIndex((s) => s.name === 'giraffe');
    const v = renderViews(walkShapes()[index], 16, { ...WALK_CAMERA, focal35: 26 }, handHeldWalk(index));
    const four = await engine.convert(
      {
        front: await png(v.front),
        right: await png(v.right),
        back: await png(v.back),
        left: await png(v.left),
        focalLength35mm: { front: 26, right: 26, back: 26, left: 26 },
      },
      { topology: 'low' },
    );
    const views = four.stats.views;
    expect(views?.warnings).toEqual([]);
    expect(Math.abs((views?.elevation ?? 0) - WALK_CAMERA.pitch)).toBeLessThanOrEqual(3);
    expectClosedSolid(four);
  });
});
