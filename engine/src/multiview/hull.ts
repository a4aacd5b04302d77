/**
 * The visual hull as a true solid: a voxel grid carved by every view that shapes the model (the front's
 * included), rounded where the silhouettes leave the shape open, and turned into a closed, 2-manifold,
 * outward-oriented surface by marching tetrahedra over the smoothed occupancy (surface.ts).
 *
 * The grid lies in the world frame (the front camera's frame turned back by the elevation), so its
 * horizontal slices are the planes the camera walked around in, and rows along x and z are the rays of
 * the side cameras and of the front/back cameras. Unlike a pair of depth sheets over the front, the grid
 * keeps every separate part of a slice: a table's four legs stay four legs.
 *
 * Rounding: four silhouettes 90° apart pin down only the extent of each slice along x and along z, so the
 * hull of a round body has a square cross-section. Within each run of a row along x (centre c, half
 * length a) and each run along z (centre d, half length b) a voxel is kept where
 * |(x − c)/a|^p + |(z − d)/b|^p ≤ 1: a rectangle becomes its inscribed ellipse (p = 2), an irregular slice
 * is rounded run by run, and a run one voxel long is always kept, so thin parts never vanish. Heights
 * where shading shows flat faces (facets.ts) keep the hull: a box stays a box.
 */
import { EngineError } from '../errors.ts';
import { type GhostOptions, pruneGhosts } from './ghosts.ts';
import type { Frame } from './register.ts';
import { levelSurface } from './surface.ts';
import type { RegisteredView } from './views.ts';

export interface HullOptions {
  /** Voxels along the longest side of the hull's bounding box. */
  cells: number;
  /** Exponent of the rounding within each run (Infinity keeps the bare hull). */
  power: number;
  /** Passes of a 3-voxel box blur over the occupancy before the level set. */
  blur: number;
  /** Ghost-leg pruning (ghosts.ts) before the rounding; false leaves every carved part. */
  ghosts: Partial<GhostOptions> | false;
}

const HULL_DEFAULTS: HullOptions = { cells: 96, power: 2, blur: 1, ghosts: {} };

/** A silhouette seen through the world frame: image position = centre + rows 0 and 1 of m · W / scale. */
interface Camera {
  mask: Float32Array;
  width: number;
  height: number;
  upp: number;
  cx: number;
  cy: number;
  m: Float64Array;
}

function camera(view: Frame & { rotation?: Float64Array }, elevationDeg: number): Camera {
  const e = (elevationDeg * Math.PI) / 180;
  const rx = [1, 0, 0, 0, Math.cos(e), -Math.sin(e), 0, Math.sin(e), Math.cos(e)];
  const r = view.rotation ?? Float64Array.from([1, 0, 0, 0, 1, 0, 0, 0, 1]);
  const m = new Float64Array(6);
  for (let i = 0; i < 2; i++)
    for (let j = 0; j < 3; j++) for (let k = 0; k < 3; k++) m[i * 3 + j] += r[i * 3 + k] * rx[k * 3 + j];
  return {
    mask: view.mask,
    width: view.image.width,
    height: view.image.height,
    upp: view.unitsPerPixel,
    cx: view.centrePx[0],
    cy: view.centrePx[1],
    m,
  };
}

interface Grid {
  origin: [number, number, number];
  h: number;
  nx: number;
  ny: number;
  nz: number;
}

/** 1 for every voxel centre that every camera sees inside its silhouette. */
function carve(cams: Camera[], g: Grid): Uint8Array {
  const { nx, ny, nz, h, origin } = g;
  const occ = new Uint8Array(nx * ny * nz);
  const bx = new Float64Array(cams.length);
  const by = new Float64Array(cams.length);
  const dx = cams.map((c) => (c.m[0] * h) / c.upp);
  const dy = cams.map((c) => (-c.m[3] * h) / c.upp);
  for (let k = 0; k < nz; k++) {
    const z = origin[2] + (k + 0.5) * h;
    for (let j = 0; j < ny; j++) {
      const y = origin[1] + (j + 0.5) * h;
      const x = origin[0] + 0.5 * h;
      for (let c = 0; c < cams.length; c++) {
        const { m, upp } = cams[c];
        bx[c] = cams[c].cx + (m[0] * x + m[1] * y + m[2] * z) / upp;
        by[c] = cams[c].cy - (m[3] * x + m[4] * y + m[5] * z) / upp;
      }
      const row = (k * ny + j) * nx;
      for (let i = 0; i < nx; i++) {
        let inside = 1;
        for (let c = 0; c < cams.length; c++) {
          const cam = cams[c];
          const px = Math.floor(bx[c] + i * dx[c]);
          const py = Math.floor(by[c] + i * dy[c]);
          if (
            px < 0 ||
            py < 0 ||
            px >= cam.width ||
            py >= cam.height ||
            cam.mask[py * cam.width + px] < 0.5
          ) {
            inside = 0;
            break;
          }
        }
        occ[row + i] = inside;
      }
    }
  }
  return occ;
}

/** A slice whose widest run is under this share of the object's widest holds only thin parts. */
const THIN_SLICE = 0.25;

/** Rounds every horizontal slice run by run (see the file comment); `keep(j)` leaves slice j as it is. */
function round(
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
type Corners = (j: number) => [number, number, number, number] | undefined;

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

/** Separable 3-voxel box blur, `passes` times, into a float field. */
function blur(occ: Uint8Array, g: Grid, passes: number): Float32Array {
  const { nx, ny, nz } = g;
  let a = Float32Array.from(occ);
  let b = new Float32Array(a.length);
  const strides = [1, nx, nx * ny];
  const sizes = [nx, ny, nz];
  const third = 1 / 3;
  for (let p = 0; p < passes; p++) {
    for (let axis = 0; axis < 3; axis++) {
      const s = strides[axis];
      const n = sizes[axis];
      // Every line along the axis: start index, then n samples s apart.
      const lines = a.length / n;
      for (let l = 0; l < lines; l++) {
        const start = axis === 0 ? l * nx : axis === 1 ? (l % nx) + Math.floor(l / nx) * nx * ny : l;
        let prev = 0;
        let cur = a[start];
        for (let q = 0; q < n; q++) {
          const i = start + q * s;
          const next = q < n - 1 ? a[i + s] : 0;
          b[i] = (prev + cur + next) * third;
          prev = cur;
          cur = next;
        }
      }
      [a, b] = [b, a];
    }
  }
  return a;
}

export interface HullSolid {
  positions: Float32Array;
  indices: Uint32Array;
  /** Voxel size (model units). */
  voxel: number;
  /** Share of the carved hull's voxels the rounding removed. */
  rounded: number;
  /** Ghost parts removed (ghosts.ts). */
  ghosts: number;
}

/**
 * The hull of the front and the shaping views as a closed solid in the front camera's frame (the model
 * frame; the views' projections still apply). `flat(y)` says whether model height y is flat-faced (kept unrounded).
 */
export async function hullSolid(
  front: Frame,
  views: RegisteredView[],
  elevationDeg: number,
  reach: number,
  flat: (y: number) => boolean,
  options: Partial<HullOptions> = {},
  inflation?: (px: number, py: number) => number,
  corners?: (y: number) => [number, number, number, number] | undefined,
): Promise<HullSolid> {
  const opts = { ...HULL_DEFAULTS, ...options };
  const cams = [camera(front, elevationDeg), ...views.map((v) => camera(v, elevationDeg))];
  // Coarse pass over a generous box to find the hull's extent, then the fine grid over that extent.
  const C = 40;
  const R = Math.max(reach, 0.8);
  const coarse: Grid = { origin: [-R, -R, -R], h: (2 * R) / C, nx: C, ny: C, nz: C };
  const rough = carve(cams, coarse);
  const lo = [C, C, C];
  const hi = [-1, -1, -1];
  for (let k = 0; k < C; k++)
    for (let j = 0; j < C; j++)
      for (let i = 0; i < C; i++) {
        if (!rough[(k * C + j) * C + i]) continue;
        const ijk = [i, j, k];
        for (let a = 0; a < 3; a++) {
          lo[a] = Math.min(lo[a], ijk[a]);
          hi[a] = Math.max(hi[a], ijk[a]);
        }
      }
  if (hi[0] < 0)
    throw new EngineError(
      'internal',
      'multiview: the photos share no volume; the views do not fit together.',
    );
  const min = lo.map((l) => -R + (l - 1) * coarse.h);
  const max = hi.map((u) => -R + (u + 2) * coarse.h);
  const h = Math.max(max[0] - min[0], max[1] - min[1], max[2] - min[2]) / opts.cells;
  const pad = 2;
  const dims = [0, 1, 2].map((a) => Math.ceil((max[a] - min[a]) / h) + 2 * pad);
  const g: Grid = {
    origin: [min[0] - pad * h, min[1] - pad * h, min[2] - pad * h],
    h,
    nx: dims[0],
    ny: dims[1],
    nz: dims[2],
  };
  const occ = carve(cams, g);
  const ghosts = opts.ghosts ? pruneGhosts(occ, g, cams, opts.ghosts) : 0;
  let carved = 0;
  for (let i = 0; i < occ.length; i++) carved += occ[i];
  const ce = Math.cos((elevationDeg * Math.PI) / 180);
  const fc = cams[0];
  const halfDepth =
    inflation &&
    ((i: number, j: number, k: number) => {
      const x = g.origin[0] + (i + 0.5) * h;
      const y = g.origin[1] + (j + 0.5) * h;
      const z = g.origin[2] + (k + 0.5) * h;
      const px = fc.cx + (fc.m[0] * x + fc.m[1] * y + fc.m[2] * z) / fc.upp;
      const py = fc.cy - (fc.m[3] * x + fc.m[4] * y + fc.m[5] * z) / fc.upp;
      return inflation(px, py) / 2 / h;
    });
  const atY = (j: number) => ce * (g.origin[1] + (j + 0.5) * h);
  round(occ, g, opts.power, (j) => flat(atY(j)), halfDepth, corners && ((j) => corners(atY(j))));
  let kept = 0;
  for (let i = 0; i < occ.length; i++) kept += occ[i];
  const field = blur(occ, g, opts.blur);

  const { nx, ny, nz, origin } = g;
  // The grid's border stays outside, so the surface is closed.
  for (let k = 0; k < nz; k++)
    for (let j = 0; j < ny; j++)
      for (let i = 0; i < nx; i++)
        if (!i || !j || !k || i === nx - 1 || j === ny - 1 || k === nz - 1) field[(k * ny + j) * nx + i] = 0;
  const surface = levelSurface(
    { values: field, nx, ny, nz, origin: [origin[0] + h / 2, origin[1] + h / 2, origin[2] + h / 2], h },
    0.5,
  );
  if (!surface.indices.length)
    throw new EngineError('internal', 'multiview: the hull of the photos encloses no volume.');
  const w = surface.positions;
  const n = w.length / 3;
  const positions = new Float32Array(n * 3);
  const se = Math.sin((elevationDeg * Math.PI) / 180);
  for (let v = 0; v < n; v++) {
    // World back to the model frame: P = Rx(e) · W.
    const x = w[v * 3];
    const y = w[v * 3 + 1];
    const z = w[v * 3 + 2];
    positions[v * 3] = x;
    positions[v * 3 + 1] = ce * y - se * z;
    positions[v * 3 + 2] = se * y + ce * z;
  }
  return {
    positions,
    indices: surface.indices,
    voxel: h,
    rounded: carved ? 1 - kept / carved : 0,
    ghosts,
  };
}
