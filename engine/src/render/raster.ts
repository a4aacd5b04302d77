/**
 * The triangle rasteriser: 4× multisampling, z-buffer, perspective-correct bilinear texturing.
 *
 * notes
 * - MSAA, not supersampling: coverage and depth are tested at 4 rotated-grid samples per pixel, but the
 *   texture is shaded once per pixel and the colour written to every covered sample. Silhouettes and
 *   interpenetrations get 4× AA while texturing and lighting run once per pixel. Measured: shading
 *   is about half of the raster time, so shading every sample (2×2 SSAA) would cost well over 2×.
 * - Vertices are snapped to 1/16 px and samples sit on that grid, so edge functions are exact integers
 *   in doubles: a shared edge is owned by exactly one triangle (no cracks, no double blending).
 * - Attributes are planes in screen space: 1/w (also the depth, larger = nearer), u/w, v/w (perspective
 *   correct after one division) and the per-vertex light (affine; triangles are a few pixels big).
 * - Pixels that are only partly covered are shaded at their first covered sample, not the centre, so UVs
 *   never extrapolate past the triangle into a neighbouring atlas island.
 * - One mip level per triangle from its texel/pixel area ratio.
 * - A pixel shared by two triangles of the same surface (depth within 0.2 %) is shaded once: the second
 *   triangle reuses the first one's colour for its samples. Measured on a 60k-triangle photo model at
 *   720²: 49 → 43 ms per frame (mean pixel change 0.4/255, edges look the same).
 */

import type { RasterContext } from './buffers.ts';
import { SRGB_TO_LINEAR, TONE_SCALE, TONE_TO_SRGB } from './color.ts';

/** Relative 1/w difference below which two samples count as the same surface (≈0.2 % of depth). */
const SAME_SURFACE = 0.002;

/** Subpixel units per pixel. */
export const SUB = 16;
/** Rotated-grid sample positions inside a pixel, in subpixel units. */
const S0X = 6;
const S0Y = 2;
const S1X = 14;
const S1Y = 6;
const S2X = 2;
const S2Y = 10;
const S3X = 10;
const S3Y = 14;

/** Draws every triangle; returns how many wrote at least one sample. */
export function rasterize(ctx: RasterContext): number {
  // Kept tiny on purpose: long loops with code after them get on-stack-replaced by V8 before that code
  // has type feedback, and then deoptimise on every call (measured: once per frame).
  const indices = ctx.indices;
  const vis = ctx.visible;
  let drawn = 0;
  for (let t = 0; t < indices.length; t += 3) {
    const i0 = indices[t];
    const i1 = indices[t + 1];
    const i2 = indices[t + 2];
    if ((vis[i0] & vis[i1] & vis[i2]) !== 0) drawn += drawTriangle(ctx, i0, i1, i2);
  }
  return drawn;
}

function drawTriangle(ctx: RasterContext, i0: number, first: number, second: number): number {
  let i1 = first;
  let i2 = second;
  const W = ctx.width;
  const H = ctx.height;
  const depth = ctx.depth;
  const color = ctx.color;
  const uvs = ctx.uvs;
  const mips = ctx.mips;
  const light = ctx.light;
  const sxA = ctx.sx;
  const syA = ctx.sy;
  const qA = ctx.q;
  const uqA = ctx.uq;
  const vqA = ctx.vq;
  const tone = TONE_TO_SRGB;
  const toLin = SRGB_TO_LINEAR;
  const toneMax = tone.length - 1;
  const baseW = mips[0].width;
  const baseH = mips[0].height;
  const maxLevel = mips.length - 1;
  const x0 = sxA[i0];
  const y0 = syA[i0];
  let x1 = sxA[i1];
  let y1 = syA[i1];
  let x2 = sxA[i2];
  let y2 = syA[i2];
  let area = (x1 - x0) * (y2 - y0) - (y1 - y0) * (x2 - x0);
  if (area < 0) {
    // Front faces (counter-clockwise seen from outside) have negative area on the y-down screen.
    const ti = i1;
    i1 = i2;
    i2 = ti;
    const tx = x1;
    x1 = x2;
    x2 = tx;
    const ty = y1;
    y1 = y2;
    y2 = ty;
    area = -area;
  } else if (ctx.cullBackFaces || area === 0) {
    return 0;
  }

  // Pixel bounding box.
  let minPX = Math.floor(Math.min(x0, x1, x2) / SUB);
  let maxPX = Math.floor(Math.max(x0, x1, x2) / SUB);
  let minPY = Math.floor(Math.min(y0, y1, y2) / SUB);
  let maxPY = Math.floor(Math.max(y0, y1, y2) / SUB);
  if (minPX < 0) minPX = 0;
  if (minPY < 0) minPY = 0;
  if (maxPX > W - 1) maxPX = W - 1;
  if (maxPY > H - 1) maxPY = H - 1;
  if (minPX > maxPX || minPY > maxPY) return 0;

  // Edge functions E = A·x + B·y + C, positive inside.
  const A0 = y1 - y2;
  const B0 = x2 - x1;
  const A1 = y2 - y0;
  const B1 = x0 - x2;
  const A2 = y0 - y1;
  const B2 = x1 - x0;
  const ox = minPX * SUB;
  const oy = minPY * SUB;
  // Fill rule: an edge owns its exact-zero samples when A > 0 or (A = 0 and B > 0).
  let e0row = A0 * (ox - x1) + B0 * (oy - y1) + (A0 > 0 || (A0 === 0 && B0 > 0) ? 0 : -1);
  let e1row = A1 * (ox - x2) + B1 * (oy - y2) + (A1 > 0 || (A1 === 0 && B1 > 0) ? 0 : -1);
  let e2row = A2 * (ox - x0) + B2 * (oy - y0) + (A2 > 0 || (A2 === 0 && B2 > 0) ? 0 : -1);
  const o00 = A0 * S0X + B0 * S0Y;
  const o01 = A0 * S1X + B0 * S1Y;
  const o02 = A0 * S2X + B0 * S2Y;
  const o03 = A0 * S3X + B0 * S3Y;
  const o10 = A1 * S0X + B1 * S0Y;
  const o11 = A1 * S1X + B1 * S1Y;
  const o12 = A1 * S2X + B1 * S2Y;
  const o13 = A1 * S3X + B1 * S3Y;
  const o20 = A2 * S0X + B2 * S0Y;
  const o21 = A2 * S1X + B2 * S1Y;
  const o22 = A2 * S2X + B2 * S2Y;
  const o23 = A2 * S3X + B2 * S3Y;
  const a0s = A0 * SUB;
  const a1s = A1 * SUB;
  const a2s = A2 * SUB;
  const b0s = B0 * SUB;
  const b1s = B1 * SUB;
  const b2s = B2 * SUB;
  // For the early exit along a row: the largest value an edge reaches inside the next pixels.
  // Largest sample offset per edge: a pixel where e + max < 0 for some edge has no covered sample.
  const max0 = Math.max(o00, o01, o02, o03);
  const max1 = Math.max(o10, o11, o12, o13);
  const max2 = Math.max(o20, o21, o22, o23);
  const stop0 = A0 < 0 ? (B0 > 0 ? b0s : 0) : Number.POSITIVE_INFINITY;
  const stop1 = A1 < 0 ? (B1 > 0 ? b1s : 0) : Number.POSITIVE_INFINITY;
  const stop2 = A2 < 0 ? (B2 > 0 ? b2s : 0) : Number.POSITIVE_INFINITY;

  // Barycentric weights at the bbox origin and their steps → attribute planes.
  const inv = 1 / area;
  const w0o = (A0 * (ox - x1) + B0 * (oy - y1)) * inv;
  const w1o = (A1 * (ox - x2) + B1 * (oy - y2)) * inv;
  const w2o = (A2 * (ox - x0) + B2 * (oy - y0)) * inv;
  const w0x = A0 * inv;
  const w1x = A1 * inv;
  const w2x = A2 * inv;
  const w0y = B0 * inv;
  const w1y = B1 * inv;
  const w2y = B2 * inv;

  const q0 = qA[i0];
  const q1 = qA[i1];
  const q2 = qA[i2];
  const qo = q0 * w0o + q1 * w1o + q2 * w2o;
  const qdx = q0 * w0x + q1 * w1x + q2 * w2x;
  const qdy = q0 * w0y + q1 * w1y + q2 * w2y;
  const qs0 = qdx * S0X + qdy * S0Y;
  const qs1 = qdx * S1X + qdy * S1Y;
  const qs2 = qdx * S2X + qdy * S2Y;
  const qs3 = qdx * S3X + qdy * S3Y;

  const u0 = uqA[i0];
  const u1 = uqA[i1];
  const u2 = uqA[i2];
  const uo = u0 * w0o + u1 * w1o + u2 * w2o;
  const udx = u0 * w0x + u1 * w1x + u2 * w2x;
  const udy = u0 * w0y + u1 * w1y + u2 * w2y;
  const v0 = vqA[i0];
  const v1 = vqA[i1];
  const v2 = vqA[i2];
  const vo = v0 * w0o + v1 * w1o + v2 * w2o;
  const vdx = v0 * w0x + v1 * w1x + v2 * w2x;
  const vdy = v0 * w0y + v1 * w1y + v2 * w2y;

  const l0 = i0 * 4;
  const l1 = i1 * 4;
  const l2 = i2 * 4;
  const lro = light[l0] * w0o + light[l1] * w1o + light[l2] * w2o;
  const lrdx = light[l0] * w0x + light[l1] * w1x + light[l2] * w2x;
  const lrdy = light[l0] * w0y + light[l1] * w1y + light[l2] * w2y;
  const lgo = light[l0 + 1] * w0o + light[l1 + 1] * w1o + light[l2 + 1] * w2o;
  const lgdx = light[l0 + 1] * w0x + light[l1 + 1] * w1x + light[l2 + 1] * w2x;
  const lgdy = light[l0 + 1] * w0y + light[l1 + 1] * w1y + light[l2 + 1] * w2y;
  const lbo = light[l0 + 2] * w0o + light[l1 + 2] * w1o + light[l2 + 2] * w2o;
  const lbdx = light[l0 + 2] * w0x + light[l1 + 2] * w1x + light[l2 + 2] * w2x;
  const lbdy = light[l0 + 2] * w0y + light[l1 + 2] * w1y + light[l2 + 2] * w2y;
  const lso = light[l0 + 3] * w0o + light[l1 + 3] * w1o + light[l2 + 3] * w2o;
  const lsdx = light[l0 + 3] * w0x + light[l1 + 3] * w1x + light[l2 + 3] * w2x;
  const lsdy = light[l0 + 3] * w0y + light[l1 + 3] * w1y + light[l2 + 3] * w2y;

  // Mip level from texel area / pixel area (both doubled, the factors cancel).
  const ua = uvs[i0 * 2];
  const va = uvs[i0 * 2 + 1];
  const uvArea = Math.abs(
    (uvs[i1 * 2] - ua) * (uvs[i2 * 2 + 1] - va) - (uvs[i2 * 2] - ua) * (uvs[i1 * 2 + 1] - va),
  );
  let level = 0;
  if (maxLevel > 0 && uvArea > 0) {
    const ratio = (uvArea * baseW * baseH * SUB * SUB) / area;
    // round(log4(ratio)) without log: level k covers ratios (2·4^(k−1), 2·4^k].
    for (let th = 2; ratio > th && level < maxLevel; th *= 4) level++;
  }
  const mip = mips[level];
  const tex = mip.texels;
  const tw = mip.width;
  const th = mip.height;
  const twMax = tw - 1;
  const thMax = th - 1;

  let wrote = false;
  let ry = 0;
  for (let py = minPY; py <= maxPY; py++, ry += SUB) {
    let e0 = e0row;
    let e1 = e1row;
    let e2 = e2row;
    let pix = py * W + minPX;
    let rx = 0;
    for (let px = minPX; px <= maxPX; px++, pix++, rx += SUB, e0 += a0s, e1 += a1s, e2 += a2s) {
      if (e0 + max0 < 0 || e1 + max1 < 0 || e2 + max2 < 0) {
        // Convex: once an edge that falls to the right is negative over a whole pixel, the row is done.
        if (e0 + stop0 < 0 || e1 + stop1 < 0 || e2 + stop2 < 0) break;
        continue;
      }
      let m = 0;
      if (e0 + o00 >= 0 && e1 + o10 >= 0 && e2 + o20 >= 0) m = 1;
      if (e0 + o01 >= 0 && e1 + o11 >= 0 && e2 + o21 >= 0) m |= 2;
      if (e0 + o02 >= 0 && e1 + o12 >= 0 && e2 + o22 >= 0) m |= 4;
      if (e0 + o03 >= 0 && e1 + o13 >= 0 && e2 + o23 >= 0) m |= 8;
      if (m === 0) continue;
      const base = pix << 2;
      const qp = qo + qdx * rx + qdy * ry;
      const z0 = qp + qs0;
      const z1 = qp + qs1;
      const z2 = qp + qs2;
      const z3 = qp + qs3;
      let pass = 0;
      if (m & 1 && z0 > depth[base]) pass = 1;
      if (m & 2 && z1 > depth[base + 1]) pass |= 2;
      if (m & 4 && z2 > depth[base + 2]) pass |= 4;
      if (m & 8 && z3 > depth[base + 3]) pass |= 8;
      if (pass === 0) continue;

      // A partly covered pixel whose other samples already hold the same surface (a neighbouring
      // triangle, depth within SAME_SURFACE) takes that colour instead of shading again: with triangles
      // a few pixels big, most pixels lie on shared edges and would otherwise be shaded twice.
      let c = 0;
      let shade = true;
      if (m !== 15) {
        const tol = qp * SAME_SURFACE;
        if ((m & 1) === 0 && depth[base] > 0 && Math.abs(depth[base] - z0) < tol) {
          c = color[base];
          shade = false;
        } else if ((m & 2) === 0 && depth[base + 1] > 0 && Math.abs(depth[base + 1] - z1) < tol) {
          c = color[base + 1];
          shade = false;
        } else if ((m & 4) === 0 && depth[base + 2] > 0 && Math.abs(depth[base + 2] - z2) < tol) {
          c = color[base + 2];
          shade = false;
        } else if ((m & 8) === 0 && depth[base + 3] > 0 && Math.abs(depth[base + 3] - z3) < tol) {
          c = color[base + 3];
          shade = false;
        }
      }
      if (shade) {
        // Shading point: pixel centre when fully covered, else the first covered sample.
        let cx = rx + 8;
        let cy = ry + 8;
        if (m !== 15) {
          if (m & 1) {
            cx = rx + S0X;
            cy = ry + S0Y;
          } else if (m & 2) {
            cx = rx + S1X;
            cy = ry + S1Y;
          } else if (m & 4) {
            cx = rx + S2X;
            cy = ry + S2Y;
          } else {
            cx = rx + S3X;
            cy = ry + S3Y;
          }
        }
        const w = 1 / (qo + qdx * cx + qdy * cy);
        let fu = (uo + udx * cx + udy * cy) * w * tw - 0.5;
        let fv = (vo + vdx * cx + vdy * cy) * w * th - 0.5;
        if (fu < 0) fu = 0;
        else if (fu > twMax) fu = twMax;
        if (fv < 0) fv = 0;
        else if (fv > thMax) fv = thMax;
        const iu = fu | 0;
        const iv = fv | 0;
        const au = fu - iu;
        const av = fv - iv;
        const row0 = iv * tw;
        const row1 = iv < thMax ? row0 + tw : row0;
        const iu1 = iu < twMax ? iu + 1 : iu;
        const c00 = tex[row0 + iu];
        const c10 = tex[row0 + iu1];
        const c01 = tex[row1 + iu];
        const c11 = tex[row1 + iu1];
        let r0 = c00 & 255;
        let r1 = c01 & 255;
        r0 += ((c10 & 255) - r0) * au;
        r1 += ((c11 & 255) - r1) * au;
        const r = r0 + (r1 - r0) * av;
        let g0 = (c00 >>> 8) & 255;
        let g1 = (c01 >>> 8) & 255;
        g0 += (((c10 >>> 8) & 255) - g0) * au;
        g1 += (((c11 >>> 8) & 255) - g1) * au;
        const g = g0 + (g1 - g0) * av;
        let b0 = (c00 >>> 16) & 255;
        let b1 = (c01 >>> 16) & 255;
        b0 += (((c10 >>> 16) & 255) - b0) * au;
        b1 += (((c11 >>> 16) & 255) - b1) * au;
        const b = b0 + (b1 - b0) * av;

        const spec = lso + lsdx * cx + lsdy * cy;
        let ir = ((toLin[(r + 0.5) | 0] * (lro + lrdx * cx + lrdy * cy) + spec) * TONE_SCALE) | 0;
        let ig = ((toLin[(g + 0.5) | 0] * (lgo + lgdx * cx + lgdy * cy) + spec) * TONE_SCALE) | 0;
        let ib = ((toLin[(b + 0.5) | 0] * (lbo + lbdx * cx + lbdy * cy) + spec) * TONE_SCALE) | 0;
        if (ir > toneMax) ir = toneMax;
        else if (ir < 0) ir = 0;
        if (ig > toneMax) ig = toneMax;
        else if (ig < 0) ig = 0;
        if (ib > toneMax) ib = toneMax;
        else if (ib < 0) ib = 0;
        c = (255 << 24) | (tone[ib] << 16) | (tone[ig] << 8) | tone[ir];
      }

      if (pass & 1) {
        depth[base] = z0;
        color[base] = c;
      }
      if (pass & 2) {
        depth[base + 1] = z1;
        color[base + 1] = c;
      }
      if (pass & 4) {
        depth[base + 2] = z2;
        color[base + 2] = c;
      }
      if (pass & 8) {
        depth[base + 3] = z3;
        color[base + 3] = c;
      }
      wrote = true;
    }
    e0row += b0s;
    e1row += b1s;
    e2row += b2s;
  }
  if (!wrote) return 0;
  const dirty = ctx.dirty;
  if (minPX < dirty[0]) dirty[0] = minPX;
  if (minPY < dirty[1]) dirty[1] = minPY;
  if (maxPX > dirty[2]) dirty[2] = maxPX;
  if (maxPY > dirty[3]) dirty[3] = maxPY;
  return 1;
}
