/**
 * Decides whether an image's own alpha channel already isolates the subject, and turns it into a mask.
 * "Meaningful" means a real cut-out: a visible share of clearly transparent and of clearly opaque pixels.
 * A flat-opaque PNG (alpha all 255) is not meaningful and goes to segmentation instead.
 */
import type { RgbaImage } from '../types.ts';

export interface AlphaOptions {
  /** Minimum share of pixels that must be transparent (alpha < 128) for alpha to count. */
  minTransparentShare: number;
}

const ALPHA_DEFAULTS: AlphaOptions = { minTransparentShare: 0.01 };

export interface AlphaStats {
  transparentShare: number;
  opaqueShare: number;
}

export function alphaStats(image: RgbaImage): AlphaStats {
  const n = image.width * image.height;
  let transparent = 0;
  let opaque = 0;
  const d = image.data;
  for (let i = 3; i < d.length; i += 4) {
    const a = d[i];
    if (a < 128) transparent++;
    if (a >= 128) opaque++;
  }
  return { transparentShare: transparent / n, opaqueShare: opaque / n };
}

/** Whether the image (or its alpha counts, already taken) is a real cut-out. */
export function hasMeaningfulAlpha(
  image: RgbaImage | AlphaStats,
  options: Partial<AlphaOptions> = {},
): boolean {
  const { minTransparentShare } = { ...ALPHA_DEFAULTS, ...options };
  const stats = 'transparentShare' in image ? image : alphaStats(image);
  return stats.transparentShare >= minTransparentShare;
}

/** n / 255 for every byte n: a table read per pixel instead of a division (the same float32 values). */
const UNIT = Float32Array.from({ length: 256 }, (_, n) => n / 255);

/** Soft mask in [0, 1] from the alpha channel. */
export function maskFromAlpha(image: RgbaImage): Float32Array {
  const n = image.width * image.height;
  const mask = new Float32Array(n);
  const d = image.data;
  for (let i = 0; i < n; i++) mask[i] = UNIT[d[i * 4 + 3]];
  return mask;
}
