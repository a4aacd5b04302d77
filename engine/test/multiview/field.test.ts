import { describe, expect, it } from 'vitest';
import { type Camera, carve } from '../../src/multiview/carve.ts';
import { boxBlur, keepSilhouettes } from '../../src/multiview/field.ts';
import { type Grid, round } from '../../src/multiview/hull-round.ts';
import { levelSurface } from '../../src/multiview/surface.ts';
import { inside, parallelCamera } from '../support/multiview.ts';

// Four parallel cameras 90° apart looking down 20° on a shape, its silhouettes drawn by splatting dense
// surface samples; then the hull's own steps: carve, rounding, blur (and the put-back), level set.
const SIZE = 320;
const PPU = 240;
const H = 0.01;

type Point = [number, number, number];

function rotation(turnDeg: number, elevationDeg: number): number[] {
  const t = (turnDeg * Math.PI) / 180;
  const e = (elevationDeg * Math.PI) / 180;
  // Ry(−turn) then Rx(elevation): rows of camera ← world.
  const ry = [Math.cos(t), 0, -Math.sin(t), 0, 1, 0, Math.sin(t), 0, Math.cos(t)];
  const rx = [1, 0, 0, 0, Math.cos(e), -Math.sin(e), 0, Math.sin(e), Math.cos(e)];
  const m: number[] = new Array(9).fill(0);
  for (let i = 0; i < 3; i++)
    for (let j = 0; j < 3; j++) for (let k = 0; k < 3; k++) m[i * 3 + j] += rx[i * 3 + k] * ry[k * 3 + j];
  return m;
}

function cameras(points: Point[], turns: number[]): Camera[] {
  return turns.map((turn) => {
    const m = rotation(turn, 20);
    const mask = new Float32Array(SIZE * SIZE);
    for (const [x, y, z] of points) {
      const px = Math.floor(SIZE / 2 + (m[0] * x + m[1] * y + m[2] * z) * PPU);
      const py = Math.floor(SIZE / 2 - (m[3] * x + m[4] * y + m[5] * z) * PPU);
      if (px >= 0 && py >= 0 && px < SIZE && py < SIZE) mask[py * SIZE + px] = 1;
    }
    return parallelCamera(mask, SIZE, PPU, m);
  });
}

/** Dense samples of a solid cylinder's surface about y (radius r, y from y0 to y1). */
function cylinder(r: number, y0: number, y1: number): Point[] {
  const out: Point[] = [];
  const s = 0.5 / PPU;
  for (let y = y0; y <= y1; y += s)
    for (let a = 0; a < 2 * Math.PI; a += s / r) out.push([r * Math.cos(a), y, r * Math.sin(a)]);
  for (const y of [y0, y1])
    for (let x = -r; x <= r; x += s)
      for (let z = -r; z <= r; z += s) if (x * x + z * z <= r * r) out.push([x, y, z]);
  return out;
}

/** Dense samples of a tube of radius r along a segment. */
function tube(a: Point, b: Point, r: number): Point[] {
  const out: Point[] = [];
  const d = [b[0] - a[0], b[1] - a[1], b[2] - a[2]];
  const len = Math.hypot(d[0], d[1], d[2]);
  const s = 0.5 / PPU;
  for (let t = 0; t <= len; t += s)
    for (let x = -r; x <= r; x += s)
      for (let y = -r; y <= r; y += s)
        for (let z = -r; z <= r; z += s)
          if (x * x + y * y + z * z <= r * r)
            out.push([a[0] + (d[0] * t) / len + x, a[1] + (d[1] * t) / len + y, a[2] + (d[2] * t) / len + z]);
  return out;
}

/** A ring handle in the vertical plane through the x axis: a chain of short tubes. */
function ring(cx: number, cy: number, major: number, r: number): Point[] {
  const out: Point[] = [];
  const n = 40;
  for (let k = 0; k < n; k++) {
    const p = (a: number): Point => [cx + major * Math.cos(a), cy + major * Math.sin(a), 0];
    out.push(...tube(p((2 * Math.PI * k) / n), p((2 * Math.PI * (k + 1)) / n), r));
  }
  return out;
}

/** The hull's surface of the shape seen by `cams`; `keep` puts back what the blur leaves bare. */
function hull(cams: Camera[], keep: boolean) {
  const g: Grid = { origin: [-0.7, -0.7, -0.7], h: H, nx: 140, ny: 140, nz: 140 };
  const occ = carve(cams, g);
  round(occ, g, 2, () => false);
  const field = boxBlur(occ, g, 1);
  const restored = keep ? keepSilhouettes(field, occ, g, cams) : 0;
  const s = levelSurface({ ...g, values: field, origin: [-0.7 + H / 2, -0.7 + H / 2, -0.7 + H / 2] }, 0.5);
  return { ...s, restored, ...topology(s.positions.length / 3, s.indices) };
}

/** Connected parts of a triangle mesh (vertices joined by its edges). */
function topology(n: number, indices: Uint32Array): { parts: number } {
  const parent = Int32Array.from({ length: n }, (_, i) => i);
  const find = (v: number): number => {
    while (parent[v] !== v) {
      parent[v] = parent[parent[v]];
      v = parent[v];
    }
    return v;
  };
  for (let t = 0; t < indices.length; t += 3)
    for (let e = 0; e < 3; e++) parent[find(indices[t + e])] = find(indices[t + ((e + 1) % 3)]);
  const roots = new Set<number>();
  for (const i of indices) roots.add(find(i));
  return { parts: roots.size };
}

function extentX(positions: Float32Array): [number, number] {
  let lo = Number.POSITIVE_INFINITY;
  let hi = Number.NEGATIVE_INFINITY;
  for (let v = 0; v < positions.length; v += 3) {
    lo = Math.min(lo, positions[v]);
    hi = Math.max(hi, positions[v]);
  }
  return [lo, hi];
}

const TURNS = [35, 125, 215, 305];

describe('the hull field: blur and put-back', () => {
  it("keeps a mug's handle as one solid loop through the carve, rounding and blur", () => {
    // A cup 0.5 across with a ring handle (tube 0.02 across: 2 voxels) standing out 0.2 from its side.
    const cams = cameras([...cylinder(0.25, -0.3, 0.3), ...ring(0.33, 0, 0.12, 0.01)], TURNS);
    // Points along the handle's centre line, and the middle of its hole.
    const loop: Point[] = Array.from({ length: 24 }, (_, k) => {
      const a = (2 * Math.PI * k) / 24;
      return [0.33 + 0.12 * Math.cos(a), 0.12 * Math.sin(a), 0];
    });
    const along = (s: { positions: Float32Array; indices: Uint32Array }) =>
      loop.filter((p) => p[0] > 0.25 + 0.02 && inside(s.positions, s.indices, p)).length;
    const outside = loop.filter((p) => p[0] > 0.25 + 0.02).length;
    const before = hull(cams, false);
    const after = hull(cams, true);
    // The blur alone breaks the loop: points of its centre line fall outside the solid (7 of 15).
    expect(along(before)).toBeLessThan(outside - 3);
    // With the put-back: the loop is solid (the outermost point, where the rounding trims the run to its
    // middle voxel, may fall just outside), one part, and the hole goes through.
    expect(along(after)).toBeGreaterThanOrEqual(outside - 1);
    expect(after.parts).toBe(1);
    expect(inside(after.positions, after.indices, [0.35, 0, 0])).toBe(false);
  });

  it('keeps a tube 2–3 voxels across that the blur alone erases', () => {
    // A post with an arm 0.022 across (2.2 voxels) reaching out 0.4 to one side at its top.
    const shape = [...cylinder(0.06, -0.4, 0.3), ...tube([0, 0.25, 0], [0.45, 0.3, 0], 0.011)];
    const cams = cameras(shape, TURNS);
    const before = hull(cams, false);
    const after = hull(cams, true);
    // The blur alone shatters it: pieces float off the post.
    expect(before.parts).toBeGreaterThan(1);
    expect(extentX(after.positions)[1]).toBeGreaterThan(0.42);
    expect(after.parts).toBe(1);
  });

  it('leaves a box a box: nothing to put back, the same surface', () => {
    const s = 0.5 / PPU;
    const pts: Point[] = [];
    for (let x = -0.3; x <= 0.3; x += s)
      for (let y = -0.2; y <= 0.2; y += s) pts.push([x, y, 0.25], [x, y, -0.25]);
    for (let z = -0.25; z <= 0.25; z += s)
      for (let y = -0.2; y <= 0.2; y += s) pts.push([0.3, y, z], [-0.3, y, z]);
    for (let x = -0.3; x <= 0.3; x += s)
      for (let z = -0.25; z <= 0.25; z += s) pts.push([x, 0.2, z], [x, -0.2, z]);
    const cams = cameras(pts, [0, 90, 180, 270]);
    const before = hull(cams, false);
    const after = hull(cams, true);
    expect(after.restored).toBe(0);
    expect(after.parts).toBe(1);
    expect(Array.from(after.positions)).toEqual(Array.from(before.positions));
  });
});
