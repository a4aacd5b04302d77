/**
 * The floor under the hull. Every camera looks down on the object, so no silhouette bounds the hull from
 * below: the lowest silhouette rays of four views meet in a pyramid under the object (a saucer became a
 * lampshade with a pointed base). The object's contact with its support lies on each view's lowest
 * silhouette ray, inside the hull; along that ray, sloping down away from the camera, the hull's nearest
 * voxel is its highest, so that voxel's height is at or above the floor. The lowest such height over the
 * views bounds the floor from above, and voxels below it (less a slack for cameras a little off) are cleared.
 */
import { perspective } from './camera.ts';
import type { Camera } from './carve.ts';
import type { Grid } from './hull-round.ts';

type FloorCamera = Pick<Camera, 'upp' | 'cx' | 'cy' | 'm' | 'inv' | 'box'>;

/** Clears voxels below the floor the views show, less `slack` of the hull's height; returns how many slices were cleared. */
export function cutFloor(occ: Uint8Array, g: Grid, cams: FloorCamera[], slack: number): number {
  const { nx, ny, nz, h, origin } = g;
  let floor = Infinity;
  for (const c of cams) {
    const bottom = c.box[3];
    if (bottom <= c.box[1]) continue;
    let nearest = -Infinity;
    let height = Infinity;
    for (let k = 0; k < nz; k++)
      for (let j = 0; j < ny; j++)
        for (let i = 0; i < nx; i++) {
          if (!occ[(k * ny + j) * nx + i]) continue;
          const x = origin[0] + (i + 0.5) * h;
          const y = origin[1] + (j + 0.5) * h;
          const z = origin[2] + (k + 0.5) * h;
          const d = c.m[6] * x + c.m[7] * y + c.m[8] * z;
          const s = perspective(d, c.inv) / c.upp;
          // The voxel's centre on the silhouette's lowest pixel row (within half a voxel's height).
          const py = c.cy - (c.m[3] * x + c.m[4] * y + c.m[5] * z) * s;
          if (py < bottom - 1 - 0.5 * h * s) continue;
          if (d > nearest) {
            nearest = d;
            height = y;
          }
        }
    floor = Math.min(floor, height);
  }
  if (!Number.isFinite(floor)) return 0;
  // Slack under that height, a share of the hull's height: the contact lies on the lowest rays only as
  // far as the cameras are right, and a 26 mm carton taken for parallel rays (no EXIF) read its floor 7 %
  // of its height too high and came out squat.
  let j0 = ny;
  let j1 = -1;
  for (let o = 0; o < occ.length; o++)
    if (occ[o]) {
      const j = Math.floor(o / nx) % ny;
      if (j < j0) j0 = j;
      if (j > j1) j1 = j;
    }
  const cut = Math.floor((floor - origin[1]) / h - 0.5 - slack * (j1 - j0 + 1));
  let cleared = 0;
  for (let j = 0; j < Math.min(cut, ny); j++) {
    let any = false;
    for (let k = 0; k < nz; k++)
      for (let i = 0; i < nx; i++) {
        const o = (k * ny + j) * nx + i;
        if (occ[o]) {
          occ[o] = 0;
          any = true;
        }
      }
    if (any) cleared++;
  }
  return cleared;
}
