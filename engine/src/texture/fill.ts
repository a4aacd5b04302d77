/**
 * Push-pull fill: every pixel outside the subject takes the colour of the nearest subject pixels,
 * smoothly, so texture filtering and mip-maps at the silhouette never pick up the photo's background.
 * One image pyramid, O(n).
 *
 * Notes: only the finest level is handed out (the coarse ones once served the back's colours; nothing
 * reads them now), so only it is divided by its weights. The push sums each 2×2 block at once instead of
 * adding pixel by pixel into the coarse arrays: same float32 roundings in the same order, same bytes.
 */
import type { RgbaImage } from '../types.ts';

export interface Level {
  w: number;
  h: number;
  /** Colour (rgb, 0..255) per pixel after filling. */
  rgb: Float32Array;
}

export interface FillOptions {
  /** Mask value above which a pixel's own colour is trusted (fringe pixels blend background in). */
  trustThreshold: number;
}

const FILL_DEFAULTS: FillOptions = { trustThreshold: 0.8 };

/** Returns the filled image (the pyramid's finest level). */
export function pushPullFill(
  image: RgbaImage,
  mask: Float32Array,
  options: Partial<FillOptions> = {},
): Level {
  const opts = { ...FILL_DEFAULTS, ...options };
  const { width, height } = image;
  const cs: Float32Array[] = [];
  const ws: Float32Array[] = [];
  const dims: [number, number][] = [];
  let c = new Float32Array(width * height * 3);
  let wt = new Float32Array(width * height);
  // Trusted pixels carry their colour with weight 1; the others stay 0 (the arrays start so).
  const data = image.data;
  const trust = opts.trustThreshold;
  for (let i = 0; i < width * height; i++) {
    if (!(mask[i] >= trust)) continue;
    wt[i] = 1;
    c[i * 3] = data[i * 4];
    c[i * 3 + 1] = data[i * 4 + 1];
    c[i * 3 + 2] = data[i * 4 + 2];
  }
  let w = width;
  let h = height;
  cs.push(c);
  ws.push(wt);
  dims.push([w, h]);
  while (w > 1 || h > 1) {
    const nw = Math.max(1, Math.ceil(w / 2));
    const nh = Math.max(1, Math.ceil(h / 2));
    const nc = new Float32Array(nw * nh * 3);
    const nwt = new Float32Array(nw * nh);
    // Each coarse pixel sums its (up to) 2×2 fine pixels in row order, rounded to float32 after every
    // addition as the arrays' own `+=` did (same bytes as summing pixel by pixel into the arrays).
    for (let ny = 0; ny < nh; ny++) {
      const r0 = 2 * ny * w;
      const r1 = 2 * ny + 1 < h ? r0 + w : -1;
      for (let nx = 0; nx < nw; nx++) {
        const j = ny * nw + nx;
        const a = r0 + 2 * nx;
        const b = 2 * nx + 1 < w ? a + 1 : -1;
        const d = r1 >= 0 ? r1 + 2 * nx : -1;
        const e = r1 >= 0 && b >= 0 ? d + 1 : -1;
        let sw = wt[a];
        let s0 = c[a * 3];
        let s1 = c[a * 3 + 1];
        let s2 = c[a * 3 + 2];
        if (b >= 0) {
          sw = Math.fround(sw + wt[b]);
          s0 = Math.fround(s0 + c[b * 3]);
          s1 = Math.fround(s1 + c[b * 3 + 1]);
          s2 = Math.fround(s2 + c[b * 3 + 2]);
        }
        if (d >= 0) {
          sw = Math.fround(sw + wt[d]);
          s0 = Math.fround(s0 + c[d * 3]);
          s1 = Math.fround(s1 + c[d * 3 + 1]);
          s2 = Math.fround(s2 + c[d * 3 + 2]);
        }
        if (e >= 0) {
          sw = Math.fround(sw + wt[e]);
          s0 = Math.fround(s0 + c[e * 3]);
          s1 = Math.fround(s1 + c[e * 3 + 1]);
          s2 = Math.fround(s2 + c[e * 3 + 2]);
        }
        // Normalised so a fully covered coarse pixel has weight 1 (premultiplied colour scaled alike).
        if (sw > 1) {
          const k = 1 / sw;
          s0 *= k;
          s1 *= k;
          s2 *= k;
          sw = 1;
        }
        nwt[j] = sw;
        nc[j * 3] = s0;
        nc[j * 3 + 1] = s1;
        nc[j * 3 + 2] = s2;
      }
    }
    c = nc;
    wt = nwt;
    w = nw;
    h = nh;
    cs.push(c);
    ws.push(wt);
    dims.push([w, h]);
  }
  // Pull: fill each level's missing weight from the (already filled) coarser level, bilinearly.
  for (let l = cs.length - 2; l >= 0; l--) {
    const [fw, fh] = dims[l];
    const [cw, ch] = dims[l + 1];
    const fc = cs[l];
    const fwt = ws[l];
    const cc = cs[l + 1];
    const cwt = ws[l + 1];
    // Each column's taps are the same on every row: worked out once per level.
    const { i0: cx0, i1: cx1, t: ctx } = halfTaps(fw, cw);
    for (let y = 0; y < fh; y++) {
      const sy = Math.min(Math.max((y + 0.5) / 2 - 0.5, 0), ch - 1);
      const y0 = Math.floor(sy);
      const y1 = Math.min(y0 + 1, ch - 1);
      const ty = sy - y0;
      for (let x = 0; x < fw; x++) {
        const i = y * fw + x;
        const miss = 1 - fwt[i];
        if (miss <= 0) continue;
        const x0 = cx0[x];
        const x1 = cx1[x];
        const tx = ctx[x];
        const a = y0 * cw + x0,
          b = y0 * cw + x1,
          d = y1 * cw + x0,
          e = y1 * cw + x1;
        const ka = (1 - tx) * (1 - ty),
          kb = tx * (1 - ty),
          kd = (1 - tx) * ty,
          ke = tx * ty;
        const wsum = cwt[a] * ka + cwt[b] * kb + cwt[d] * kd + cwt[e] * ke;
        if (wsum <= 0) continue;
        const s = miss / wsum;
        fc[i * 3] += s * (cc[a * 3] * ka + cc[b * 3] * kb + cc[d * 3] * kd + cc[e * 3] * ke);
        fc[i * 3 + 1] +=
          s * (cc[a * 3 + 1] * ka + cc[b * 3 + 1] * kb + cc[d * 3 + 1] * kd + cc[e * 3 + 1] * ke);
        fc[i * 3 + 2] +=
          s * (cc[a * 3 + 2] * ka + cc[b * 3 + 2] * kb + cc[d * 3 + 2] * kd + cc[e * 3 + 2] * ke);
        fwt[i] += s * wsum;
      }
    }
  }
  const rgb = cs[0];
  const wt0 = ws[0];
  for (let i = 0; i < width * height; i++) {
    const k = wt0[i] > 0 ? 1 / wt0[i] : 0;
    rgb[i * 3] *= k;
    rgb[i * 3 + 1] *= k;
    rgb[i * 3 + 2] *= k;
  }
  return { w: width, h: height, rgb };
}

/** For each of `n` fine positions, its two taps on the level of half the size (`cn` cells) and the weight of the second. */
function halfTaps(n: number, cn: number) {
  const i0 = new Int32Array(n);
  const i1 = new Int32Array(n);
  const t = new Float64Array(n);
  for (let x = 0; x < n; x++) {
    const s = Math.min(Math.max((x + 0.5) / 2 - 0.5, 0), cn - 1);
    i0[x] = Math.floor(s);
    i1[x] = Math.min(i0[x] + 1, cn - 1);
    t[x] = s - i0[x];
  }
  return { i0, i1, t };
}
