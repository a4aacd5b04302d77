/**
 * Multisample resolve: averages each pixel's 4 samples in linear light (gamma-correct edges look
 * smoother than averaging sRGB bytes), taking empty samples from the frame's backdrop, and clears the
 * samples it read so the next frame starts empty. Only the rectangle drawn this frame is visited.
 */

import type { RasterTarget } from './buffers.ts';
import { LINEAR_TO_SRGB, LINEAR_TO_SRGB_SCALE, SRGB_TO_LINEAR } from './color.ts';

export function resolve(target: RasterTarget, frame: Int32Array): void {
  const { width: W, depth, color, dirty } = target;
  const minX = dirty[0];
  const minY = dirty[1];
  const maxX = dirty[2];
  const maxY = dirty[3];
  // Reset first: nothing may follow the loop (see rasterize for why).
  dirty[0] = target.width;
  dirty[1] = target.height;
  dirty[2] = -1;
  dirty[3] = -1;
  const toLin = SRGB_TO_LINEAR;
  const toSrgb = LINEAR_TO_SRGB;
  const k = LINEAR_TO_SRGB_SCALE / 4;
  for (let y = minY; y <= maxY; y++) {
    let pix = y * W + minX;
    for (let x = minX; x <= maxX; x++, pix++) {
      const base = pix << 2;
      const f0 = depth[base] > 0;
      const f1 = depth[base + 1] > 0;
      const f2 = depth[base + 2] > 0;
      const f3 = depth[base + 3] > 0;
      if (!(f0 || f1 || f2 || f3)) continue;
      const bg = frame[pix];
      const c0 = f0 ? color[base] : bg;
      const c1 = f1 ? color[base + 1] : bg;
      const c2 = f2 ? color[base + 2] : bg;
      const c3 = f3 ? color[base + 3] : bg;
      depth[base] = 0;
      depth[base + 1] = 0;
      depth[base + 2] = 0;
      depth[base + 3] = 0;
      if (c0 === c1 && c0 === c2 && c0 === c3) {
        frame[pix] = c0;
        continue;
      }
      const r = toLin[c0 & 255] + toLin[c1 & 255] + toLin[c2 & 255] + toLin[c3 & 255];
      const g =
        toLin[(c0 >>> 8) & 255] + toLin[(c1 >>> 8) & 255] + toLin[(c2 >>> 8) & 255] + toLin[(c3 >>> 8) & 255];
      const b =
        toLin[(c0 >>> 16) & 255] +
        toLin[(c1 >>> 16) & 255] +
        toLin[(c2 >>> 16) & 255] +
        toLin[(c3 >>> 16) & 255];
      frame[pix] =
        (255 << 24) |
        (toSrgb[(b * k + 0.5) | 0] << 16) |
        (toSrgb[(g * k + 0.5) | 0] << 8) |
        toSrgb[(r * k + 0.5) | 0];
    }
  }
}
