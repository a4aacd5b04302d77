import { describe, expect, it } from 'vitest';
import { box, sphere } from '../../bench/support/primitives.ts';
import type { Shape } from '../../bench/support/shapes.ts';
import { renderViews } from '../../bench/support/views.ts';
import { type ConvertResult, createEngine, EngineError } from '../../src/index.ts';
import { cameraFrame } from '../support/frames.ts';
import { checkManifold, weld } from '../support/mesh-checks.ts';
import { png } from '../support/synthetic.ts';

const engine = createEngine();
const SAND: [number, number, number] = [210, 180, 120];

function expectClosedSolid(result: ConvertResult) {
  const report = checkManifold(weld(result.mesh.positions, result.mesh.indices));
  expect(report.badEdges).toBe(0);
  expect(report.flippedEdges).toBe(0);
  expect(report.nonManifoldVertices).toBe(0);
  expect(report.volume).toBeGreaterThan(0);
  return report;
}

function extent(positions: Float32Array): [number, number, number] {
  const lo = [Infinity, Infinity, Infinity];
  const hi = [-Infinity, -Infinity, -Infinity];
  for (let i = 0; i < positions.length; i++) {
    lo[i % 3] = Math.min(lo[i % 3], positions[i]);
    hi[i % 3] = Math.max(hi[i % 3], positions[i]);
  }
  return [hi[0] - lo[0], hi[1] - lo[1], hi[2] - lo[2]];
}

async function views(shape: Shape, camera = { yaw: 0, pitch: 0 }) {
  const v = renderViews(shape, 16, camera);
  return {
    front: await png(v.front),
    right: await png(v.right),
    back: await png(v.back),
    left: await png(v.left),
  };
}

// A box 0.6 wide, 0.8 tall and 0.3 deep, seen square-on from its four sides.
const crate: Shape = { name: 'crate', parts: [box([0, 0, 0], [0.3, 0.4, 0.15], SAND)] };

describe('multi-view conversion', () => {
  it('turns a box seen from four sides into a box: measured depth, flat faces, closed solid', async () => {
    const input = await views(crate);
    const one = await engine.convert(input.front, { topology: 'low' });
    const four = await engine.convert(input, { topology: 'low' });
    expect(four.stats.views?.warnings).toEqual([]);
    expect(four.stats.views?.views.map((v) => v.use)).toEqual(['shape', 'shape', 'shape']);
    const report = expectClosedSolid(four);
    const [w, h, d] = extent(four.mesh.positions);
    // Model height is 1: the box's true proportions are 0.75 wide and 0.375 deep (the depth carries the
    // error of the estimated elevation, a few degrees here).
    expect(w / h).toBeCloseTo(0.75, 1);
    expect(Math.abs(d / h - 0.375)).toBeLessThan(0.1);
    // A pillow (about 0.6 of its bounding box) bulges: its front face drops toward the edges. A box's front face is flat where the photo
    // shows it (the middle 70% of its width and height), within a small share of the depth.
    const flatness = (r: ConvertResult) => {
      const p = cameraFrame(r);
      const [ww, hh, dd] = extent(p);
      let lo = Infinity;
      let hi = -Infinity;
      for (let v = 0; v < p.length / 3; v++) {
        if (Math.abs(p[v * 3]) > 0.35 * ww || Math.abs(p[v * 3 + 1]) > 0.35 * hh || p[v * 3 + 2] <= 0)
          continue;
        lo = Math.min(lo, p[v * 3 + 2]);
        hi = Math.max(hi, p[v * 3 + 2]);
      }
      return (hi - lo) / dd;
    };
    const [w1, h1, d1] = extent(one.mesh.positions);
    // One photo cannot know the depth (0.375 of the height here).
    expect(Math.abs(d1 / h1 - 0.375)).toBeGreaterThan(0.15);
    const fillOne = checkManifold(weld(one.mesh.positions, one.mesh.indices)).volume / (w1 * h1 * d1);
    expect(flatness(four)).toBeLessThan(0.2);
    expect(flatness(four)).toBeLessThan(flatness(one));
    expect(report.volume / (w * h * d)).toBeGreaterThan(0.75);
    expect(report.volume / (w * h * d)).toBeGreaterThan(fillOne);
  });

  it('keeps a closed solid and reports when the back photo shows another object', async () => {
    const input = await views(crate);
    const tall: Shape = { name: 'post', parts: [box([0, 0, 0], [0.05, 0.4, 0.05], SAND)] };
    const other = await views(tall);
    const result = await engine.convert({ front: input.front, back: other.back }, { topology: 'low' });
    expect(result.stats.views?.warnings).toEqual([
      'The back photo did not match; it was used for colour only.',
    ]);
    expect(result.stats.views?.views[0].use).toBe('colour');
    expectClosedSolid(result);
  });

  it('leaves out an extra view of different colours entirely', async () => {
    const input = await views(crate);
    const ball = await views({ name: 'ball', parts: [sphere([0, 0, 0], 0.4, [40, 60, 220])] });
    const result = await engine.convert({ front: input.front, back: ball.back }, { topology: 'low' });
    expect(result.stats.views?.warnings).toEqual([
      "The back photo did not match the front's colours; it was not used.",
    ]);
    expect(result.stats.views?.views[0].use).toBe('unused');
    expectClosedSolid(result);
  });

  it('refuses a corrupt extra view naming which photo it is', async () => {
    const input = await views(crate);
    const broken = input.back.slice(0, 60);
    const err = await engine
      .convert({ front: input.front, back: broken }, { topology: 'low' })
      .catch((e) => e);
    expect(err).toBeInstanceOf(EngineError);
    expect(err.code).toBe('corrupt_image');
    expect(err.message).toMatch(/^The back photo: /);
  });

  it('colours the back from the back photo, not from the front', async () => {
    // Light sand in front, dark brown behind: one photo can only guess a sand-coloured back.
    const FRONT: [number, number, number] = [225, 200, 150];
    const BACK: [number, number, number] = [120, 70, 40];
    const twoTone: Shape = {
      name: 'two-tone',
      parts: [box([0, 0, 0.1], [0.3, 0.4, 0.1], FRONT), box([0, 0, -0.1], [0.3, 0.4, 0.1], BACK)],
    };
    const input = await views(twoTone);
    // Mean texture colour where the surface faces backwards.
    const backColour = (r: ConvertResult) => {
      const { normals, uvs } = r.mesh;
      const t = r.texture;
      const sum = [0, 0, 0];
      let n = 0;
      for (let v = 0; v < uvs.length / 2; v++) {
        if (!normals || normals[v * 3 + 2] > -0.8) continue;
        const x = Math.min(t.width - 1, Math.floor(uvs[v * 2] * t.width));
        const y = Math.min(t.height - 1, Math.floor(uvs[v * 2 + 1] * t.height));
        for (let c = 0; c < 3; c++) sum[c] += t.data[(y * t.width + x) * 4 + c];
        n++;
      }
      return sum.map((s) => s / Math.max(1, n));
    };
    const distance = (a: number[], b: number[]) => Math.hypot(a[0] - b[0], a[1] - b[1], a[2] - b[2]);
    const one = await engine.convert(input.front, { topology: 'low' });
    const two = await engine.convert({ front: input.front, back: input.back }, { topology: 'low' });
    expect(two.stats.views?.warnings).toEqual([]);
    // A back silhouette is the front's mirrored: it measures no depth, so the shape is the front's own.
    expect(two.stats.views?.method).toBe('front');
    expect(two.mesh.indices.length).toBe(one.mesh.indices.length);
    expect(two.mesh.positions).toEqual(one.mesh.positions);
    expect(distance(backColour(one), BACK)).toBeGreaterThan(80);
    expect(distance(backColour(two), BACK)).toBeLessThan(40);
    expectClosedSolid(two);
  });
});
