/**
 * What the hull takes from the front photo's conversion and the views besides the silhouettes: heights
 * that are flat-faced (kept unrounded), the front's inflation as a depth limit, a turned box's corners,
 * and the atlas size the painted texture needs.
 */
import type { LiftedSolid } from '../geometry/lift.ts';
import { cornerEdges } from './edges.ts';
import { facetedRows } from './facets.ts';
import type { FuseOptions } from './fuse.ts';
import type { RegisteredView } from './views.ts';

/**
 * Model heights that are flat-faced toward the cameras (facets.ts), widened by two of 200 rows so a face
 * ends where the whole band is uniform; the hull keeps them unrounded.
 */
export function flatHeights(
  frame: Parameters<typeof facetedRows>[0],
  shaping: RegisteredView[],
  fuse: Partial<FuseOptions>,
): (y: number) => boolean {
  const ROWS = 200;
  const raw = facetedRows(frame, shaping, ROWS, fuse.facets);
  const flat = new Uint8Array(ROWS);
  for (let r = 0; r < ROWS; r++) {
    let m = 1;
    for (let k = Math.max(0, r - 2); k <= Math.min(ROWS - 1, r + 2); k++) m = Math.min(m, raw[k]);
    flat[r] = m;
  }
  return (y) => flat[Math.min(ROWS - 1, Math.max(0, Math.floor((0.5 - y) * ROWS)))] > 0;
}

/**
 * Atlas side: enough texels for the front photo's own detail over the whole surface (charts fill about
 * 60 % of the atlas), a power of two from 512 up to the preset's size. More texels than the photos have
 * pixels would only cost painting time.
 */
export function atlasSize(
  positions: Float32Array,
  indices: Uint32Array,
  unitsPerPixel: number,
  max: number,
): number {
  let area = 0;
  for (let t = 0; t < indices.length; t += 3) {
    const a = indices[t] * 3;
    const b = indices[t + 1] * 3;
    const c = indices[t + 2] * 3;
    const ux = positions[b] - positions[a];
    const uy = positions[b + 1] - positions[a + 1];
    const uz = positions[b + 2] - positions[a + 2];
    const vx = positions[c] - positions[a];
    const vy = positions[c + 1] - positions[a + 1];
    const vz = positions[c + 2] - positions[a + 2];
    area += Math.hypot(uy * vz - uz * vy, uz * vx - ux * vz, ux * vy - uy * vx) / 2;
  }
  const texels = Math.sqrt(area / 0.6) / unitsPerPixel;
  let size = 512;
  while (size < texels && size < max) size *= 2;
  return Math.min(size, max);
}

/**
 * The front's inflated solid as a thickness (model units) at any front image position: the largest
 * front-to-back distance of its columns in cells of 1/128 of the subject's longer side; 0 outside.
 */
export function inflationThickness(solid: LiftedSolid): (px: number, py: number) => number {
  const { bounds: b, positions: p, imageXY } = solid;
  const n = p.length / 6;
  const cell = Math.max(b.x1 - b.x0, b.y1 - b.y0) / 128;
  const w = Math.ceil((b.x1 - b.x0) / cell) + 3;
  const h = Math.ceil((b.y1 - b.y0) / cell) + 3;
  const map = new Float32Array(w * h);
  for (let v = 0; v < n; v++) {
    const x = Math.floor((imageXY[v * 2] - b.x0) / cell) + 1;
    const y = Math.floor((imageXY[v * 2 + 1] - b.y0) / cell) + 1;
    if (x < 0 || y < 0 || x >= w || y >= h) continue;
    map[y * w + x] = Math.max(map[y * w + x], p[v * 3 + 2] - p[(v + n) * 3 + 2]);
  }
  return (px, py) => {
    const x = Math.floor((px - b.x0) / cell) + 1;
    const y = Math.floor((py - b.y0) / cell) + 1;
    return x < 0 || y < 0 || x >= w || y >= h ? 0 : map[y * w + x];
  };
}

/**
 * Per model height, the corners of a turned box the views show (edges.ts) in the world frame: x of the
 * front's and the back's, z of the right's and the left's (u = cos t·x − sin t·z for a view turned by t).
 */
export function cornersAt(
  frame: Parameters<typeof cornerEdges>[0],
  shaping: RegisteredView[],
): (y: number) => [number, number, number, number] | undefined {
  const ROWS = 200;
  const edges = cornerEdges(frame, shaping, ROWS);
  const k = 1 + shaping.length;
  return (y) => {
    const r = Math.min(ROWS - 1, Math.max(0, Math.floor((0.5 - y) * ROWS)));
    const c: [number, number, number, number] = [edges[r * k], Number.NaN, Number.NaN, Number.NaN];
    shaping.forEach((v, i) => {
      const u = edges[r * k + 1 + i];
      if (v.name === 'right') c[1] = -u;
      if (v.name === 'back') c[2] = -u;
      if (v.name === 'left') c[3] = u;
    });
    const depth = !Number.isNaN(c[1]) || !Number.isNaN(c[3]);
    const across = !Number.isNaN(c[0]) || !Number.isNaN(c[2]);
    return depth && across ? c : undefined;
  };
}
