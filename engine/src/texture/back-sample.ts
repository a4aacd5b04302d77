/**
 * The back's colours (a small level, back.ts) scaled up bilinearly into the atlas's back half.
 *
 * notes: the taps and weights of a column are the same on every row, and every back row is read at every
 * texel column once and kept while the texel rows between it and the next share it, so a texel costs one
 * blend per channel instead of three. The arithmetic is that of a texel-by-texel bilinear sample (same
 * operations in the same order, through float32), so the bytes are the same as before this was split.
 * Texels are written as 32-bit words where the machine allows (the byte stores were a third of the time).
 */
import type { Level } from './fill.ts';

export interface BackPlacement {
  /** Atlas side (texels) and the half's top-left corner and size. */
  atlasSize: number;
  x: number;
  y: number;
  width: number;
  height: number;
  /** Work pixels per back cell, and per texel of the half. */
  backPx: number;
  toWork: number;
}

const LITTLE_ENDIAN = new Uint8Array(Uint32Array.of(1).buffer)[0] === 1;
/** Alpha 255 in a little-endian RGBA word. */
const OPAQUE = 0xff000000;

/** Writes the back half of `data` (RGBA, `atlasSize`² texels), alpha 255. */
export function sampleBackInto(data: Uint8Array, back: Level, p: BackPlacement): void {
  const cols = samplingTaps(back.w, p.backPx, p.toWork, p.width);
  const rows = samplingTaps(back.h, p.backPx, p.toWork, p.height);
  const rw = p.width;
  const r = back.rgb;
  const across = (row: number, line: Float64Array) => {
    const y = row * back.w;
    for (let u = 0; u < rw; u++) {
      const a = (y + cols.i0[u]) * 3;
      const b = (y + cols.i1[u]) * 3;
      const tx = cols.t[u];
      for (let k = 0; k < 3; k++) line[u * 3 + k] = r[a + k] * (1 - tx) + r[b + k] * tx;
    }
  };
  // A texel as one 32-bit word where the machine is little-endian.
  const words =
    LITTLE_ENDIAN && data.byteOffset % 4 === 0
      ? new Uint32Array(data.buffer, data.byteOffset, data.length >> 2)
      : undefined;
  let top = new Float64Array(rw * 3);
  let bottom = new Float64Array(rw * 3);
  let topRow = -1;
  let bottomRow = -1;
  for (let v = 0; v < p.height; v++) {
    const i0 = rows.i0[v];
    const i1 = rows.i1[v];
    if (topRow !== i0) {
      if (bottomRow === i0) [top, bottom, bottomRow] = [bottom, top, -1];
      else across(i0, top);
      topRow = i0;
    }
    if (bottomRow !== i1) {
      across(i1, bottom);
      bottomRow = i1;
    }
    const ty = rows.t[v];
    if (words) {
      // (x | 0) & 255 is what storing x in a byte array does (truncation, then modulo 256; NaN gives 0).
      let o = (v + p.y) * p.atlasSize + p.x;
      for (let c = 0; c < rw * 3; c += 3, o++) {
        const r = (Math.fround(top[c] * (1 - ty) + bottom[c] * ty) | 0) & 255;
        const g = (Math.fround(top[c + 1] * (1 - ty) + bottom[c + 1] * ty) | 0) & 255;
        const b = (Math.fround(top[c + 2] * (1 - ty) + bottom[c + 2] * ty) | 0) & 255;
        words[o] = (r | (g << 8) | (b << 16) | OPAQUE) >>> 0;
      }
      continue;
    }
    let o = ((v + p.y) * p.atlasSize + p.x) * 4;
    for (let c = 0; c < rw * 3; c += 3, o += 4) {
      data[o] = Math.fround(top[c] * (1 - ty) + bottom[c] * ty);
      data[o + 1] = Math.fround(top[c + 1] * (1 - ty) + bottom[c + 1] * ty);
      data[o + 2] = Math.fround(top[c + 2] * (1 - ty) + bottom[c + 2] * ty);
      data[o + 3] = 255;
    }
  }
}

/**
 * Per output position i (pixel centre (i + 0.5) · toWork in work pixels), the two taps of a level `scale`
 * work pixels per cell and `n` cells long, and the weight of the second (clamped at the edges).
 */
function samplingTaps(n: number, scale: number, toWork: number, count: number) {
  const i0 = new Int32Array(count);
  const i1 = new Int32Array(count);
  const t = new Float64Array(count);
  for (let i = 0; i < count; i++) {
    const s = Math.min(Math.max(((i + 0.5) * toWork) / scale - 0.5, 0), n - 1);
    i0[i] = Math.floor(s);
    i1[i] = Math.min(i0[i] + 1, n - 1);
    t[i] = s - i0[i];
  }
  return { i0, i1, t };
}
