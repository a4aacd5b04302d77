/**
 * Estimates how far the camera looked down on the object (the walk's elevation), which the user is not
 * asked for. For each candidate angle the views' silhouettes carve a coarse voxel hull; at the right angle
 * the hull, projected back, covers every silhouette (the silhouettes are consistent), at a wrong one the
 * views cut each other and coverage drops. Coverage is flat over a range of angles around the true one
 * (coarse voxels, symmetric objects): the prior when it lies in that range, else the range's middle.
 */
import { depthReach, seenByAll } from './fuse.ts';
import { maskAt } from './register.ts';
import { project, type RegisteredView, TURN, towardOf, viewRotation } from './views.ts';

export interface ElevationOptions {
  /** Candidate angles, degrees. */
  candidates: number[];
  /** Voxels along the model's height. */
  voxels: number;
  /** Coverage cells along each silhouette's height. */
  cells: number;
  /**
   * The angle assumed when the silhouettes cannot tell (a vase looks the same from every side): the
   * single-photo inflation's own assumption, so one and four photos agree where nothing is measured.
   */
  prior: number;
  /** Coverages this close to the best count as equally good. */
  tolerance: number;
}

export const ELEVATION_DEFAULTS: ElevationOptions = {
  candidates: [0, 3, 6, 9, 12, 15, 18, 21, 24, 27, 30, 35, 40],
  voxels: 36,
  cells: 32,
  prior: 15,
  tolerance: 0.0005,
};

export interface FrontView {
  mask: Float32Array;
  width: number;
  height: number;
  unitsPerPixel: number;
  centrePx: [number, number];
  /** Half the silhouette's width in model units. */
  halfWidth: number;
}

export function setElevation(views: RegisteredView[], degrees: number): void {
  for (const v of views) {
    v.rotation = viewRotation(TURN[v.name], degrees);
    v.toward = towardOf(v.rotation);
  }
}

/** Share of each silhouette's cells hit by the hull's projection, averaged over the views. */
function coverage(front: FrontView, views: RegisteredView[], opts: ElevationOptions): number {
  const n = opts.voxels;
  const size = 1.1 / n;
  const reach = depthReach(views);
  const nx = Math.ceil((2 * (front.halfWidth + 0.05)) / size);
  const nz = Math.ceil((2 * reach) / size);
  const grids = views.map((v) => {
    const cellPx = 1 / v.unitsPerPixel / opts.cells;
    const w = Math.ceil(v.image.width / cellPx) + 1;
    const h = Math.ceil(v.image.height / cellPx) + 1;
    return { v, cellPx, w, h, hit: new Uint8Array(w * h) };
  });
  let volume = 0;
  for (let j = 0; j < n; j++) {
    const y = -0.55 + (j + 0.5) * size;
    for (let i = 0; i < nx; i++) {
      const x = -front.halfWidth - 0.05 + (i + 0.5) * size;
      const fx = front.centrePx[0] + x / front.unitsPerPixel;
      const fy = front.centrePx[1] - y / front.unitsPerPixel;
      if (maskAt(front.mask, front.width, front.height, fx, fy) < 0.5) continue;
      for (let k = 0; k < nz; k++) {
        const z = -reach + (k + 0.5) * size;
        if (!seenByAll(views, x, y, z)) continue;
        volume++;
        for (const g of grids) {
          const [px, py] = project(g.v, x, y, z);
          // A voxel covers about its own size in the view: mark the cells around its centre.
          const r = (size / g.v.unitsPerPixel / g.cellPx) * 0.5;
          const cx = px / g.cellPx;
          const cy = py / g.cellPx;
          for (let b = Math.floor(cy - r); b <= Math.floor(cy + r); b++)
            for (let a = Math.floor(cx - r); a <= Math.floor(cx + r); a++)
              if (a >= 0 && b >= 0 && a < g.w && b < g.h) g.hit[b * g.w + a] = 1;
        }
      }
    }
  }
  if (!volume) return 0;
  let sum = 0;
  for (const g of grids) {
    let inside = 0;
    let hit = 0;
    for (let b = 0; b < g.h; b++) {
      for (let a = 0; a < g.w; a++) {
        const px = (a + 0.5) * g.cellPx;
        const py = (b + 0.5) * g.cellPx;
        if (maskAt(g.v.mask, g.v.image.width, g.v.image.height, px, py) < 0.5) continue;
        inside++;
        if (g.hit[b * g.w + a]) hit++;
      }
    }
    sum += inside ? hit / inside : 0;
  }
  return sum / grids.length;
}

/** Picks the elevation, sets it on the views and returns it (degrees) with its coverage. */
export function estimateElevation(
  front: FrontView,
  views: RegisteredView[],
  options: Partial<ElevationOptions> = {},
): { degrees: number; coverage: number } {
  const opts = { ...ELEVATION_DEFAULTS, ...options };
  const shaping = views.filter((v) => v.shapes);
  if (!shaping.length) return { degrees: 0, coverage: 0 };
  const scores = opts.candidates.map((e) => {
    setElevation(shaping, e);
    return { degrees: e, coverage: coverage(front, shaping, opts) };
  });
  const top = Math.max(...scores.map((s) => s.coverage));
  const good = scores.filter((s) => s.coverage >= top - opts.tolerance);
  // Several angles explain the silhouettes equally (all of them for a body of revolution): when the prior
  // is among them the single-photo assumption is kept, otherwise the middle of the best-covering range.
  const lo = Math.min(...good.map((s) => s.degrees));
  const hi = Math.max(...good.map((s) => s.degrees));
  const degrees = opts.prior >= lo && opts.prior <= hi ? opts.prior : (lo + hi) / 2;
  setElevation(views, degrees);
  return { degrees, coverage: top };
}
