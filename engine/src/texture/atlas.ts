/**
 * The colour texture: the photo (filled past the silhouette) on one half, a plausible back on the other.
 * Tall subjects get left/right halves, wide ones top/bottom, so each half keeps the subject's aspect.
 * The back is the front's colours heavily blurred and slightly darkened: it keeps the subject's palette
 * where it plausibly continues, without printing the front's details (eyes, logos) onto the back.
 */

import type { Bounds } from '../geometry/grid.ts';
import type { RgbaImage } from '../types.ts';
import { type Level, pushPullFill, sampleLevel } from './fill.ts';

export interface AtlasOptions {
  size: number;
  /** Pyramid level (2^level px blur) the back's colours come from. */
  backBlurLevel: number;
  /** Brightness of the back relative to the front. */
  backShade: number;
  /** Extra margin around the subject in the front half, as a share of its size. */
  margin: number;
}

export const ATLAS_DEFAULTS: AtlasOptions = { size: 1024, backBlurLevel: 5, backShade: 0.85, margin: 0.03 };

export interface Atlas {
  texture: RgbaImage;
  /** Texture coordinates (glTF: 0,0 = top-left) of an image position on the front or back half. */
  uv: (px: number, py: number, side: 0 | 1, out: Float32Array, offset: number) => void;
}

export function buildAtlas(
  image: RgbaImage,
  mask: Float32Array,
  bounds: Bounds,
  options: Partial<AtlasOptions> = {},
): Atlas {
  const opts = { ...ATLAS_DEFAULTS, ...options };
  const S = opts.size;
  const levels = pushPullFill(image, mask);
  const bw = (bounds.x1 - bounds.x0) * (1 + 2 * opts.margin);
  const bh = (bounds.y1 - bounds.y0) * (1 + 2 * opts.margin);
  const cx = (bounds.x0 + bounds.x1) / 2;
  const cy = (bounds.y0 + bounds.y1) / 2;
  const tall = bw <= bh;
  // Each half is S/2 × S (tall) or S × S/2 (wide); the crop gets the same aspect.
  const rw = tall ? S / 2 : S;
  const rh = tall ? S : S / 2;
  const cropW = tall ? Math.max(bw, bh / 2) : Math.max(bw, bh * 2);
  const cropH = tall ? cropW * 2 : cropW / 2;
  const cropX = cx - cropW / 2;
  const cropY = cy - cropH / 2;
  const backX = tall ? rw : 0;
  const backY = tall ? 0 : rh;

  const data = new Uint8Array(S * S * 4);
  const rgb = new Float32Array(3);
  const blurLevel: Level = levels[Math.min(opts.backBlurLevel, levels.length - 1)];
  const blurScale = 2 ** Math.min(opts.backBlurLevel, levels.length - 1);
  // Pixel footprint: when the crop is much larger than the half, sample a coarser level (no aliasing).
  const pxPerTexel = cropW / rw;
  const frontLevelIdx = Math.max(
    0,
    Math.min(levels.length - 1, Math.floor(Math.log2(Math.max(1, pxPerTexel)))),
  );
  const frontLevel = levels[frontLevelIdx];
  const frontScale = 2 ** frontLevelIdx;
  for (let v = 0; v < rh; v++) {
    for (let u = 0; u < rw; u++) {
      const px = cropX + ((u + 0.5) / rw) * cropW;
      const py = cropY + ((v + 0.5) / rh) * cropH;
      sampleLevel(frontLevel, frontScale, px, py, rgb);
      let o = (v * S + u) * 4;
      data[o] = rgb[0];
      data[o + 1] = rgb[1];
      data[o + 2] = rgb[2];
      data[o + 3] = 255;
      sampleLevel(blurLevel, blurScale, px, py, rgb);
      o = ((v + backY) * S + u + backX) * 4;
      data[o] = rgb[0] * opts.backShade;
      data[o + 1] = rgb[1] * opts.backShade;
      data[o + 2] = rgb[2] * opts.backShade;
      data[o + 3] = 255;
    }
  }
  const uv = (px: number, py: number, side: 0 | 1, out: Float32Array, offset: number) => {
    const u = ((px - cropX) / cropW) * rw + (side ? backX : 0);
    const v = ((py - cropY) / cropH) * rh + (side ? backY : 0);
    out[offset] = u / S;
    out[offset + 1] = v / S;
  };
  return { texture: { width: S, height: S, data }, uv };
}
