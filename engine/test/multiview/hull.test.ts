import { describe, expect, it } from 'vitest';
import { box, revolve } from '../../bench/support/primitives.ts';
import type { Shape } from '../../bench/support/shapes.ts';
import { type ConvertResult, createEngine } from '../../src/index.ts';
import { FALLBACK_WARNING } from '../../src/multiview/convert-views.ts';
import { checkManifold, weld } from '../support/mesh-checks.ts';
import { fourViews, inside, slice, upright } from '../support/multiview.ts';

const engine = createEngine();
const OPTS = process.env.MV_COLUMNS
  ? ({ multiview: { method: 'columns' } } as object)
  : process.env.MV_NO_CORNERS
    ? ({ multiview: { corners: false } } as object)
    : {};
const WOOD: [number, number, number] = [150, 100, 60];

function expectClosedSolid(r: ConvertResult) {
  const report = checkManifold(weld(r.mesh.positions, r.mesh.indices));
  expect(report.badEdges).toBe(0);
  expect(report.flippedEdges).toBe(0);
  expect(report.nonManifoldVertices).toBe(0);
  expect(report.volume).toBeGreaterThan(0);
}

describe('multi-view hull', () => {
  it('stands a flat disc seen only from above on a flat base, not on the cone its lowest rays carve', async () => {
    // A puck 0.8 across and 0.08 high, looked down on at the 15° the elevation search assumes for a body
    // of revolution: every view's lowest silhouette ray slopes down away from its camera, and the four
    // meet in a cone about 0.1 deep under the puck unless the hull is cut at the floor the views show.
    // (Its top still rises to the low roof the top edges carve: no silhouette sees a flat top as flat.)
    const puck: Shape = {
      name: 'puck',
      parts: [
        revolve(
          [0, -0.04, 0],
          [0, 1, 0],
          [
            [0, 0],
            [0.4, 0],
            [0.4, 0.08],
            [0, 0.08],
          ],
          WOOD,
        ),
      ],
    };
    const r = await engine.convert(await fourViews(puck, { yaw: 0, pitch: 15 }), {
      topology: 'low',
      ...OPTS,
    });
    expectClosedSolid(r);
    const p = Float64Array.from(r.mesh.positions);
    const lo = [Infinity, Infinity, Infinity];
    const hi = [-Infinity, -Infinity, -Infinity];
    for (let v = 0; v < p.length; v += 3)
      for (let a = 0; a < 3; a++) {
        lo[a] = Math.min(lo[a], p[v + a]);
        hi[a] = Math.max(hi[a], p[v + a]);
      }
    const width = Math.max(hi[0] - lo[0], hi[2] - lo[2]);
    // Just above the lowest point the puck is nearly as wide as anywhere; a cone's tip is narrow there.
    const ring = slice(p, r.mesh.indices, lo[1] + 0.03 * width);
    const across = Math.max(...ring.map((q) => q[0])) - Math.min(...ring.map((q) => q[0]));
    expect(across / width).toBeGreaterThan(0.6);
  });

  it('gives a round body a round cross-section, not the square of its four silhouettes', async () => {
    const can: Shape = {
      name: 'can',
      parts: [
        revolve(
          [0, -0.4, 0],
          [0, 1, 0],
          [
            [0, 0],
            [0.25, 0],
            [0.25, 0.8],
            [0, 0.8],
          ],
          WOOD,
        ),
      ],
    };
    const r = await engine.convert(await fourViews(can), { topology: 'low', ...OPTS });
    expect(r.stats.views?.method).toBe('hull');
    expectClosedSolid(r);
    const pts = slice(upright(r), r.mesh.indices, 0);
    expect(pts.length).toBeGreaterThan(20);
    const cx = pts.reduce((s, q) => s + q[0], 0) / pts.length;
    const cz = pts.reduce((s, q) => s + q[1], 0) / pts.length;
    // Farthest point in each of 8 directions: a square reaches √2 × farther along its diagonals.
    const reach = new Array(8).fill(0);
    for (const [x, z] of pts) {
      const a = Math.round((Math.atan2(z - cz, x - cx) / (2 * Math.PI)) * 8 + 8) % 8;
      reach[a] = Math.max(reach[a], Math.hypot(x - cx, z - cz));
    }
    const axes = (reach[0] + reach[2] + reach[4] + reach[6]) / 4;
    const diagonals = (reach[1] + reach[3] + reach[5] + reach[7]) / 4;
    expect(diagonals / axes).toBeLessThan(1.12);
    expect(diagonals / axes).toBeGreaterThan(0.88);
  });

  it('keeps the legs of a table apart: no slab between them', async () => {
    const table: Shape = {
      name: 'desk',
      parts: [
        box([0, 0.3, 0], [0.4, 0.04, 0.3], WOOD),
        box([0.33, -0.08, 0.23], [0.035, 0.35, 0.035], WOOD),
        box([-0.33, -0.08, 0.23], [0.035, 0.35, 0.035], WOOD),
        box([0.33, -0.08, -0.23], [0.035, 0.35, 0.035], WOOD),
        box([-0.33, -0.08, -0.23], [0.035, 0.35, 0.035], WOOD),
      ],
    };
    const input = await fourViews(table, { yaw: 0, pitch: 8 });
    const four = await engine.convert(input, { topology: 'low', ...OPTS });
    expectClosedSolid(four);
    const { indices } = four.mesh;
    const p = Float32Array.from(upright(four));
    let lo = [Infinity, Infinity, Infinity];
    let hi = [-Infinity, -Infinity, -Infinity];
    for (let v = 0; v < p.length / 3; v++) {
      lo = lo.map((m, k) => Math.min(m, p[v * 3 + k]));
      hi = hi.map((m, k) => Math.max(m, p[v * 3 + k]));
    }
    // Model units per unit of the desk: its top is 0.8 wide.
    const scale = (hi[0] - lo[0]) / 0.8;
    // Half-way down the legs (the desk is 0.78 tall, the legs 0.7).
    const y = lo[1] + 0.35 * (hi[1] - lo[1]);
    const ring = slice(p, indices, y);
    const x0 = Math.min(...ring.map((q) => q[0]));
    const x1 = Math.max(...ring.map((q) => q[0]));
    const z0 = Math.min(...ring.map((q) => q[1]));
    const z1 = Math.max(...ring.map((q) => q[1]));
    // The legs span 0.73 across and 0.53 front to back.
    expect((x1 - x0) / scale).toBeCloseTo(0.73, 1);
    expect((z1 - z0) / scale).toBeCloseTo(0.53, 1);
    const leg = 0.035 * scale;
    const xs = [x0 + leg, x1 - leg];
    const zs = [z0 + leg, z1 - leg];
    // Every one of the four legs is solid where it stands...
    for (const x of xs) for (const z of zs) expect(inside(p, indices, [x, y, z])).toBe(true);
    // ...and nothing fills the space between them: not the middle, not between a front and a back leg,
    // not between the two front legs.
    const xm = (x0 + x1) / 2;
    const zm = (z0 + z1) / 2;
    expect(inside(p, indices, [xm, y, zm])).toBe(false);
    for (const x of xs) expect(inside(p, indices, [x, y, zm])).toBe(false);
    for (const z of zs) expect(inside(p, indices, [xm, y, z])).toBe(false);
    // The top is solid.
    expect(inside(p, indices, [xm, hi[1] - 0.03, zm])).toBe(true);
  });

  it('cuts a box turned to the cameras to its own corners, not the slab of its bounding rectangle', async () => {
    const turned: Shape = { name: 'turned-box', parts: [box([0, 0, 0], [0.3, 0.4, 0.15], WOOD)] };
    const r = await engine.convert(await fourViews(turned, { yaw: 35, pitch: 10 }), {
      topology: 'low',
      ...OPTS,
    });
    expectClosedSolid(r);
    const p = upright(r);
    const y = 0;
    const ring = slice(p, r.mesh.indices, y);
    const xs = ring.map((q) => q[0]);
    const zs = ring.map((q) => q[1]);
    const rect = (Math.max(...xs) - Math.min(...xs)) * (Math.max(...zs) - Math.min(...zs));
    // Area of the slice (shoelace over the crossing points sorted by angle about their centre).
    const cx = xs.reduce((a, b) => a + b) / xs.length;
    const cz = zs.reduce((a, b) => a + b) / zs.length;
    const sorted = ring.map(([x, z]) => [x, z, Math.atan2(z - cz, x - cx)]).sort((a, b) => a[2] - b[2]);
    let area = 0;
    for (let i = 0; i < sorted.length; i++) {
      const [x1, z1] = sorted[i];
      const [x2, z2] = sorted[(i + 1) % sorted.length];
      area += (x1 * z2 - x2 * z1) / 2;
    }
    // A 0.6 × 0.3 footprint turned 35° fills 0.46 of its bounding rectangle; the rectangle's inscribed
    // ellipse would fill 0.79.
    expect(Math.abs(area) / rect).toBeLessThan(0.6);
    expect(Math.abs(area) / rect).toBeGreaterThan(0.35);
  });

  it('maps the hull into the texture and colours its back from the back photo', async () => {
    const FRONT: [number, number, number] = [225, 200, 150];
    const BACK: [number, number, number] = [60, 90, 170];
    const twoTone: Shape = {
      name: 'two-tone-can',
      parts: [
        revolve(
          [0, -0.4, 0.08],
          [0, 1, 0],
          [
            [0, 0],
            [0.25, 0],
            [0.25, 0.8],
            [0, 0.8],
          ],
          FRONT,
        ),
        box([0, 0, -0.12], [0.32, 0.38, 0.1], BACK),
      ],
    };
    const r = await engine.convert(await fourViews(twoTone), { topology: 'low' });
    expect(r.stats.views?.method).toBe('hull');
    expectClosedSolid(r);
    const { uvs, normals } = r.mesh;
    for (const u of uvs) {
      expect(u).toBeGreaterThanOrEqual(0);
      expect(u).toBeLessThanOrEqual(1);
    }
    const colourWhere = (test: (nz: number) => boolean) => {
      const t = r.texture;
      const sum = [0, 0, 0];
      let n = 0;
      for (let v = 0; v < uvs.length / 2; v++) {
        if (!normals || !test(normals[v * 3 + 2])) continue;
        const x = Math.min(t.width - 1, Math.floor(uvs[v * 2] * t.width));
        const y = Math.min(t.height - 1, Math.floor(uvs[v * 2 + 1] * t.height));
        for (let c = 0; c < 3; c++) sum[c] += t.data[(y * t.width + x) * 4 + c];
        n++;
      }
      return sum.map((s) => s / Math.max(1, n));
    };
    const distance = (a: number[], b: number[]) => Math.hypot(a[0] - b[0], a[1] - b[1], a[2] - b[2]);
    // Shaded renders are darker than the base colour; the hue is what tells the two apart.
    const back = colourWhere((nz) => nz < -0.8);
    const front = colourWhere((nz) => nz > 0.8);
    expect(back[2]).toBeGreaterThan(back[0] + 40);
    expect(front[0]).toBeGreaterThan(front[2] + 40);
    expect(distance(back, front)).toBeGreaterThan(60);
  });
  it('falls back to the front photo, with a warning, when the views carve no solid together', async () => {
    // A blur wider than the grid leaves no voxel above the level: the same outcome as views that each
    // registered but share no volume.
    const slab: Shape = { name: 'slab', parts: [box([0, 0, 0], [0.3, 0.4, 0.2], WOOD)] };
    const r = await engine.convert(await fourViews(slab), {
      topology: 'low',
      multiview: { hull: { cells: 6, blur: 12 } },
    });
    expect(r.stats.views?.method).toBe('front');
    expect(r.stats.views?.warnings).toContain(FALLBACK_WARNING);
    expectClosedSolid(r);
  });
});
