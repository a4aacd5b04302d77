/** What both painters read from a photo: its mean brightness under the mask, and bilinear colour. */
import type { RgbaImage } from '../types.ts';

/** Mean Rec. 709 luminance of the masked pixels, on a grid of at most ~250k samples; 128 when none. */
export function meanLuminance(image: RgbaImage, mask: Float32Array): number {
  let s = 0;
  let w = 0;
  const step = Math.max(1, Math.floor(Math.sqrt((image.width * image.height) / 250_000)));
  const d = image.data;
  for (let y = 0; y < image.height; y += step) {
    for (let x = 0; x < image.width; x += step) {
      const i = y * image.width + x;
      if (mask[i] < 0.5) continue;
      s += 0.2126 * d[i * 4] + 0.7152 * d[i * 4 + 1] + 0.0722 * d[i * 4 + 2];
      w++;
    }
  }
  return w ? s / w : 128;
}

/** Bilinear RGB at pixel position (px, py) (pixel centres at +0.5), clamped to the image, into `out`. */
export function sampleRgb(image: RgbaImage, px: number, py: number, out: Float64Array): void {
  const x = Math.min(image.width - 1.001, Math.max(0, px - 0.5));
  const y = Math.min(image.height - 1.001, Math.max(0, py - 0.5));
  const x0 = Math.floor(x);
  const y0 = Math.floor(y);
  const tx = x - x0;
  const ty = y - y0;
  const d = image.data;
  const W = image.width;
  for (let c = 0; c < 3; c++) {
    const a = d[(y0 * W + x0) * 4 + c];
    const b = d[(y0 * W + x0 + 1) * 4 + c];
    const e = d[((y0 + 1) * W + x0) * 4 + c];
    const f = d[((y0 + 1) * W + x0 + 1) * 4 + c];
    out[c] = (a * (1 - tx) + b * tx) * (1 - ty) + (e * (1 - tx) + f * tx) * ty;
  }
}
