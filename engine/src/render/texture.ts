/**
 * Texture preparation: a mip chain of packed sRGB texels for bilinear sampling.
 *
 * notes
 * - Without mips a 2048² atlas shown 400 px tall sparkles as the subject turns; the renderer picks one
 *   level per triangle from its texel-to-pixel ratio (per-pixel LOD would cost a log2 per pixel and the
 *   triangles are only a few pixels big).
 * - Transparent texels (outside the subject in the atlas) get the colour of their opaque neighbours
 *   first, so bilinear filtering and downsampling at island borders do not bleed black into the model.
 * - Levels are averaged in linear light, else every level gets darker than the one above.
 */
import type { RgbaImage } from '../types.ts';
import { LINEAR_TO_SRGB, LINEAR_TO_SRGB_SCALE, SRGB_TO_LINEAR } from './color.ts';

export interface MipLevel {
  width: number;
  height: number;
  /** Packed little-endian RGBA words, alpha forced opaque. */
  texels: Int32Array;
}

const DILATE_STEPS = 8;

export function buildMipChain(image: RgbaImage): MipLevel[] {
  const base = dilate(image);
  const levels: MipLevel[] = [base];
  let cur = base;
  while (cur.width > 1 || cur.height > 1) {
    cur = halve(cur);
    levels.push(cur);
  }
  return levels;
}

function dilate(image: RgbaImage): MipLevel {
  const { width, height, data } = image;
  const n = width * height;
  const texels = new Int32Array(n);
  const filled = new Uint8Array(n);
  let missing = 0;
  for (let i = 0; i < n; i++) {
    const o = i * 4;
    texels[i] = (255 << 24) | (data[o + 2] << 16) | (data[o + 1] << 8) | data[o];
    if (data[o + 3] >= 8) filled[i] = 1;
    else missing++;
  }
  if (missing === 0 || missing === n) return { width, height, texels };

  const next = new Uint8Array(n);
  for (let step = 0; step < DILATE_STEPS && missing > 0; step++) {
    next.set(filled);
    for (let y = 0; y < height; y++) {
      for (let x = 0; x < width; x++) {
        const i = y * width + x;
        if (filled[i]) continue;
        let r = 0;
        let g = 0;
        let b = 0;
        let c = 0;
        for (let dy = -1; dy <= 1; dy++) {
          const yy = y + dy;
          if (yy < 0 || yy >= height) continue;
          for (let dx = -1; dx <= 1; dx++) {
            const xx = x + dx;
            if (xx < 0 || xx >= width) continue;
            const j = yy * width + xx;
            if (!filled[j]) continue;
            const t = texels[j];
            r += t & 255;
            g += (t >>> 8) & 255;
            b += (t >>> 16) & 255;
            c++;
          }
        }
        if (c > 0) {
          texels[i] = (255 << 24) | (Math.round(b / c) << 16) | (Math.round(g / c) << 8) | Math.round(r / c);
          next[i] = 1;
          missing--;
        }
      }
    }
    filled.set(next);
  }
  return { width, height, texels };
}

function halve(src: MipLevel): MipLevel {
  const width = Math.max(1, src.width >> 1);
  const height = Math.max(1, src.height >> 1);
  const texels = new Int32Array(width * height);
  const sx = src.width > 1 ? 2 : 1;
  const sy = src.height > 1 ? 2 : 1;
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      let r = 0;
      let g = 0;
      let b = 0;
      for (let dy = 0; dy < sy; dy++) {
        const row = Math.min(src.height - 1, y * sy + dy) * src.width;
        for (let dx = 0; dx < sx; dx++) {
          const t = src.texels[row + Math.min(src.width - 1, x * sx + dx)];
          r += SRGB_TO_LINEAR[t & 255];
          g += SRGB_TO_LINEAR[(t >>> 8) & 255];
          b += SRGB_TO_LINEAR[(t >>> 16) & 255];
        }
      }
      const k = LINEAR_TO_SRGB_SCALE / (sx * sy);
      texels[y * width + x] =
        (255 << 24) |
        (LINEAR_TO_SRGB[(b * k + 0.5) | 0] << 16) |
        (LINEAR_TO_SRGB[(g * k + 0.5) | 0] << 8) |
        LINEAR_TO_SRGB[Math.round(r * k)];
    }
  }
  return { width, height, texels };
}
