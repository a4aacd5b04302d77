/**
 * The colour texture: the photo (filled past the silhouette) on one half, a plausible back on the other.
 * Tall subjects get left/right halves, wide ones top/bottom, so each half keeps the subject's aspect.
 * The back is the subject's rim colours diffused inward (back.ts): the palette continues, the front's
 * features (eyes, logos) and highlights do not.
 *
 * Notes: the crop is cut and resampled by sharp (native, alpha-aware) straight to the working size —
 * at most the half's size, never upsampled before filling — and the push-pull fill runs on that small
 * image only. Filling the full photo in JavaScript and resampling it took 2–3× longer.
 */
import sharp from 'sharp';
import type { Bounds } from '../geometry/grid.ts';
import type { RgbaImage } from '../types.ts';
import { backColours } from './back.ts';
import { sampleBackInto } from './back-sample.ts';
import { type Level, pushPullFill } from './fill.ts';

export interface AtlasOptions {
  size: number;
  /** Longer side (pixels) at which the back's colours are worked out before being scaled up. */
  backSize: number;
  /** Extra margin around the subject in the front half, as a share of its size. */
  margin: number;
}

const ATLAS_DEFAULTS: AtlasOptions = { size: 1024, backSize: 384, margin: 0.03 };

export interface Atlas {
  texture: RgbaImage;
  /** Texture coordinates (glTF: 0,0 = top-left) of an image position on the front or back half. */
  uv: (px: number, py: number, side: 0 | 1, out: Float32Array, offset: number) => void;
}

export async function buildAtlas(
  image: RgbaImage,
  mask: Float32Array,
  bounds: Bounds,
  options: Partial<AtlasOptions> = {},
): Promise<Atlas> {
  const opts = { ...ATLAS_DEFAULTS, ...options };
  const S = opts.size;
  const bw = (bounds.x1 - bounds.x0) * (1 + 2 * opts.margin);
  const bh = (bounds.y1 - bounds.y0) * (1 + 2 * opts.margin);
  const tall = bw <= bh;
  // Each half is S/2 × S (tall) or S × S/2 (wide); the crop gets the same aspect, in whole pixels.
  const rw = tall ? S / 2 : S;
  const rh = tall ? S : S / 2;
  const cropW = Math.ceil(tall ? Math.max(bw, bh / 2) : Math.max(bw, bh * 2));
  const cropH = tall ? cropW * 2 : Math.ceil(cropW / 2);
  const cropX = Math.round((bounds.x0 + bounds.x1) / 2 - cropW / 2);
  const cropY = Math.round((bounds.y0 + bounds.y1) / 2 - cropH / 2);
  const backX = tall ? rw : 0;
  const backY = tall ? 0 : rh;

  // The crop of the photo with the subject mask as alpha, transparent where it leaves the image (only
  // the crop is copied: the whole photo, copied and padded by sharp, cost as much as the rest here).
  const cropped = cropWithMask(image, mask, cropX, cropY, cropW, cropH);
  const workW = Math.min(rw, cropW);
  const workH = Math.round((workW * rh) / rw);
  const work = await sharp(cropped, { raw: { width: cropW, height: cropH, channels: 4 } })
    .resize(workW, workH, { fit: 'fill', kernel: 'lanczos3' })
    .raw()
    .toBuffer();
  const workImage: RgbaImage = {
    width: workW,
    height: workH,
    data: new Uint8Array(work.buffer, work.byteOffset, work.length),
  };
  const workMask = new Float32Array(workW * workH);
  for (let i = 0; i < workMask.length; i++) workMask[i] = UNIT[work[i * 4 + 3]];
  const f0 = pushPullFill(workImage, workMask).rgb;
  const data = new Uint8Array(S * S * 4);

  // Front half: the filled crop, written straight into the atlas when it is the half's size, else brought
  // to it by sharp (a photo smaller than the half).
  if (workW === rw && workH === rh) putFront(data, S, rw, rh, f0);
  else {
    const filled = new Uint8Array(workW * workH * 3);
    for (let i = 0; i < filled.length; i++) filled[i] = toByte(f0[i]);
    const front = await sharp(filled, { raw: { width: workW, height: workH, channels: 3 } })
      .resize(rw, rh, { fit: 'fill', kernel: 'lanczos3' })
      .raw()
      .toBuffer();
    for (let v = 0; v < rh; v++)
      for (let u = 0, o = v * S * 4, src = v * rw * 3; u < rw; u++, o += 4, src += 3) {
        data[o] = front[src];
        data[o + 1] = front[src + 1];
        data[o + 2] = front[src + 2];
        data[o + 3] = 255;
      }
  }

  // The back has no detail to keep: it is worked out at no more than `backSize` on the longer side and
  // sampled bilinearly (at full size it cost 4–6× the rest of the texture step).
  const backScale = Math.max(1, Math.max(workW, workH) / opts.backSize);
  const backW = Math.max(1, Math.round(workW / backScale));
  const backH = Math.max(1, Math.round(workH / backScale));
  const small =
    backScale === 1
      ? work
      : await sharp(work, { raw: { width: workW, height: workH, channels: 4 } })
          .resize(backW, backH, { fit: 'fill', kernel: 'cubic' })
          .raw()
          .toBuffer();
  const smallMask = new Float32Array(backW * backH);
  for (let i = 0; i < smallMask.length; i++) smallMask[i] = UNIT[small[i * 4 + 3]];
  const smallImage: RgbaImage = {
    width: backW,
    height: backH,
    data: new Uint8Array(small.buffer, small.byteOffset, small.length),
  };
  const back: Level = { w: backW, h: backH, rgb: backColours(smallImage, smallMask) };
  sampleBackInto(data, back, {
    atlasSize: S,
    x: backX,
    y: backY,
    width: rw,
    height: rh,
    backPx: workW / backW,
    toWork: workW / rw,
  });
  const uv = (px: number, py: number, side: 0 | 1, out: Float32Array, offset: number) => {
    const u = ((px - cropX) / cropW) * rw + (side ? backX : 0);
    const v = ((py - cropY) / cropH) * rh + (side ? backY : 0);
    out[offset] = u / S;
    out[offset + 1] = v / S;
  };
  return { texture: { width: S, height: S, data }, uv };
}

/** n / 255 for every byte n (a table read instead of a division per pixel; the same float32 values). */
const UNIT = Float32Array.from({ length: 256 }, (_, n) => n / 255);

/**
 * `Math.max(0, Math.min(255, Math.round(x)))` for the fill's float32 colours: for them x + 0.5 is exact,
 * so its floor is the rounding; NaN gives 0 as the byte store of NaN did.
 */
function toByte(x: number): number {
  const v = x + 0.5;
  return v >= 255.5 ? 255 : v >= 1 ? v | 0 : 0;
}

/**
 * The filled colours rounded into the atlas's `rw` × `rh` front half, opaque. Its own function, on float32
 * colours only: one loop that read sharp's bytes too ran at a third of the speed, and a texel is written
 * as one 32-bit word where the machine is little-endian.
 */
function putFront(data: Uint8Array, S: number, rw: number, rh: number, rgb: Float32Array): void {
  if (LITTLE_ENDIAN && data.byteOffset % 4 === 0) {
    const words = new Uint32Array(data.buffer, data.byteOffset, S * S);
    for (let v = 0; v < rh; v++)
      for (let u = 0, o = v * S, src = v * rw * 3; u < rw; u++, o++, src += 3)
        words[o] =
          (toByte(rgb[src]) | (toByte(rgb[src + 1]) << 8) | (toByte(rgb[src + 2]) << 16) | OPAQUE) >>> 0;
    return;
  }
  for (let v = 0; v < rh; v++)
    for (let u = 0, o = v * S * 4, src = v * rw * 3; u < rw; u++, o += 4, src += 3) {
      data[o] = toByte(rgb[src]);
      data[o + 1] = toByte(rgb[src + 1]);
      data[o + 2] = toByte(rgb[src + 2]);
      data[o + 3] = 255;
    }
}

const LITTLE_ENDIAN = new Uint8Array(Uint32Array.of(1).buffer)[0] === 1;
/** Alpha 255 in a little-endian RGBA word. */
const OPAQUE = 0xff000000;

/** RGBA of the crop (x, y, w, h) of `image`, the mask as alpha, transparent black outside the image. */
function cropWithMask(image: RgbaImage, mask: Float32Array, x: number, y: number, w: number, h: number) {
  const out = new Uint8Array(w * h * 4);
  const { width, height, data } = image;
  const xa = Math.max(0, x);
  const xb = Math.min(width, x + w);
  const alpha = (m: number) => Math.round(Math.min(1, Math.max(0, m)) * 255);
  // A pixel as one 32-bit word (its colour's three bytes, the mask's as the fourth) where the bytes allow.
  const words = LITTLE_ENDIAN && data.byteOffset % 4 === 0;
  const src32 = words ? new Uint32Array(data.buffer, data.byteOffset, width * height) : undefined;
  const out32 = words ? new Uint32Array(out.buffer) : undefined;
  for (let row = Math.max(0, y); row < Math.min(height, y + h); row++) {
    if (src32 && out32) {
      for (let col = xa, i = row * width + xa, o = (row - y) * w + xa - x; col < xb; col++, i++, o++)
        out32[o] = ((src32[i] & 0xffffff) | (alpha(mask[i]) << 24)) >>> 0;
      continue;
    }
    for (let col = xa; col < xb; col++) {
      const i = row * width + col;
      const o = ((row - y) * w + col - x) * 4;
      out[o] = data[i * 4];
      out[o + 1] = data[i * 4 + 1];
      out[o + 2] = data[i * 4 + 2];
      out[o + 3] = alpha(mask[i]);
    }
  }
  return out;
}
