/**
 * The one pass over the full texture: every texel divided by the light factor (the light map read
 * bilinearly), and the texels of a highlight replaced by the paint around it.
 */
import { type HighlightMap, type HighlightOptions, isHighlight } from './highlights.ts';
import { DIVISION_STEPS, divisionTable, TO_LINEAR, toSrgb } from './srgb.ts';

const LITTLE_ENDIAN = new Uint8Array(Uint32Array.of(1).buffer)[0] === 1;

export interface DivideResult {
  data: Uint8Array;
  /** Texels on the trusted (fitted) surface, and those of them replaced as highlights. */
  trustedTexels: number;
  highlights: number;
}

/**
 * `factor`: w × h light map, each cell `d` × `d` texels of the `W` × `H` texture `src`; factors are
 * within [1/maxFactor, maxFactor].
 */
export function divideLight(
  src: Uint8Array,
  W: number,
  H: number,
  factor: Float32Array,
  w: number,
  h: number,
  d: number,
  trusted: Uint8Array,
  spots: HighlightMap,
  maxFactor: number,
  opts: HighlightOptions,
): DivideResult {
  const { spot } = spots;
  const n = w * h;
  // A texel is looked at for a highlight when its cell or a cell beside it in the row is one.
  const near = new Uint8Array(n);
  for (let c = 0; c < n; c++)
    near[c] = spot[c] || (c + 1 < n && spot[c + 1]) || (c >= 1 && spot[c - 1]) ? 1 : 0;
  const cellOf = new Int32Array(W);
  for (let x = 0; x < W; x++) cellOf[x] = (x / d) | 0;
  const out = new Uint8Array(src.length);
  const pass: RowPass = {
    src,
    out,
    ...(LITTLE_ENDIAN && src.byteOffset % 4 === 0
      ? {
          src32: new Uint32Array(src.buffer, src.byteOffset, W * H),
          out32: new Uint32Array(out.buffer, 0, W * H),
        }
      : {}),
    W,
    w,
    factor,
    near,
    cellOf,
    divide: divisionTable(maxFactor),
    lo: 1 / maxFactor,
    perStep: DIVISION_STEPS / (maxFactor - 1 / maxFactor),
    ...columnWeights(W, w, d),
    top: new Float64Array(W),
    bottom: new Float64Array(W),
    r0: -1,
    r1: -1,
  };
  let trustedTexels = 0;
  let highlights = 0;
  const rgb = new Float32Array(3);
  for (let y = 0; y < H; y++) {
    const cy = Math.floor(y / d);
    const sy = Math.min(Math.max((y + 0.5) / d - 0.5, 0), h - 1);
    const r0 = Math.floor(sy) * w;
    const r1 = Math.min(Math.floor(sy) + 1, h - 1) * w;
    const ty = sy - Math.floor(sy);
    if (pass.r0 !== r0 || pass.r1 !== r1) lightRows(pass, r0, r1);
    divideRow(pass, y, ty);
    trustedTexels += trustedInRow(trusted, cy, w, W, d);
    if (rowHasSpots(near, cy * w, w))
      highlights += replaceHighlights(pass, y, cy, r0, r1, ty, spots, opts, d, h, rgb);
  }
  return { data: pass.out, trustedTexels, highlights };
}

/** What every row of the pass shares. */
interface RowPass {
  src: Uint8Array;
  out: Uint8Array;
  /** The same bytes as 32-bit words (rgba), when aligned on a little-endian machine. */
  src32?: Uint32Array;
  out32?: Uint32Array;
  W: number;
  w: number;
  factor: Float32Array;
  near: Uint8Array;
  cellOf: Int32Array;
  divide: Uint8Array;
  lo: number;
  perStep: number;
  x0s: Int32Array;
  x1s: Int32Array;
  txs: Float32Array;
  /**
   * The factor map's rows r0 and r1 read at every texel column (bilinear in x), shared by the `d` or so
   * texel rows between them.
   */
  top: Float64Array;
  bottom: Float64Array;
  r0: number;
  r1: number;
}

/** The factor map's bilinear columns for every texel column, worked out once. */
function columnWeights(W: number, w: number, d: number) {
  const x0s = new Int32Array(W);
  const x1s = new Int32Array(W);
  const txs = new Float32Array(W);
  for (let x = 0; x < W; x++) {
    const sx = Math.min(Math.max((x + 0.5) / d - 0.5, 0), w - 1);
    x0s[x] = Math.floor(sx);
    x1s[x] = Math.min(x0s[x] + 1, w - 1);
    txs[x] = sx - x0s[x];
  }
  return { x0s, x1s, txs };
}

/** The factor map's rows r0 and r1 at every texel column (factorAt's arithmetic, before the blend in y). */
function lightRows(p: RowPass, r0: number, r1: number) {
  const f = p.factor;
  for (let x = 0; x < p.W; x++) {
    const t = p.txs[x];
    p.top[x] = f[r0 + p.x0s[x]] * (1 - t) + f[r0 + p.x1s[x]] * t;
    p.bottom[x] = f[r1 + p.x0s[x]] * (1 - t) + f[r1 + p.x1s[x]] * t;
  }
  p.r0 = r0;
  p.r1 = r1;
}

/** The light factor at texel x of a row (bilinear between light-map rows r0 and r1). */
function factorAt(p: RowPass, x: number, r0: number, r1: number, ty: number): number {
  const t = p.txs[x];
  const f = p.factor;
  const fa = f[r0 + p.x0s[x]] * (1 - t) + f[r0 + p.x1s[x]] * t;
  const fb = f[r1 + p.x0s[x]] * (1 - t) + f[r1 + p.x1s[x]] * t;
  return fa * (1 - ty) + fb * ty;
}

/**
 * One texel row divided by the light (a small function of its own: it is optimised after a few rows),
 * a texel read and written as one 32-bit word where the buffers allow it (little-endian: r in the low byte).
 */
function divideRow(p: RowPass, y: number, ty: number) {
  const { src, out, divide, lo, perStep, src32, out32, top, bottom } = p;
  const steps = DIVISION_STEPS;
  const start = y * p.W;
  if (src32 && out32) {
    for (let x = 0; x < p.W; x++) {
      const row = ((top[x] * (1 - ty) + bottom[x] * ty - lo) * perStep + 0.5) | 0;
      const base = (row < 0 ? 0 : Math.min(row, steps)) * 256;
      const v = src32[start + x];
      // Stored as the word's unsigned value (the alpha byte makes the int32 negative).
      out32[start + x] =
        divide[base + (v & 255)] |
        (divide[base + ((v >>> 8) & 255)] << 8) |
        (divide[base + ((v >>> 16) & 255)] << 16) |
        (v & 0xff000000);
    }
    return;
  }
  for (let x = 0, o = start * 4; x < p.W; x++, o += 4) {
    const row = ((top[x] * (1 - ty) + bottom[x] * ty - lo) * perStep + 0.5) | 0;
    const base = (row < 0 ? 0 : Math.min(row, steps)) * 256;
    out[o] = divide[base + src[o]];
    out[o + 1] = divide[base + src[o + 1]];
    out[o + 2] = divide[base + src[o + 2]];
    out[o + 3] = src[o + 3];
  }
}

/** Texels of texture row y on the trusted surface: each trusted cell of its light-map row spans d of them. */
function trustedInRow(trusted: Uint8Array, cy: number, w: number, W: number, d: number): number {
  let n = 0;
  for (let cx = 0; cx < w; cx++) if (trusted[cy * w + cx]) n += Math.min(W, (cx + 1) * d) - cx * d;
  return n;
}

function rowHasSpots(near: Uint8Array, start: number, w: number): boolean {
  for (let c = start; c < start + w; c++) if (near[c]) return true;
  return false;
}

/**
 * The texels of a highlight cell (or beside one) in row y that are themselves bright and colourless,
 * replaced by the paint around them; returns how many.
 */
function replaceHighlights(
  p: RowPass,
  y: number,
  cy: number,
  r0: number,
  r1: number,
  ty: number,
  spots: HighlightMap,
  opts: HighlightOptions,
  d: number,
  h: number,
  rgb: Float32Array,
): number {
  const { src, out, near, cellOf, w } = p;
  let count = 0;
  for (let x = 0; x < p.W; x++) {
    const cell = cy * w + cellOf[x];
    if (!near[cell]) continue;
    const o = (y * p.W + x) * 4;
    const f = factorAt(p, x, r0, r1, ty);
    const r = TO_LINEAR[src[o]] / f;
    const g = TO_LINEAR[src[o + 1]] / f;
    const b = TO_LINEAR[src[o + 2]] / f;
    if (!isHighlight(r, g, b, spots.floor[cell], opts)) continue;
    sample3(spots.paint, w, h, x, y, d, rgb);
    out[o] = toSrgb(rgb[0]);
    out[o + 1] = toSrgb(rgb[1]);
    out[o + 2] = toSrgb(rgb[2]);
    count++;
  }
  return count;
}

/** Bilinear sample of a three-channel light map at texture texel (x, y). */
function sample3(
  map: Float32Array,
  w: number,
  h: number,
  x: number,
  y: number,
  d: number,
  out: Float32Array,
) {
  const sx = Math.min(Math.max((x + 0.5) / d - 0.5, 0), w - 1);
  const sy = Math.min(Math.max((y + 0.5) / d - 0.5, 0), h - 1);
  const x0 = Math.floor(sx);
  const y0 = Math.floor(sy);
  const x1 = Math.min(x0 + 1, w - 1);
  const y1 = Math.min(y0 + 1, h - 1);
  const tx = sx - x0;
  const ty = sy - y0;
  for (let k = 0; k < 3; k++) {
    const at = (xx: number, yy: number) => map[(yy * w + xx) * 3 + k];
    out[k] =
      (at(x0, y0) * (1 - tx) + at(x1, y0) * tx) * (1 - ty) + (at(x0, y1) * (1 - tx) + at(x1, y1) * tx) * ty;
  }
}
