/**
 * A fast mask for photos on a plain or smoothly lit backdrop: fit the backdrop's colour from the border
 * band, matte every pixel by its colour distance from that fit, clean the result, and hand it out only
 * when a confidence test passes; otherwise the caller runs the segmentation model (IS-Net, ~2 s of CPU).
 *
 * notes (measured with bench/segment-quality.bench.ts, nine photos with their alpha as truth, JPEG q90):
 * - The backdrop is a quadratic per channel in x and y, fitted by least squares over a band of 4 % of the
 *   smaller side: first to the half of the band nearest its median colour, then three times to the
 *   samples within 3× the robust residual (a subject reaching the band, a shadow, left out). Fitted to
 *   the whole band at first, a subject over half of one side bent the fit and read as a busy backdrop. A quadratic covers lit gradients and a studio vignette (r² = x² + y²); a
 *   texture or a cluttered room leaves a large residual and is refused on `maxBackdropNoise`.
 * - Distance is shadow-aware: the part of the pixel along the backdrop's colour (its brightness) counts
 *   only beyond `shadowDepth` of darkening, the rest (its chroma) always. A soft shadow darkens the
 *   backdrop without changing its hue; without the allowance, the shadow under the subject became part
 *   of the mask. Pixels dark only the way a shadow is ("shadow-like") are counted, and a photo where they
 *   are a large share of the subject (a grey subject on white, where they are the subject) is refused.
 * - Confidence: the subject must not cover more than `maxBorderSubject` of the band (a subject cut by the
 *   frame gets a bite of backdrop fitted into it), its area must be sane, pixels of uncertain distance
 *   (between half and twice the threshold) must form a thin edge, not a region (a backdrop close to the
 *   subject's colour), and enclosed holes must be small (a subject part of the backdrop's colour).
 * - Measured (README, "Photos without alpha"): tuning group 9 of 27 plain cases taken, IoU 0.983–0.995
 *   (IS-Net 0.978–0.995 on the same), 0 of 18 busy; held-out group 3 of 27 and 0 of 18, but one taken
 *   photo lost IoU 0.016 / boundary F 0.115 against IS-Net, so the path is off by default. Light
 *   subjects on light backdrops are refused as "shadow" (their white parts are the backdrop's colour).
 * - Cost at 1024² (warm, busy machine): 0.09–0.15 s of CPU when taken, 0.01 s when the band is busy,
 *   up to 0.3 s when refused late; IS-Net 512² about 1.6 s.
 */
import type { RgbaImage } from '../types.ts';
import { cleanMask, labelComponents } from './clean-mask.ts';

export interface BackdropMatteOptions {
  /**
   * Try the fast path before the model. Off by default: on the held-out backdrops of
   * bench/segment-quality.bench.ts one of the three photos it took lost IoU 0.016 and boundary F 0.115
   * against IS-Net (white fur edges on a light grey backdrop); see engine/README.md.
   */
  enabled: boolean;
  /** Border band width, as a share of the smaller side, the backdrop is fitted on. */
  band: number;
  /** Largest robust residual of the band's fit (RGB distance, 0..441) for the backdrop to count as plain. */
  maxBackdropNoise: number;
  /** Largest share of band samples that may be subject (not backdrop). */
  maxBorderSubject: number;
  /** Smallest colour distance (RGB) that makes a pixel subject, whatever the backdrop's noise. */
  minThreshold: number;
  /** The threshold is at least this many times the backdrop's residual. */
  noiseFactor: number;
  /** Darkening (share of the backdrop's brightness) a shadow may cause without counting as subject. */
  shadowDepth: number;
  /** Refused when shadow-like pixels exceed this share of the subject's area. */
  maxShadowShare: number;
  /** Pixels within this share of the image's larger side of the mask's outline are its edge. */
  edgeRadius: number;
  /** Refused when uncertain pixels away from the edge exceed this share of the subject's area. */
  maxUncertainShare: number;
  /** Refused when enclosed holes exceed this share of the subject's area. */
  maxHoleShare: number;
  /** Sane subject area, as shares of the image. */
  minAreaShare: number;
  maxAreaShare: number;
}

export const BACKDROP_MATTE_DEFAULTS: BackdropMatteOptions = {
  enabled: false,
  band: 0.04,
  maxBackdropNoise: 10,
  maxBorderSubject: 0.01,
  minThreshold: 30,
  noiseFactor: 5,
  shadowDepth: 0.4,
  maxShadowShare: 0.02,
  edgeRadius: 0.005,
  maxUncertainShare: 0.01,
  maxHoleShare: 0.03,
  minAreaShare: 0.01,
  maxAreaShare: 0.8,
};

type BackdropRefusal = 'busy_backdrop' | 'touches_border' | 'area' | 'shadow' | 'edge' | 'holes';

interface BackdropMatteReport {
  /** Robust residual of the backdrop fit (RGB distance). */
  noise: number;
  /** Share of band samples that are not backdrop. */
  borderSubject: number;
  threshold: number;
  areaShare: number;
  shadowShare: number;
  /** Uncertain pixels away from the outline, as a share of the subject's area. */
  uncertainShare: number;
  holeShare: number;
}

export type BackdropMatteResult =
  | { ok: true; mask: Float32Array; report: BackdropMatteReport }
  | { ok: false; reason: BackdropRefusal; report: Partial<BackdropMatteReport> };

const TERMS = 6;
const basis = (u: number, v: number, out: Float64Array) => {
  out[0] = 1;
  out[1] = u;
  out[2] = v;
  out[3] = u * u;
  out[4] = u * v;
  out[5] = v * v;
};

/** Solves the symmetric system a·x = b in place (Gaussian elimination with partial pivoting). */
function solve(a: Float64Array, b: Float64Array, n: number): Float64Array {
  for (let c = 0; c < n; c++) {
    let p = c;
    for (let r = c + 1; r < n; r++) if (Math.abs(a[r * n + c]) > Math.abs(a[p * n + c])) p = r;
    if (p !== c) {
      for (let k = 0; k < n; k++) [a[c * n + k], a[p * n + k]] = [a[p * n + k], a[c * n + k]];
      [b[c], b[p]] = [b[p], b[c]];
    }
    const d = a[c * n + c] || 1e-12;
    for (let r = c + 1; r < n; r++) {
      const f = a[r * n + c] / d;
      if (f === 0) continue;
      for (let k = c; k < n; k++) a[r * n + k] -= f * a[c * n + k];
      b[r] -= f * b[c];
    }
  }
  const x = new Float64Array(n);
  for (let r = n - 1; r >= 0; r--) {
    let s = b[r];
    for (let k = r + 1; k < n; k++) s -= a[r * n + k] * x[k];
    x[r] = s / (a[r * n + r] || 1e-12);
  }
  return x;
}

interface Samples {
  u: Float64Array;
  v: Float64Array;
  rgb: Float64Array;
  count: number;
}

function bandSamples(image: RgbaImage, band: number): Samples {
  const { width: w, height: h, data } = image;
  const b = Math.max(2, Math.round(Math.min(w, h) * band));
  // About 6k samples whatever the size: plenty for six terms, and the fit and its medians stay ~1 ms.
  const bandArea = 2 * b * (w + h);
  const step = Math.max(1, Math.floor(Math.sqrt(bandArea / 6_000)));
  const u: number[] = [];
  const v: number[] = [];
  const rgb: number[] = [];
  for (let y = 0; y < h; y += step) {
    for (let x = 0; x < w; x += step) {
      if (x >= b && x < w - b && y >= b && y < h - b) continue;
      const i = (y * w + x) * 4;
      u.push((2 * x) / (w - 1) - 1);
      v.push((2 * y) / (h - 1) - 1);
      rgb.push(data[i], data[i + 1], data[i + 2]);
    }
  }
  return { u: Float64Array.from(u), v: Float64Array.from(v), rgb: Float64Array.from(rgb), count: u.length };
}

function fit(s: Samples, use: Uint8Array): Float64Array[] {
  const f = new Float64Array(TERMS);
  const ata = new Float64Array(TERMS * TERMS);
  const atb = [0, 1, 2].map(() => new Float64Array(TERMS));
  for (let i = 0; i < s.count; i++) {
    if (!use[i]) continue;
    basis(s.u[i], s.v[i], f);
    for (let r = 0; r < TERMS; r++) {
      for (let c = 0; c < TERMS; c++) ata[r * TERMS + c] += f[r] * f[c];
      for (let k = 0; k < 3; k++) atb[k][r] += f[r] * s.rgb[i * 3 + k];
    }
  }
  // A tiny ridge keeps the system solvable when the inliers all sit on one side.
  for (let r = 0; r < TERMS; r++) ata[r * TERMS + r] += 1e-6;
  return atb.map((b) => solve(ata.slice(), b.slice(), TERMS));
}

function residuals(s: Samples, coef: Float64Array[]): Float64Array {
  const f = new Float64Array(TERMS);
  const out = new Float64Array(s.count);
  for (let i = 0; i < s.count; i++) {
    basis(s.u[i], s.v[i], f);
    let sq = 0;
    for (let k = 0; k < 3; k++) {
      let p = 0;
      for (let t = 0; t < TERMS; t++) p += coef[k][t] * f[t];
      const d = s.rgb[i * 3 + k] - p;
      sq += d * d;
    }
    out[i] = Math.sqrt(sq);
  }
  return out;
}

function median(xs: Float64Array, use: Uint8Array): number {
  const kept = new Float64Array(xs.length);
  let n = 0;
  for (let i = 0; i < xs.length; i++) if (use[i]) kept[n++] = xs[i];
  // A typed array sorts numerically without a comparator: ~10× faster than an array of numbers.
  const sorted = kept.subarray(0, n).sort();
  return n ? sorted[n >> 1] : 0;
}

/** The backdrop's fitted colour per pixel would cost 18 multiplies each; rows share their v terms. */
function evalRow(coef: Float64Array[], v: number, w: number, out: Float32Array) {
  for (let k = 0; k < 3; k++) {
    const c = coef[k];
    const a0 = c[0] + c[2] * v + c[5] * v * v;
    const a1 = c[1] + c[4] * v;
    const a2 = c[3];
    for (let x = 0; x < w; x++) {
      const u = (2 * x) / (w - 1) - 1;
      out[x * 3 + k] = a0 + a1 * u + a2 * u * u;
    }
  }
}

export function backdropMatte(
  image: RgbaImage,
  options: Partial<BackdropMatteOptions> = {},
): BackdropMatteResult {
  const opts = { ...BACKDROP_MATTE_DEFAULTS, ...options };
  const { width: w, height: h, data } = image;
  const n = w * h;
  const s = bandSamples(image, opts.band);
  // Start from the half of the band nearest the band's median colour: a least-squares fit of the whole
  // band bends toward a subject that covers part of it, and the refits cannot recover from that.
  const use = new Uint8Array(s.count);
  use.fill(1);
  const mid = [0, 1, 2].map((k) => {
    const ch = new Float64Array(s.count);
    for (let i = 0; i < s.count; i++) ch[i] = s.rgb[i * 3 + k];
    return median(ch, use);
  });
  const fromMid = new Float64Array(s.count);
  for (let i = 0; i < s.count; i++)
    fromMid[i] = Math.hypot(s.rgb[i * 3] - mid[0], s.rgb[i * 3 + 1] - mid[1], s.rgb[i * 3 + 2] - mid[2]);
  const half = median(fromMid, use);
  for (let i = 0; i < s.count; i++) use[i] = fromMid[i] <= half ? 1 : 0;
  let coef = fit(s, use);
  let res = residuals(s, coef);
  let scale = 0;
  for (let pass = 0; pass < 3; pass++) {
    // 1.4826 × the median distance is about the residual's spread when the band is backdrop.
    scale = Math.max(1, 1.4826 * median(res, use));
    for (let i = 0; i < s.count; i++) use[i] = res[i] <= 3 * scale ? 1 : 0;
    coef = fit(s, use);
    res = residuals(s, coef);
  }
  scale = Math.max(1, 1.4826 * median(res, use));
  const noise = scale;
  if (noise > opts.maxBackdropNoise) return { ok: false, reason: 'busy_backdrop', report: { noise } };
  const threshold = Math.max(opts.minThreshold, opts.noiseFactor * noise);
  let far = 0;
  for (let i = 0; i < s.count; i++) if (res[i] > threshold) far++;
  const borderSubject = far / s.count;
  if (borderSubject > opts.maxBorderSubject)
    return { ok: false, reason: 'touches_border', report: { noise, borderSubject, threshold } };

  // Shadow-aware distance of every pixel from the fitted backdrop.
  const dist = new Float32Array(n);
  const inside = new Uint8Array(n);
  const row = new Float32Array(w * 3);
  // Pixels dark only the way a shadow is (out of the mask, but not by the plain colour distance).
  const shadowLike = new Uint8Array(n);
  for (let y = 0; y < h; y++) {
    evalRow(coef, (2 * y) / (h - 1) - 1, w, row);
    for (let x = 0; x < w; x++) {
      const i = y * w + x;
      const r = data[i * 4];
      const g = data[i * 4 + 1];
      const b = data[i * 4 + 2];
      const br = row[x * 3];
      const bg = row[x * 3 + 1];
      const bb = row[x * 3 + 2];
      const norm2 = Math.max(1, br * br + bg * bg + bb * bb);
      const k = (r * br + g * bg + b * bb) / norm2;
      const cr = r - k * br;
      const cg = g - k * bg;
      const cb = b - k * bb;
      const chroma2 = cr * cr + cg * cg + cb * cb;
      const norm = Math.sqrt(norm2);
      // Darker than any shadow: the full brightness difference again, reached linearly at black.
      const along =
        k >= 1 ? (k - 1) * norm : (Math.max(0, 1 - k - opts.shadowDepth) / (1 - opts.shadowDepth)) * norm;
      const d = Math.sqrt(chroma2 + along * along);
      dist[i] = d;
      if (d > threshold) inside[i] = 1;
      else if (k < 1 && Math.sqrt(chroma2 + (1 - k) * (1 - k) * norm2) > threshold) shadowLike[i] = 1;
    }
  }
  const area = cleanMask(inside, w, h);
  const areaShare = area / n;
  const partial = { noise, borderSubject, threshold, areaShare };
  if (areaShare < opts.minAreaShare || areaShare > opts.maxAreaShare)
    return { ok: false, reason: 'area', report: partial };

  // Uncertain pixels (between half and twice the threshold) left out of the mask away from its outline:
  // an anti-aliased, JPEG-softened edge has them only along the outline; a subject part whose colour
  // sits near the backdrop's, cut out of the mask, has a region of them. Shadow-like pixels left out.
  const r = Math.max(2, Math.round(opts.edgeRadius * Math.max(w, h)));
  const sum = new Int32Array((w + 1) * (h + 1));
  for (let y = 0; y < h; y++) {
    let run = 0;
    for (let x = 0; x < w; x++) {
      run += inside[y * w + x];
      sum[(y + 1) * (w + 1) + x + 1] = sum[y * (w + 1) + x + 1] + run;
    }
  }
  let uncertain = 0;
  let shadowed = 0;
  const lo = threshold / 2;
  const hi = threshold * 2;
  for (let y = 0; y < h; y++) {
    const y0 = Math.max(0, y - r);
    const y1 = Math.min(h, y + r + 1);
    for (let x = 0; x < w; x++) {
      const i = y * w + x;
      // Inside the mask an uncertain pixel is kept anyway (a dark kimono on a blue backdrop).
      if (inside[i]) continue;
      // Shadow-like pixels count along the outline too: a bright metal edge on a white backdrop is
      // shadow-like and lies along it (the axe's blade lost its edge, IoU 0.940 against IS-Net's 0.956).
      if (shadowLike[i]) shadowed++;
      const unsure = dist[i] > lo && dist[i] < hi;
      if (!unsure) continue;
      const x0 = Math.max(0, x - r);
      const x1 = Math.min(w, x + r + 1);
      const c =
        sum[y1 * (w + 1) + x1] - sum[y0 * (w + 1) + x1] - sum[y1 * (w + 1) + x0] + sum[y0 * (w + 1) + x0];
      if (c === 0) uncertain++;
    }
  }
  const shadowShare = shadowed / area;
  if (shadowShare > opts.maxShadowShare)
    return { ok: false, reason: 'shadow', report: { ...partial, shadowShare } };
  const uncertainShare = uncertain / area;
  if (uncertainShare > opts.maxUncertainShare)
    return { ok: false, reason: 'edge', report: { ...partial, shadowShare, uncertainShare } };

  const bgParts = labelComponents(inside, w, h, 0);
  let holes = 0;
  for (let l = 1; l < bgParts.sizes.length; l++) if (!bgParts.touchesBorder[l]) holes += bgParts.sizes[l];
  const holeShare = holes / area;
  const report = { ...partial, shadowShare, uncertainShare, holeShare };
  if (holeShare > opts.maxHoleShare) return { ok: false, reason: 'holes', report };

  // Soft values only along the outline (a ramp over the uncertain band there), bound to the cleaned
  // decision so that ≥ 0.5 is exactly the cleaned mask; away from it 1 or 0. The texture takes the mask
  // as its alpha: a dark-teal kimono on a blue backdrop sits in the ramp and would come out half clear.
  const mask = new Float32Array(n);
  for (let y = 0; y < h; y++) {
    const y0 = Math.max(0, y - r);
    const y1 = Math.min(h, y + r + 1);
    for (let x = 0; x < w; x++) {
      const i = y * w + x;
      const x0 = Math.max(0, x - r);
      const x1 = Math.min(w, x + r + 1);
      const c =
        sum[y1 * (w + 1) + x1] - sum[y0 * (w + 1) + x1] - sum[y1 * (w + 1) + x0] + sum[y0 * (w + 1) + x0];
      if (c === 0) continue;
      if (c === (x1 - x0) * (y1 - y0)) {
        mask[i] = 1;
        continue;
      }
      const m = Math.min(1, Math.max(0, (dist[i] - lo) / (hi - lo)));
      mask[i] = inside[i] ? Math.max(0.5, m) : Math.min(0.49, m);
    }
  }
  return { ok: true, mask, report };
}
