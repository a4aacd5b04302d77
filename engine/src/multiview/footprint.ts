/**
 * Voxels seen in the views (ghosts.ts, cover.ts): each voxel's projected cube as the pixels whose centre
 * its bounding box holds, and the silhouette pixels far enough inside the outline to be judged.
 */
import { perspective } from './camera.ts';
import type { Camera } from './carve.ts';

/** A silhouette seen through the world frame: carve.ts's camera without its silhouette box. */
export type GhostCamera = Omit<Camera, 'box'>;

export interface GhostGrid {
  origin: [number, number, number];
  h: number;
  nx: number;
  ny: number;
  nz: number;
}

/**
 * Silhouette pixels at least a voxel's width inside the outline: the carve samples voxel centres, so a
 * thin leg's hull covers its silhouette only up to about a voxel at its edges, and those edge pixels
 * would make every ghost look needed (stool: 2–7 % of a ghost's front-view pixels, all along the edges).
 */
export function interior(cam: GhostCamera, h: number): Uint8Array {
  const { mask, width, height } = cam;
  const d = Math.max(1, Math.ceil(h / cam.upp));
  const ok = (u: number, v: number) =>
    u >= 0 && v >= 0 && u < width && v < height && mask[v * width + u] >= 0.5;
  const out = new Uint8Array(width * height);
  for (let v = 0; v < height; v++)
    for (let u = 0; u < width; u++)
      out[v * width + u] = ok(u, v) && ok(u - d, v) && ok(u + d, v) && ok(u, v - d) && ok(u, v + d) ? 1 : 0;
  return out;
}

/**
 * Calls `visit` for every pixel each voxel's projected cube (its bounding box) covers, in every view;
 * `within` skips voxels whose footprint misses that view's rectangle (x0, y0, x1, y1).
 */
export function forFootprints(
  voxels: number[],
  g: GhostGrid,
  cams: GhostCamera[],
  visit: (camera: number, pixel: number) => void,
  within?: number[][],
): void {
  const { nx, ny, h, origin } = g;
  for (let c = 0; c < cams.length; c++) {
    const { m, upp, cx, cy, width, height, inv } = cams[c];
    const ex = 0.5 * h * (Math.abs(m[0]) + Math.abs(m[1]) + Math.abs(m[2]));
    const ey = 0.5 * h * (Math.abs(m[3]) + Math.abs(m[4]) + Math.abs(m[5]));
    for (const o of voxels) {
      const x = origin[0] + ((o % nx) + 0.5) * h;
      const y = origin[1] + ((Math.floor(o / nx) % ny) + 0.5) * h;
      const z = origin[2] + (Math.floor(o / (nx * ny)) + 0.5) * h;
      const k = perspective(m[6] * x + m[7] * y + m[8] * z, inv) / upp;
      if (!Number.isFinite(k)) continue;
      // Half the projected cube's extent in pixels.
      const rx = ex * k;
      const ry = ey * k;
      const px = cx + (m[0] * x + m[1] * y + m[2] * z) * k;
      const py = cy - (m[3] * x + m[4] * y + m[5] * z) * k;
      // Pixels whose centre the footprint holds (at least the one under the voxel's centre).
      const x0 = Math.max(0, Math.min(Math.floor(px), Math.round(px - rx)));
      const x1 = Math.min(width - 1, Math.max(Math.floor(px), Math.round(px + rx) - 1));
      const y0 = Math.max(0, Math.min(Math.floor(py), Math.round(py - ry)));
      const y1 = Math.min(height - 1, Math.max(Math.floor(py), Math.round(py + ry) - 1));
      const b = within?.[c];
      if (b && (x1 < b[0] || y1 < b[1] || x0 > b[2] || y0 > b[3])) continue;
      for (let v = y0; v <= y1; v++) for (let u = x0; u <= x1; u++) visit(c, v * width + u);
    }
  }
}

/**
 * One greedy set-cover step (cover.ts, flat.ts): the part not yet chosen whose footprints hold the most
 * pixels no chosen part explains, counted only if in some view those are more than `share` of its own
 * footprint there and `minPixels` in all; -1 when no part qualifies.
 */
export function mostExplaining(
  feet: ArrayLike<number>[][],
  chosen: Uint8Array,
  explained: Uint8Array[],
  opts: { share: number; minPixels: number },
): number {
  let best = -1;
  let bestNew = 0;
  for (let n = 0; n < feet.length; n++) {
    if (chosen[n]) continue;
    let total = 0;
    let enough = false;
    feet[n].forEach((pixels, c) => {
      let fresh = 0;
      for (let i = 0; i < pixels.length; i++) if (!explained[c][pixels[i]]) fresh++;
      total += fresh;
      if (fresh > opts.share * pixels.length) enough = true;
    });
    if (enough && total >= opts.minPixels && total > bestNew) {
      best = n;
      bestNew = total;
    }
  }
  return best;
}
