/** Helpers of the multi-view tests: four rendered photos of a shape, and the result stood upright. */
import type { Shape } from '../../bench/support/shapes.ts';
import { renderViews } from '../../bench/support/views.ts';
import type { ConvertResult } from '../../src/index.ts';
import type { Camera } from '../../src/multiview/carve.ts';
import { png } from './synthetic.ts';

/** Front, right, back and left photos of a shape (16 px per unit of detail), as PNG bytes. */
export async function fourViews(shape: Shape, camera = { yaw: 0, pitch: 10 }) {
  const v = renderViews(shape, 16, camera);
  return {
    front: await png(v.front),
    right: await png(v.right),
    back: await png(v.back),
    left: await png(v.left),
  };
}

/** Mesh vertices (already upright: +Y is the world's vertical) with the vertical centre at y = 0. */
export function upright(r: ConvertResult): Float64Array {
  const out = Float64Array.from(r.mesh.positions);
  for (let v = 1; v < out.length; v += 3) out[v] -= 0.5;
  return out;
}

/** Whether point q lies inside the closed mesh (ray casting along +x). */
export function inside(p: Float32Array, indices: Uint32Array, q: [number, number, number]): boolean {
  let crossings = 0;
  for (let t = 0; t < indices.length; t += 3) {
    const [a, b, c] = [indices[t], indices[t + 1], indices[t + 2]].map((i) => [
      p[i * 3] - q[0],
      p[i * 3 + 1] - q[1],
      p[i * 3 + 2] - q[2],
    ]);
    const d = (u: number[], v: number[]) => u[1] * v[2] - u[2] * v[1];
    const s1 = d(a, b);
    const s2 = d(b, c);
    const s3 = d(c, a);
    if (!((s1 > 0 && s2 > 0 && s3 > 0) || (s1 < 0 && s2 < 0 && s3 < 0))) continue;
    const x = (s2 * a[0] + s3 * b[0] + s1 * c[0]) / (s1 + s2 + s3);
    if (x > 0) crossings++;
  }
  return crossings % 2 === 1;
}

/**
 * A parallel (orthographic) carve camera over a square silhouette of `size` pixels, `ppu` pixels per world
 * unit, centred, its rows of camera ← world in `rows`; `box` is the silhouette's pixel bounds.
 */
export function parallelCamera(
  mask: Float32Array,
  size: number,
  ppu: number,
  rows: number[],
  box: [number, number, number, number] = [0, 0, size, size],
): Camera {
  return {
    mask,
    width: size,
    height: size,
    upp: 1 / ppu,
    cx: size / 2,
    cy: size / 2,
    m: Float64Array.from(rows),
    inv: 0,
    box,
  };
}

/** Points where the mesh's edges cross the horizontal plane at height y, as (x, z). */
export function slice(p: ArrayLike<number>, indices: Uint32Array, y: number): [number, number][] {
  const out: [number, number][] = [];
  for (let t = 0; t < indices.length; t += 3)
    for (let k = 0; k < 3; k++) {
      const a = indices[t + k];
      const b = indices[t + ((k + 1) % 3)];
      const ya = p[a * 3 + 1] - y;
      const yb = p[b * 3 + 1] - y;
      if (ya * yb >= 0) continue;
      const s = ya / (ya - yb);
      out.push([p[a * 3] + (p[b * 3] - p[a * 3]) * s, p[a * 3 + 2] + (p[b * 3 + 2] - p[a * 3 + 2]) * s]);
    }
  return out;
}

/** Separate pieces of the horizontal cut at height y (crossing points grouped closer than `gap`). */
function posts(p: Float64Array, indices: Uint32Array, y: number, gap: number): number {
  const pts = slice(p, indices, y);
  const parent = pts.map((_, i) => i);
  const find = (a: number): number => (parent[a] === a ? a : find(parent[a]));
  for (let a = 0; a < pts.length; a++)
    for (let b = a + 1; b < pts.length; b++)
      if (Math.hypot(pts[a][0] - pts[b][0], pts[a][1] - pts[b][1]) < gap) parent[find(a)] = find(b);
  return new Set(pts.map((_, a) => find(a))).size;
}

/** Pieces of horizontal cuts at the given shares of the height (30 %, half and 70 % unless told). */
export function cuts(p: Float64Array, indices: Uint32Array, at = [0.3, 0.5, 0.7]): number[] {
  let lo = Infinity;
  let hi = -Infinity;
  for (let v = 1; v < p.length; v += 3) {
    lo = Math.min(lo, p[v]);
    hi = Math.max(hi, p[v]);
  }
  const gap = 0.05 * (hi - lo);
  return at.map((f) => posts(p, indices, lo + f * (hi - lo), gap));
}
