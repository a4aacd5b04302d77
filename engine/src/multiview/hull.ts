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
import { perspective } from './camera.ts';
import { camera, carve } from './carve.ts';
import { type CoverOptions, coverGhosts } from './cover.ts';
import { hullExtent } from './extent.ts';
import { boxBlur, type KeepOptions, keepSilhouettes } from './field.ts';
import { type FlatOptions, type FlatResult, flattenHull } from './flat.ts';
import { cutFloor } from './floor.ts';
import { type GhostOptions, pruneGhosts } from './ghosts.ts';
import { type Grid, round } from './hull-round.ts';
import type { Frame } from './register.ts';
import { type SmoothOptions, taubin } from './smooth.ts';
import { dropSpecks } from './specks.ts';
import { levelSurface } from './surface.ts';
import type { RegisteredView } from './views.ts';

export interface HullOptions {
  /** Voxels along the longest side of the hull's bounding box. */
  cells: number;
  /** Exponent of the rounding within each run (Infinity keeps the bare hull). */
  power: number;
  /** Passes of a 3-voxel box blur over the occupancy before the level set. */
  blur: number;
  /**
   * Ghost parts chosen away as a set cover of the silhouettes (cover.ts); false keeps every thin part.
   * Off by default until the chair and hanging-lamp tests are confirmed with it (see engine/README.md).
   */
  cover: Partial<CoverOptions> | false;
  /** The older per-part ghost-leg pruning (ghosts.ts) after the cover; false leaves every carved part. */
  ghosts: Partial<GhostOptions> | false;
  /** Parts under this share of the largest part's voxels are cleared as specks (specks.ts). */
  specks: number;
  /** Taubin smoothing of the surface (smooth.ts); false keeps the level set's terraces. */
  smooth: Partial<SmoothOptions> | false;
  /** Clear the hull below the floor the views show, less this share of its height (floor.ts); false keeps it. */
  floor: number | false;
  /**
   * The fine grid's box from a coarse pass that keeps parts thinner than a coarse voxel (extent.ts). On by
   * default since the fifth final set: without it an ostrich's legs and a scooter's column were cut off at
   * the box, a stump under a swollen-looking body (engine/README.md). Still worse with it: the third set's
   * armchair at 60 mm without a focal length, the fifth set's ladder chair's legs at 55 mm hand-held.
   */
  thinBox: boolean;
  /**
   * After the blur, the rounded occupancy's voxels put back where the blurred solid leaves silhouette pixels bare
   * (field.ts): tubes two voxels across survive (a coat stand's hooks and feet). false: the blur alone; off
   * by default: ghost fins beside arms come back (engine/README.md).
   */
  keep: Partial<KeepOptions> | false;
  /**
   * A flat object's ghosts cleared: when a vertical slab with few extras explains every photo, the voxels
   * off it go (flat.ts). false: every carved voxel stays.
   */
  flat: Partial<FlatOptions> | false;
}

const HULL_DEFAULTS: HullOptions = {
  cells: 96,
  power: 2,
  blur: 1,
  cover: false,
  ghosts: {},
  specks: 0.01,
  smooth: {},
  floor: 0.1,
  thinBox: true,
  keep: false,
  flat: false,
};

export interface HullSolid {
  positions: Float32Array;
  indices: Uint32Array;
  /** Voxel size (model units). */
  voxel: number;
  /** Share of the carved hull's voxels the rounding removed. */
  rounded: number;
  /** Ghost parts removed (cover.ts, ghosts.ts). */
  ghosts: number;
  /** Specks cleared (specks.ts). */
  specks: number;
  /** Voxels put back after the blur (field.ts). */
  restored: number;
  /** The flat-object test (flat.ts), when it ran. */
  flat?: FlatResult;
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
  // The fine grid covers the box a coarse pass over a generous cube finds (extent.ts).
  const box = hullExtent(cams, Math.max(reach, 0.8), opts.thinBox);
  if (!box)
    throw new EngineError(
      'internal',
      'multiview: the photos share no volume; the views do not fit together.',
    );
  const { min, max } = box;
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
  if (opts.floor !== false) cutFloor(occ, g, cams, opts.floor);
  const flattened = opts.flat ? flattenHull(occ, g, cams, opts.flat) : undefined;
  const covered = opts.cover ? coverGhosts(occ, g, cams, opts.cover) : 0;
  const ghosts = covered + (opts.ghosts ? pruneGhosts(occ, g, cams, opts.ghosts) : 0);
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
      const kp = perspective(fc.m[6] * x + fc.m[7] * y + fc.m[8] * z, fc.inv) / fc.upp;
      const px = fc.cx + (fc.m[0] * x + fc.m[1] * y + fc.m[2] * z) * kp;
      const py = fc.cy - (fc.m[3] * x + fc.m[4] * y + fc.m[5] * z) * kp;
      return inflation(px, py) / 2 / h;
    });
  const atY = (j: number) => ce * (g.origin[1] + (j + 0.5) * h);
  round(occ, g, opts.power, (j) => flat(atY(j)), halfDepth, corners && ((j) => corners(atY(j))));
  const specks = opts.specks > 0 ? dropSpecks(occ, g, opts.specks) : 0;
  let kept = 0;
  for (let i = 0; i < occ.length; i++) kept += occ[i];
  const field = boxBlur(occ, g, opts.blur);
  const restored = opts.keep ? keepSilhouettes(field, occ, g, cams, opts.keep) : 0;

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
  if (opts.smooth) taubin(w, surface.indices, opts.smooth);
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
    specks,
    restored,
    flat: flattened,
  };
}
