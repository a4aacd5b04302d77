/**
 * The hull's rounding (hull.ts): four silhouettes 90° apart pin down only each slice's extent along x and
 * along z, so each horizontal slice is rounded run by run into the ellipse its runs allow, limited by the
 * front's inflation, or cut to the quadrilateral through the corners the views show of a turned box.
 */
/** The hull's voxel grid: voxel (i, j, k) has its centre at origin + (i + ½, j + ½, k + ½) · h. */
export interface Grid {
  origin: [number, number, number];
  h: number;
  nx: number;
  ny: number;
  nz: number;
}

/** A slice whose widest run is under this share of the object's widest holds only thin parts. */
const THIN_SLICE = 0.25;

/** Rounds every horizontal slice run by run (see the file comment); `keep(j)` leaves slice j as it is. */
export function round(
  occ: Uint8Array,
  g: Grid,
  power: number,
  keep: (j: number) => boolean,
  halfDepth?: (i: number, j: number, k: number) => number,
  corners?: Corners,
): void {
  if (!Number.isFinite(power)) return;
  const { nx, ny, nz } = g;
  const cu = new Float32Array(nx * nz);
  const au = new Float32Array(nx * nz);
  const at = (i: number, j: number, k: number) => (k * ny + j) * nx + i;
  const widest = new Float32Array(ny);
  for (let j = 0; j < ny; j++)
    for (let k = 0; k < nz; k++)
      for (let i = 0, run = 0; i <= nx; i++) {
        run = i < nx && occ[at(i, j, k)] ? run + 1 : 0;
        widest[j] = Math.max(widest[j], run / 2);
      }
  const widestAll = widest.reduce((m, w) => Math.max(m, w), 0);
  for (let j = 0; j < ny; j++) {
    if (keep(j)) continue;
    // A slice of thin parts only (legs under a table top or a seat) keeps the hull's depth: there the
    // front's inflation is dwarfed by the top's at the same height, and limiting by it cut the legs
    // through just below the top.
    const depthOf = widest[j] < THIN_SLICE * widestAll ? undefined : halfDepth;
    if (corners && cutToCorners(occ, g, j, corners)) continue;
    // Runs along x (index i * nz + k stores the run of voxel (i, k)).
    for (let k = 0; k < nz; k++) {
      for (let i = 0; i < nx; ) {
        if (!occ[at(i, j, k)]) {
          i++;
          continue;
        }
        let e = i;
        while (e < nx && occ[at(e, j, k)]) e++;
        const c = (i + e - 1) / 2;
        const a = (e - i) / 2;
        for (let q = i; q < e; q++) {
          cu[q * nz + k] = c;
          au[q * nz + k] = a;
        }
        i = e;
      }
    }
    // Runs along z (the front camera's rays), then tested. With the front's inflation, each run is at
    // most as deep as the inflation there, scaled so the slice's deepest run keeps its hull depth: an arm
    // in front of a body stays as thin as the photo shows it, not as deep as the body behind.
    const runs: number[] = [];
    let maxB = 0;
    let maxT = 0;
    for (let i = 0; i < nx; i++) {
      for (let k = 0; k < nz; ) {
        if (!occ[at(i, j, k)]) {
          k++;
          continue;
        }
        let e = k;
        while (e < nz && occ[at(i, j, e)]) e++;
        const t = depthOf ? depthOf(i, j, (k + e - 1) / 2) : 0;
        runs.push(i, k, e, t);
        maxB = Math.max(maxB, (e - k) / 2);
        maxT = Math.max(maxT, t);
        k = e;
      }
    }
    const stretch = maxT > 0 ? maxB / maxT : 0;
    for (let r = 0; r < runs.length; r += 4) {
      const [i, k, e, t] = [runs[r], runs[r + 1], runs[r + 2], runs[r + 3]];
      const d = (k + e - 1) / 2;
      const b = (e - k) / 2;
      const limit = t > 0 && stretch > 0 ? Math.max(0.5, stretch * t) : b;
      for (let q = k; q < e; q++) {
        const u = Math.abs((i - cu[i * nz + q]) / au[i * nz + q]);
        // Kept within the run's ellipse (|u|^p + |w|^p ≤ 1) and the inflation's depth.
        const reach = Math.min(limit, b * Math.max(0, 1 - u ** power) ** (1 / power));
        if (Math.abs(q - d) > reach) occ[at(i, j, q)] = 2;
      }
    }
    for (let k = 0; k < nz; k++)
      for (let i = 0; i < nx; i++) if (occ[at(i, j, k)] === 2) occ[at(i, j, k)] = 0;
  }
}

/**
 * Corner positions seen at slice j (world x of the corners facing the front and the back camera, world
 * z of those facing the right and the left one; NaN where a view shows none).
 */
export type Corners = (j: number) => [number, number, number, number] | undefined;

/**
 * Cuts slice j to the quadrilateral through the corners the views see (edges.ts) on the sides of the
 * slice's bounding rectangle; a missing corner is the one opposite mirrored through the centre (a box).
 * False when the views show no turned box at this height.
 */
function cutToCorners(occ: Uint8Array, g: Grid, j: number, corners: Corners): boolean {
  const c = corners(j);
  if (!c) return false;
  const { nx, ny, nz, h, origin } = g;
  let i0 = nx;
  let i1 = -1;
  let k0 = nz;
  let k1 = -1;
  for (let k = 0; k < nz; k++)
    for (let i = 0; i < nx; i++)
      if (occ[(k * ny + j) * nx + i]) {
        i0 = Math.min(i0, i);
        i1 = Math.max(i1, i);
        k0 = Math.min(k0, k);
        k1 = Math.max(k1, k);
      }
  if (i1 - i0 < 3 || k1 - k0 < 3) return false;
  // Voxel index coordinates: x = origin + (i + 0.5)·h.
  const toI = (x: number) => (x - origin[0]) / h - 0.5;
  const toK = (z: number) => (z - origin[2]) / h - 0.5;
  let [xf, zr, xb, zl] = [toI(c[0]), toK(c[1]), toI(c[2]), toK(c[3])];
  if (Number.isNaN(xf)) xf = i0 + i1 - xb;
  if (Number.isNaN(xb)) xb = i0 + i1 - xf;
  if (Number.isNaN(zr)) zr = k0 + k1 - zl;
  if (Number.isNaN(zl)) zl = k0 + k1 - zr;
  const inside = (v: number, a: number, b: number) => v > a + 0.5 && v < b - 0.5;
  if (![xf, xb].every((v) => inside(v, i0, i1)) || ![zr, zl].every((v) => inside(v, k0, k1))) return false;
  // F on the front side (k1), R on the right (i1), B on the back (k0), L on the left (i0); half a voxel out.
  const poly = [xf, k1 + 0.5, i1 + 0.5, zr, xb, k0 - 0.5, i0 - 0.5, zl];
  for (let k = k0; k <= k1; k++) {
    for (let i = i0; i <= i1; i++) {
      const o = (k * ny + j) * nx + i;
      if (!occ[o]) continue;
      let pos = 0;
      let neg = 0;
      for (let e = 0; e < 4; e++) {
        const ax = poly[e * 2];
        const az = poly[e * 2 + 1];
        const bx = poly[((e + 1) % 4) * 2];
        const bz = poly[((e + 1) % 4) * 2 + 1];
        const cross = (bx - ax) * (k - az) - (bz - az) * (i - ax);
        if (cross > 0) pos++;
        else if (cross < 0) neg++;
      }
      if (pos && neg) occ[o] = 0;
    }
  }
  return true;
}
