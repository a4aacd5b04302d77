/**
 * The one pass over the full texture: every texel divided by the light factor (the light map read
 * bilinearly), and the texels of a highlight replaced by the paint around it.
 */
import { type HighlightMap, type HighlightOptions, isHighlight } from './highlights.ts';
import { DIVISION_STEPS, divisionTable, TO_LINEAR, toSrgb } from './srgb.ts';

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
  const { spot, paint, floor } = spots;
  const divide = divisionTable(maxFactor);
  const steps = DIVISION_STEPS;
  const lo = 1 / maxFactor;
  const perStep = steps / (maxFactor - lo);
  // The factor map is read bilinearly, its columns' weights worked out once.
  const x0s = new Int32Array(W);
  const x1s = new Int32Array(W);
  const txs = new Float32Array(W);
  for (let x = 0; x < W; x++) {
    const sx = Math.min(Math.max((x + 0.5) / d - 0.5, 0), w - 1);
    x0s[x] = Math.floor(sx);
    x1s[x] = Math.min(x0s[x] + 1, w - 1);
    txs[x] = sx - x0s[x];
  }
  const out = new Uint8Array(src.length);
  let trustedTexels = 0;
  let highlights = 0;
  const rgb = new Float32Array(3);
  for (let y = 0; y < H; y++) {
    const cy = Math.floor(y / d);
    const sy = Math.min(Math.max((y + 0.5) / d - 0.5, 0), h - 1);
    const r0 = Math.floor(sy) * w;
    const r1 = Math.min(Math.floor(sy) + 1, h - 1) * w;
    const ty = sy - Math.floor(sy);
    for (let x = 0; x < W; x++) {
      const o = y * W + x;
      const t = txs[x];
      const fa = factor[r0 + x0s[x]] * (1 - t) + factor[r0 + x1s[x]] * t;
      const fb = factor[r1 + x0s[x]] * (1 - t) + factor[r1 + x1s[x]] * t;
      const f = fa * (1 - ty) + fb * ty;
      const row = ((f - lo) * perStep + 0.5) | 0;
      const base = (row < 0 ? 0 : Math.min(row, steps)) * 256;
      out[o * 4] = divide[base + src[o * 4]];
      out[o * 4 + 1] = divide[base + src[o * 4 + 1]];
      out[o * 4 + 2] = divide[base + src[o * 4 + 2]];
      out[o * 4 + 3] = src[o * 4 + 3];
      const cell = cy * w + ((x / d) | 0);
      if (trusted[cell]) trustedTexels++;
      if (!(spot[cell] || (cell + 1 < w * h && spot[cell + 1]) || (cell >= 1 && spot[cell - 1]))) continue;
      // Only the texels of a highlight cell (or beside one) that are themselves bright and colourless.
      const r = TO_LINEAR[src[o * 4]] / f;
      const g = TO_LINEAR[src[o * 4 + 1]] / f;
      const b = TO_LINEAR[src[o * 4 + 2]] / f;
      if (isHighlight(r, g, b, floor[cell], opts)) {
        sample3(paint, w, h, x, y, d, rgb);
        out[o * 4] = toSrgb(rgb[0]);
        out[o * 4 + 1] = toSrgb(rgb[1]);
        out[o * 4 + 2] = toSrgb(rgb[2]);
        highlights++;
      }
    }
  }
  return { data: out, trustedTexels, highlights };
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
