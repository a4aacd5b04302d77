/**
 * Colours a chart atlas (charts.ts) from every photo: each texel's surface point is projected into each
 * view that faces it and sees it (a depth map of the mesh per view keeps a leg hidden behind another from
 * taking the colour of the one in front), weighted by cos^power of the viewing angle so the views
 * cross-fade instead of meeting at a seam; each photo's brightness is matched to the front's within limits.
 * Points no photo sees squarely (the underside) take the colour of the silhouette they project into; the
 * gutters and anything left are filled from the painted texels (push-pull), so filtering at a seam reads
 * the chart's own colours.
 */

import { EngineError } from '../errors.ts';
import { pushPullFill } from '../texture/fill.ts';
import type { Mesh, RgbaImage } from '../types.ts';
import { perspective } from './camera.ts';
import { meanLuminance, sampleRgb } from './photo-sample.ts';
import type { Frame } from './register.ts';
import type { RegisteredView } from './views.ts';

export interface AtlasPaintOptions {
  /** Exponent of the viewing-angle weight. */
  power: number;
  /** Limits of the per-view brightness gain. */
  maxGain: number;
  /** Depth-map cells along the model's height. */
  depthCells: number;
  /** How far behind the nearest surface (model units) a point still counts as seen. */
  depthTolerance: number;
}

const ATLAS_PAINT_DEFAULTS: AtlasPaintOptions = {
  power: 2,
  maxGain: 1.25,
  depthCells: 192,
  depthTolerance: 0.03,
};

interface PaintView {
  image: RgbaImage;
  mask: Float32Array;
  upp: number;
  cx: number;
  cy: number;
  r: Float64Array;
  /** Inverse camera distance (camera.ts). */
  inv: number;
  toward: [number, number, number];
  gain: number;
  depth: Float32Array;
  cellPx: number;
  dw: number;
  dh: number;
}

/** The nearest surface's depth (toward the camera) per depth-map cell of a view. */
function depthMap(v: PaintView, mesh: Mesh): void {
  const P = mesh.positions;
  const I = mesh.indices;
  const n = P.length / 3;
  const sx = new Float32Array(n);
  const sy = new Float32Array(n);
  const sd = new Float32Array(n);
  const r = v.r;
  for (let i = 0; i < n; i++) {
    const x = P[i * 3];
    const y = P[i * 3 + 1];
    const z = P[i * 3 + 2];
    sd[i] = r[6] * x + r[7] * y + r[8] * z;
    const k = Math.min(1e6, perspective(sd[i], v.inv)) / v.upp;
    sx[i] = (v.cx + (r[0] * x + r[1] * y + r[2] * z) * k) / v.cellPx;
    sy[i] = (v.cy - (r[3] * x + r[4] * y + r[5] * z) * k) / v.cellPx;
  }
  const D = v.depth;
  D.fill(-Infinity);
  const put = (x: number, y: number, d: number) => {
    if (x < 0 || y < 0 || x >= v.dw || y >= v.dh) return;
    const o = y * v.dw + x;
    if (d > D[o]) D[o] = d;
  };
  for (let t = 0; t < I.length; t += 3) {
    const a = I[t];
    const b = I[t + 1];
    const c = I[t + 2];
    // Vertices always land, so triangles smaller than a cell still occlude.
    put(Math.floor(sx[a]), Math.floor(sy[a]), sd[a]);
    put(Math.floor(sx[b]), Math.floor(sy[b]), sd[b]);
    put(Math.floor(sx[c]), Math.floor(sy[c]), sd[c]);
    const det = (sy[b] - sy[c]) * (sx[a] - sx[c]) + (sx[c] - sx[b]) * (sy[a] - sy[c]);
    if (Math.abs(det) < 1e-12) continue;
    const x0 = Math.max(0, Math.floor(Math.min(sx[a], sx[b], sx[c])));
    const x1 = Math.min(v.dw - 1, Math.ceil(Math.max(sx[a], sx[b], sx[c])));
    const y0 = Math.max(0, Math.floor(Math.min(sy[a], sy[b], sy[c])));
    const y1 = Math.min(v.dh - 1, Math.ceil(Math.max(sy[a], sy[b], sy[c])));
    for (let y = y0; y <= y1; y++) {
      for (let x = x0; x <= x1; x++) {
        const qx = x + 0.5;
        const qy = y + 0.5;
        const l1 = ((sy[b] - sy[c]) * (qx - sx[c]) + (sx[c] - sx[b]) * (qy - sy[c])) / det;
        const l2 = ((sy[c] - sy[a]) * (qx - sx[c]) + (sx[a] - sx[c]) * (qy - sy[c])) / det;
        const l3 = 1 - l1 - l2;
        if (l1 < 0 || l2 < 0 || l3 < 0) continue;
        put(x, y, l1 * sd[a] + l2 * sd[b] + l3 * sd[c]);
      }
    }
  }
}

export function paintAtlas(
  mesh: Mesh,
  size: number,
  front: Frame,
  views: RegisteredView[],
  options: Partial<AtlasPaintOptions> = {},
): { texture: RgbaImage; painted: number } {
  const opts = { ...ATLAS_PAINT_DEFAULTS, ...options };
  const frontLum = meanLuminance(front.image, front.mask);
  const sources = [
    {
      image: front.image,
      mask: front.mask,
      unitsPerPixel: front.unitsPerPixel,
      centrePx: front.centrePx,
      invDistance: front.invDistance ?? 0,
      rotation: Float64Array.from([1, 0, 0, 0, 1, 0, 0, 0, 1]),
      toward: [0, 0, 1] as [number, number, number],
    },
    ...views.filter((v) => v.colours),
  ];
  const pv: PaintView[] = sources.map((s, k) => {
    const cellPx = 1 / s.unitsPerPixel / opts.depthCells;
    const dw = Math.ceil(s.image.width / cellPx) + 1;
    const dh = Math.ceil(s.image.height / cellPx) + 1;
    const gain =
      k === 0
        ? 1
        : Math.min(
            opts.maxGain,
            Math.max(1 / opts.maxGain, frontLum / Math.max(1, meanLuminance(s.image, s.mask))),
          );
    const v: PaintView = {
      image: s.image,
      mask: s.mask,
      upp: s.unitsPerPixel,
      cx: s.centrePx[0],
      cy: s.centrePx[1],
      r: s.rotation,
      inv: s.invDistance,
      toward: s.toward,
      gain,
      depth: new Float32Array(dw * dh),
      cellPx,
      dw,
      dh,
    };
    depthMap(v, mesh);
    return v;
  });

  const S = size;
  const T = new Uint8Array(S * S * 4);
  const trust = new Float32Array(S * S);
  const { positions: P, normals: N, uvs: U, indices: I } = mesh;
  if (!N) throw new EngineError('internal', 'multiview: the mesh to paint has no normals.');
  const rgb = new Float64Array(3);
  const acc = new Float64Array(3);
  let painted = 0;
  // Pass 0 paints the texels inside each triangle, pass 1 those within 1.5 texels past its edges (so
  // filtering at a seam reads painted texels) that no triangle covered.
  for (let pass = 0; pass < 2; pass++)
    for (let t = 0; t < I.length; t += 3) {
      const a = I[t];
      const b = I[t + 1];
      const c = I[t + 2];
      const ax = U[a * 2] * S;
      const ay = U[a * 2 + 1] * S;
      const bx = U[b * 2] * S;
      const by = U[b * 2 + 1] * S;
      const cx = U[c * 2] * S;
      const cy = U[c * 2 + 1] * S;
      const det = (by - cy) * (ax - cx) + (cx - bx) * (ay - cy);
      if (Math.abs(det) < 1e-12) continue;
      const reach = pass ? 1.5 / Math.abs(det) : 0;
      const ea = -reach * Math.hypot(bx - cx, by - cy);
      const eb = -reach * Math.hypot(cx - ax, cy - ay);
      const ec = -reach * Math.hypot(ax - bx, ay - by);
      const minX = Math.max(0, Math.floor(Math.min(ax, bx, cx) - pass * 2));
      const maxX = Math.min(S - 1, Math.ceil(Math.max(ax, bx, cx) + pass * 2));
      const minY = Math.max(0, Math.floor(Math.min(ay, by, cy) - pass * 2));
      const maxY = Math.min(S - 1, Math.ceil(Math.max(ay, by, cy) + pass * 2));
      for (let ty = minY; ty <= maxY; ty++) {
        for (let tx = minX; tx <= maxX; tx++) {
          const o = ty * S + tx;
          if (trust[o]) continue;
          const qx = tx + 0.5;
          const qy = ty + 0.5;
          const l1 = ((by - cy) * (qx - cx) + (cx - bx) * (qy - cy)) / det;
          const l2 = ((cy - ay) * (qx - cx) + (ax - cx) * (qy - cy)) / det;
          const l3 = 1 - l1 - l2;
          if (l1 < ea || l2 < eb || l3 < ec) continue;
          const x = l1 * P[a * 3] + l2 * P[b * 3] + l3 * P[c * 3];
          const y = l1 * P[a * 3 + 1] + l2 * P[b * 3 + 1] + l3 * P[c * 3 + 1];
          const z = l1 * P[a * 3 + 2] + l2 * P[b * 3 + 2] + l3 * P[c * 3 + 2];
          let nx = l1 * N[a * 3] + l2 * N[b * 3] + l3 * N[c * 3];
          let ny = l1 * N[a * 3 + 1] + l2 * N[b * 3 + 1] + l3 * N[c * 3 + 1];
          let nz = l1 * N[a * 3 + 2] + l2 * N[b * 3 + 2] + l3 * N[c * 3 + 2];
          const len = Math.hypot(nx, ny, nz) || 1;
          nx /= len;
          ny /= len;
          nz /= len;
          let wsum = 0;
          acc.fill(0);
          for (let k = 0; k < pv.length; k++) {
            const v = pv[k];
            const facing = nx * v.toward[0] + ny * v.toward[1] + nz * v.toward[2];
            if (facing <= 0) continue;
            const r = v.r;
            const d = r[6] * x + r[7] * y + r[8] * z;
            const kp = perspective(d, v.inv) / v.upp;
            const px = v.cx + (r[0] * x + r[1] * y + r[2] * z) * kp;
            const py = v.cy - (r[3] * x + r[4] * y + r[5] * z) * kp;
            const ix = Math.floor(px);
            const iy = Math.floor(py);
            if (!(ix >= 0 && iy >= 0 && ix < v.image.width && iy < v.image.height)) continue;
            if (v.mask[iy * v.image.width + ix] < 0.5) continue;
            if (
              d <
              v.depth[Math.floor(py / v.cellPx) * v.dw + Math.floor(px / v.cellPx)] - opts.depthTolerance
            )
              continue;
            sampleRgb(v.image, px, py, rgb);
            const w = facing ** opts.power;
            acc[0] += rgb[0] * v.gain * w;
            acc[1] += rgb[1] * v.gain * w;
            acc[2] += rgb[2] * v.gain * w;
            wsum += w;
          }
          if (!(wsum > 0)) {
            // No photo sees the point (the underside, a hidden pocket): the silhouettes it projects into,
            // squarer views first.
            for (let k = 0; k < pv.length; k++) {
              const v = pv[k];
              const r = v.r;
              const kp = perspective(r[6] * x + r[7] * y + r[8] * z, v.inv) / v.upp;
              const px = v.cx + (r[0] * x + r[1] * y + r[2] * z) * kp;
              const py = v.cy - (r[3] * x + r[4] * y + r[5] * z) * kp;
              const ix = Math.floor(px);
              const iy = Math.floor(py);
              if (!(ix >= 0 && iy >= 0 && ix < v.image.width && iy < v.image.height)) continue;
              if (v.mask[iy * v.image.width + ix] < 0.5) continue;
              sampleRgb(v.image, px, py, rgb);
              const w = (1 + nx * v.toward[0] + ny * v.toward[1] + nz * v.toward[2]) ** 2 + 1e-6;
              acc[0] += rgb[0] * v.gain * w;
              acc[1] += rgb[1] * v.gain * w;
              acc[2] += rgb[2] * v.gain * w;
              wsum += w;
            }
          }
          if (!(wsum > 0)) continue;
          T[o * 4] = Math.min(255, Math.round(acc[0] / wsum));
          T[o * 4 + 1] = Math.min(255, Math.round(acc[1] / wsum));
          T[o * 4 + 2] = Math.min(255, Math.round(acc[2] / wsum));
          trust[o] = 1;
          painted++;
        }
      }
    }
  // Gutters and unreached texels: the nearest painted colours.
  const texture: RgbaImage = { width: S, height: S, data: T };
  const filled = pushPullFill(texture, trust).rgb;
  for (let o = 0; o < S * S; o++) {
    if (!trust[o]) {
      T[o * 4] = Math.max(0, Math.min(255, Math.round(filled[o * 3])));
      T[o * 4 + 1] = Math.max(0, Math.min(255, Math.round(filled[o * 3 + 1])));
      T[o * 4 + 2] = Math.max(0, Math.min(255, Math.round(filled[o * 3 + 2])));
    }
    T[o * 4 + 3] = 255;
  }
  return { texture, painted };
}
