/**
 * Carving the hull (hull.ts): the cameras as the world frame sees them and the voxels every silhouette
 * holds. Each row of voxels along x is first cut to the stretch that can fall in every silhouette's box,
 * so the side cameras, whose rays the rows are, reject most rows at once.
 */

import type { Grid } from './hull-round.ts';
import type { Frame } from './register.ts';
import { silhouetteBox } from './register.ts';

/**
 * A silhouette seen through the world frame: image position = centre + rows 0 and 1 of m · W · k / scale,
 * k = 1 / (1 − row 2 of m · W · inv) (camera.ts; inv = 0 sees in parallel, k = 1).
 */
export interface Camera {
  mask: Float32Array;
  width: number;
  height: number;
  upp: number;
  cx: number;
  cy: number;
  m: Float64Array;
  inv: number;
  /** The silhouette's bounding box in pixels (x0, y0, x1, y1; x1 and y1 exclusive). */
  box: [number, number, number, number];
}

export function camera(view: Frame & { rotation?: Float64Array }, elevationDeg: number): Camera {
  // Rows of the view's rotation times the elevation's turn; all three (the third is the depth).
  const e = (elevationDeg * Math.PI) / 180;
  const rx = [1, 0, 0, 0, Math.cos(e), -Math.sin(e), 0, Math.sin(e), Math.cos(e)];
  const r = view.rotation ?? Float64Array.from([1, 0, 0, 0, 1, 0, 0, 0, 1]);
  const b = silhouetteBox(view.mask, view.image.width, view.image.height);
  const m = new Float64Array(9);
  for (let i = 0; i < 3; i++)
    for (let j = 0; j < 3; j++) for (let k = 0; k < 3; k++) m[i * 3 + j] += r[i * 3 + k] * rx[k * 3 + j];
  return {
    mask: view.mask,
    width: view.image.width,
    height: view.image.height,
    upp: view.unitsPerPixel,
    cx: view.centrePx[0],
    cy: view.centrePx[1],
    m,
    inv: view.invDistance ?? 0,
    box: b ? [b.x0, b.y0, b.x1, b.y1] : [0, 0, 0, 0],
  };
}

/**
 * The voxels of row (j, k) that can project into every camera's silhouette box, as [first, last]
 * (empty when first > last). Along a row each image coordinate is a ratio of linear functions of i
 * (camera.ts), so "inside the box's edge" is A + B·i ≥ 0 after multiplying by the positive depth factor:
 * each edge and the camera's near plane cut the row at one point. A voxel or so of slack either way:
 * the voxels kept are still tested one by one.
 */
function rowSpan(
  cams: Camera[],
  nx: number,
  bu: Float64Array,
  bv: Float64Array,
  bd: Float64Array,
  du: number[],
  dv: number[],
  dd: number[],
): [number, number] {
  let lo = 0;
  let hi = nx - 1;
  const cut = (a: number, b: number) => {
    if (b > 0) lo = Math.max(lo, Math.floor(-a / b) - 1);
    else if (b < 0) hi = Math.min(hi, Math.ceil(-a / b) + 1);
    else if (a < 0) hi = -1;
  };
  for (let c = 0; c < cams.length; c++) {
    const cam = cams[c];
    const [x0, y0, x1, y1] = cam.box;
    const inv = cam.inv;
    const q0 = 1 - bd[c] * inv;
    const qi = -dd[c] * inv;
    const uu = bu[c] / cam.upp;
    const ui = du[c] / cam.upp;
    const vv = bv[c] / cam.upp;
    const vi = dv[c] / cam.upp;
    // px ≥ x0, px ≤ x1, py ≥ y0, py ≤ y1, with px = cx + u/(upp·q), py = cy − v/(upp·q), q > 0.
    cut(uu - (x0 - cam.cx) * q0, ui - (x0 - cam.cx) * qi);
    cut((x1 - cam.cx) * q0 - uu, (x1 - cam.cx) * qi - ui);
    cut((cam.cy - y0) * q0 - vv, (cam.cy - y0) * qi - vi);
    cut(vv - (cam.cy - y1) * q0, vi - (cam.cy - y1) * qi);
    if (inv) cut(q0 - 1e-3, qi);
    if (lo > hi) break;
  }
  return [lo, hi];
}

/** 1 for every voxel centre that every camera sees inside its silhouette. */
export function carve(cams: Camera[], g: Grid): Uint8Array {
  const { nx, ny, nz, h, origin } = g;
  const occ = new Uint8Array(nx * ny * nz);
  const n = cams.length;
  // Per camera, the row's start in camera coordinates (u, v, depth) and their step along x.
  const bu = new Float64Array(n);
  const bv = new Float64Array(n);
  const bd = new Float64Array(n);
  const du = cams.map((c) => c.m[0] * h);
  const dv = cams.map((c) => c.m[3] * h);
  const dd = cams.map((c) => c.m[6] * h);
  for (let k = 0; k < nz; k++) {
    const z = origin[2] + (k + 0.5) * h;
    for (let j = 0; j < ny; j++) {
      const y = origin[1] + (j + 0.5) * h;
      const x = origin[0] + 0.5 * h;
      for (let c = 0; c < n; c++) {
        const m = cams[c].m;
        bu[c] = m[0] * x + m[1] * y + m[2] * z;
        bv[c] = m[3] * x + m[4] * y + m[5] * z;
        bd[c] = m[6] * x + m[7] * y + m[8] * z;
      }
      const [first, last] = rowSpan(cams, nx, bu, bv, bd, du, dv, dd);
      const row = (k * ny + j) * nx;
      for (let i = first; i <= last; i++) {
        let inside = 1;
        for (let c = 0; c < n; c++) {
          const cam = cams[c];
          let s = 1 / cam.upp;
          if (cam.inv) {
            const q = 1 - (bd[c] + i * dd[c]) * cam.inv;
            if (q < 1e-3) {
              inside = 0;
              break;
            }
            s /= q;
          }
          const px = Math.floor(cam.cx + (bu[c] + i * du[c]) * s);
          const py = Math.floor(cam.cy - (bv[c] + i * dv[c]) * s);
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
