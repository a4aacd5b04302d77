/**
 * Edge refinement of a coarse mask on the photo: a guided filter (grey guide) snaps an upsampled mask's
 * soft edge to the photo's own edges. Used to try IS-Net at a smaller input (`IsnetOptions.refine`).
 *
 * notes: the filter fits, in every (2r+1)² window, the mask as a linear function of the photo's
 * brightness (q = a·I + b, a regularised by `eps`) and averages the windows' fits. Box sums come from
 * integral images, so the cost is a few passes over the photo whatever the radius.
 */
import type { RgbaImage } from '../../src/types.ts';

export interface GuidedFilterOptions {
  /** Window radius as a share of the photo's larger side. */
  radius: number;
  /** Regularisation (guide in 0..1): larger keeps the mask smoother where the photo has little contrast. */
  eps: number;
}

const GUIDED_FILTER_DEFAULTS: GuidedFilterOptions = { radius: 0.006, eps: 0.002 };

/** Mean over the (2r+1)² window of every cell (clipped at the borders). */
function boxMean(src: Float32Array, w: number, h: number, r: number, out: Float32Array) {
  const W = w + 1;
  const sum = new Float64Array(W * (h + 1));
  for (let y = 0; y < h; y++) {
    let run = 0;
    for (let x = 0; x < w; x++) {
      run += src[y * w + x];
      sum[(y + 1) * W + x + 1] = sum[y * W + x + 1] + run;
    }
  }
  for (let y = 0; y < h; y++) {
    const y0 = Math.max(0, y - r);
    const y1 = Math.min(h, y + r + 1);
    for (let x = 0; x < w; x++) {
      const x0 = Math.max(0, x - r);
      const x1 = Math.min(w, x + r + 1);
      const s = sum[y1 * W + x1] - sum[y0 * W + x1] - sum[y1 * W + x0] + sum[y0 * W + x0];
      out[y * w + x] = s / ((x1 - x0) * (y1 - y0));
    }
  }
}

/** Returns the refined mask (a new array, clamped to 0..1). */
export function guidedFilter(
  image: RgbaImage,
  mask: Float32Array,
  options: Partial<GuidedFilterOptions> = {},
): Float32Array {
  const opts = { ...GUIDED_FILTER_DEFAULTS, ...options };
  const { width: w, height: h, data } = image;
  const n = w * h;
  const r = Math.max(1, Math.round(opts.radius * Math.max(w, h)));
  const I = new Float32Array(n);
  for (let i = 0; i < n; i++)
    I[i] = (0.299 * data[i * 4] + 0.587 * data[i * 4 + 1] + 0.114 * data[i * 4 + 2]) / 255;
  const tmp = new Float32Array(n);
  const meanI = new Float32Array(n);
  const meanP = new Float32Array(n);
  const corrIP = new Float32Array(n);
  const corrII = new Float32Array(n);
  boxMean(I, w, h, r, meanI);
  boxMean(mask, w, h, r, meanP);
  for (let i = 0; i < n; i++) tmp[i] = I[i] * mask[i];
  boxMean(tmp, w, h, r, corrIP);
  for (let i = 0; i < n; i++) tmp[i] = I[i] * I[i];
  boxMean(tmp, w, h, r, corrII);
  const a = corrIP; // reused: the correlations are not needed once a and b are known
  const b = corrII;
  for (let i = 0; i < n; i++) {
    const varI = corrII[i] - meanI[i] * meanI[i];
    const cov = corrIP[i] - meanI[i] * meanP[i];
    const ai = cov / (varI + opts.eps);
    a[i] = ai;
    b[i] = meanP[i] - ai * meanI[i];
  }
  boxMean(a, w, h, r, meanI);
  boxMean(b, w, h, r, meanP);
  const out = new Float32Array(n);
  for (let i = 0; i < n; i++) out[i] = Math.min(1, Math.max(0, meanI[i] * I[i] + meanP[i]));
  return out;
}
