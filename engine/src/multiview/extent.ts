/**
 * The box the hull's fine grid covers (hull.ts), from a coarse carve over a generous cube.
 *
 * A coarse voxel is kept when, in every view, its centre's image lies within the image of half the voxel's
 * diagonal of the silhouette: then some point of the voxel may fall inside every silhouette, so the kept
 * voxels hold the whole hull, however thin its parts. Keeping only the voxels whose centre falls inside
 * (a plain carve) lost every part thinner than a coarse voxel, which holds no centre: a crossbar or a
 * handle beside the body was cut off where the box ended, leaving a stub.
 */

import { distanceToBoundary } from '../geometry/distance.ts';
import { type Camera, carve } from './carve.ts';

/** Coarse voxels along each side of the cube searched. */
const COARSE_CELLS = 40;

/** Half a voxel's diagonal, in voxel sides. */
const HALF_DIAGONAL = Math.sqrt(3) / 2;

/** Cells of the distance grid along a photo's longer side, and the margin of cells around the photo. */
const DIST_CELLS = 512;
const DIST_PAD = 64;

interface Distances {
  values: Float32Array;
  w: number;
  h: number;
  cell: number;
}

/**
 * Each cell's distance to the silhouette (pixels; 0 inside), on a grid of `cell`-pixel cells with a
 * margin of DIST_PAD cells around the photo. A cell is inside when any of its pixels is, so a part
 * thinner than a cell is kept. The margin stands for the world beyond the photo: the distance
 * transform measures to the grid's edge too, and that edge must not pass for an outline.
 */
function distances(cam: Camera): Distances {
  const cell = Math.max(1, Math.ceil(Math.max(cam.width, cam.height) / DIST_CELLS));
  const w = Math.ceil(cam.width / cell) + 2 * DIST_PAD;
  const h = Math.ceil(cam.height / cell) + 2 * DIST_PAD;
  const outside = new Uint8Array(w * h).fill(1);
  for (let y = 0; y < cam.height; y++)
    for (let x = 0; x < cam.width; x++)
      if (cam.mask[y * cam.width + x] >= 0.5)
        outside[(Math.floor(y / cell) + DIST_PAD) * w + Math.floor(x / cell) + DIST_PAD] = 0;
  const d = distanceToBoundary(outside, w, h);
  for (let i = 0; i < d.length; i++) d[i] = outside[i] ? d[i] * cell : 0;
  return { values: d, w, h, cell };
}

type Box = { min: [number, number, number]; max: [number, number, number] };

/** Grows the index range of kept voxels as they are found; `box` turns it into sides in model units. */
class IndexRange {
  private lo = [Infinity, Infinity, Infinity];
  private hi = [-1, -1, -1];
  add(i: number, j: number, k: number) {
    const ijk = [i, j, k];
    for (let a = 0; a < 3; a++) {
      this.lo[a] = Math.min(this.lo[a], ijk[a]);
      this.hi[a] = Math.max(this.hi[a], ijk[a]);
    }
  }
  /** The kept voxels' sides on a grid of cell `h` from -reach, `margin` voxels wider on every side. */
  box(reach: number, h: number, margin: number): Box | undefined {
    if (this.hi[0] < 0) return undefined;
    const side = (n: number) => -reach + n * h;
    const [lo, hi] = [this.lo, this.hi];
    return {
      min: [side(lo[0] - margin), side(lo[1] - margin), side(lo[2] - margin)],
      max: [side(hi[0] + 1 + margin), side(hi[1] + 1 + margin), side(hi[2] + 1 + margin)],
    };
  }
}

/**
 * The hull's bounding box (world frame, model units) within the cube of half side `reach` about the
 * origin, or undefined when no voxel can lie inside every silhouette. `thin: false` keeps the earlier
 * box (the carved centres, a voxel of margin), the default until the fifth final set: see engine/README.md.
 */
export function hullExtent(cams: Camera[], reach: number, thin = true): Box | undefined {
  const C = COARSE_CELLS;
  const h = (2 * reach) / C;
  if (!thin) return centresBox(cams, reach);
  const r = HALF_DIAGONAL * h;
  const dists = cams.map(distances);
  const kept = new IndexRange();
  const at = (i: number) => -reach + (i + 0.5) * h;
  for (let k = 0; k < C; k++)
    for (let j = 0; j < C; j++)
      for (let i = 0; i < C; i++) {
        const x = at(i);
        const y = at(j);
        const z = at(k);
        let maybe = true;
        for (let c = 0; c < cams.length && maybe; c++) {
          const { m, inv, upp, cx, cy } = cams[c];
          const s = dists[c];
          const d = m[6] * x + m[7] * y + m[8] * z;
          const q = 1 - d * inv;
          if (q < 1e-3) {
            maybe = false;
            break;
          }
          // Pixels per unit at the voxel's nearest possible depth, the largest its image can be.
          const ppu = 1 / (upp * Math.max(1e-3, 1 - (d + r) * inv));
          const px = cx + (m[0] * x + m[1] * y + m[2] * z) / (upp * q);
          const py = cy - (m[3] * x + m[4] * y + m[5] * z) / (upp * q);
          const gx = Math.floor(px / s.cell) + DIST_PAD;
          const gy = Math.floor(py / s.cell) + DIST_PAD;
          // Off the grid, or nearer its edge than to the silhouette: farther than any voxel's reach.
          const edge = Math.min(gx, gy, s.w - 1 - gx, s.h - 1 - gy) * s.cell;
          const dist = edge < 0 ? Infinity : s.values[gy * s.w + gx];
          if (dist >= edge) {
            maybe = false;
            break;
          }
          // A cell of slack: the distances are read at cell centres.
          if (dist > r * ppu + s.cell) maybe = false;
        }
        if (maybe) kept.add(i, j, k);
      }
  // Voxel sides, not centres: the kept voxels' union is the box.
  return kept.box(reach, h, 0);
}

/** The box of the coarse voxels whose centre every silhouette holds, a voxel wider on every side. */
function centresBox(cams: Camera[], reach: number): Box | undefined {
  const C = COARSE_CELLS;
  const h = (2 * reach) / C;
  const rough = carve(cams, { origin: [-reach, -reach, -reach], h, nx: C, ny: C, nz: C });
  const kept = new IndexRange();
  for (let k = 0; k < C; k++)
    for (let j = 0; j < C; j++)
      for (let i = 0; i < C; i++) {
        if (rough[(k * C + j) * C + i]) kept.add(i, j, k);
      }
  return kept.box(reach, h, 1);
}
