/**
 * The back's colours, which one photo does not show: the subject's colours along its silhouette rim,
 * diffused inward, so the back continues the palette where the photo leaves off without printing the
 * front's features (eyes, sunglasses, faces, logos) onto it. The rim pixels themselves are kept, so the
 * back meets the front at the silhouette with no seam; specular highlights (bright, colourless) are left
 * out of the rim, so no highlight is baked onto the back.
 *
 * Notes: the earlier back was the front blurred to 1/16 of its width and darkened by 15%: faces stayed
 * readable as dark blobs on the back of heads, and the darkening made a step at the rim. The rim band is
 * 1.5% of the working image's longer side (about 8 pixels at 512): wide enough to average out JPEG noise.
 * Push-pull gives every inner pixel the rim colours weighted by nearness, three box blurs of the band's
 * width remove the pyramid's blocky steps and the rim's own details (a first version kept the band's
 * pixels as they were: eyes at the edge of a face and a hard step between band and fill were visible on
 * the sheets), and the photo's colour returns only in the last 0.6% before the silhouette.
 */
import { distanceToBoundary } from '../geometry/distance.ts';
import type { RgbaImage } from '../types.ts';
import { pushPullFill } from './fill.ts';

export interface BackOptions {
  /** Width of the rim band whose colours fill the back, as a share of the image's longer side. */
  rimBand: number;
  /** Mask value above which a pixel is the subject. */
  trustThreshold: number;
  /** A rim pixel brighter than this luminance (0..255) and less saturated than `highlightSaturation` is a highlight. */
  highlightLuminance: number;
  highlightSaturation: number;
  /** Distance from the silhouette (share of the longer side) over which the photo's own rim colour fades into the fill. */
  seamBlend: number;
}

const BACK_DEFAULTS: BackOptions = {
  rimBand: 0.015,
  seamBlend: 0.006,
  trustThreshold: 0.8,
  highlightLuminance: 215,
  highlightSaturation: 0.18,
};

/** Back colours (rgb 0..255 per pixel) for an image and its subject mask, both at the atlas's working size. */
export function backColours(
  image: RgbaImage,
  mask: Float32Array,
  options: Partial<BackOptions> = {},
): Float32Array {
  const opts = { ...BACK_DEFAULTS, ...options };
  const { width: w, height: h, data } = image;
  const inside = new Uint8Array(w * h);
  for (let i = 0; i < w * h; i++) inside[i] = mask[i] >= opts.trustThreshold ? 1 : 0;
  const dist = distanceToBoundary(inside, w, h);
  const band = Math.max(2, opts.rimBand * Math.max(w, h));
  const rim = new Float32Array(w * h);
  for (let i = 0; i < w * h; i++) {
    if (!inside[i] || dist[i] > band) continue;
    const r = data[i * 4];
    const g = data[i * 4 + 1];
    const b = data[i * 4 + 2];
    const max = Math.max(r, g, b);
    const sat = max > 0 ? (max - Math.min(r, g, b)) / max : 0;
    const lum = 0.2126 * r + 0.7152 * g + 0.0722 * b;
    if (lum > opts.highlightLuminance && sat < opts.highlightSaturation) continue;
    rim[i] = 1;
  }
  let anyRim = false;
  for (let i = 0; i < w * h && !anyRim; i++) anyRim = rim[i] > 0;
  // An all-highlight rim (a white subject): its own colours are the palette after all.
  if (!anyRim) for (let i = 0; i < w * h; i++) rim[i] = inside[i] && dist[i] <= band ? 1 : 0;
  const filled = pushPullFill(image, rim, { trustThreshold: 0.5 }).rgb;
  // Smooth the whole fill (rim included: its own details are features too), then bring the photo's exact
  // colours back only in the last pixels before the silhouette, so the back meets the front seamlessly.
  const radius = Math.max(2, Math.round(band));
  const channel = new Float32Array(w * h);
  const seam = Math.max(1.5, opts.seamBlend * Math.max(w, h));
  for (let k = 0; k < 3; k++) {
    for (let i = 0; i < w * h; i++) channel[i] = filled[i * 3 + k];
    for (let pass = 0; pass < 3; pass++) boxBlur(channel, w, h, radius);
    for (let i = 0; i < w * h; i++) {
      const t = inside[i] && rim[i] ? Math.max(0, 1 - dist[i] / seam) : 0;
      filled[i * 3 + k] = channel[i] * (1 - t) + data[i * 4 + k] * t;
    }
  }
  return filled;
}

/** Separable box blur with edge clamping, in place, O(n) whatever the radius (a running sum per line). */
function boxBlur(field: Float32Array, w: number, h: number, r: number): void {
  const line = new Float32Array(Math.max(w, h));
  const run = (start: number, stride: number, n: number) => {
    for (let i = 0; i < n; i++) line[i] = field[start + i * stride];
    let sum = 0;
    for (let j = -r; j <= r; j++) sum += line[Math.min(n - 1, Math.max(0, j))];
    const k = 1 / (2 * r + 1);
    for (let i = 0; i < n; i++) {
      field[start + i * stride] = sum * k;
      sum += line[Math.min(n - 1, i + r + 1)] - line[Math.max(0, i - r)];
    }
  };
  for (let y = 0; y < h; y++) run(y * w, 1, w);
  for (let x = 0; x < w; x++) run(x, w, h);
}
