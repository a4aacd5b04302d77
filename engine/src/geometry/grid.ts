/**
 * Resamples the soft mask (and the image's luminance) onto the working grid that the geometry is built
 * on: the subject's bounding box, `resolution` cells along its longer side, one empty cell of margin.
 * Cell coverage is the exact box average of the mask (integral image), so thin parts are not aliased.
 */
import type { RgbaImage } from '../types.ts';

export interface MaskGrid {
  w: number;
  h: number;
  /** Cell size in image pixels. */
  cell: number;
  /** Image position of grid corner (0, 0). */
  x0: number;
  y0: number;
  coverage: Float32Array;
  /** Luminance (0..1) per cell, premultiplied-free. */
  luminance: Float32Array;
  /** Soft mask at a grid position (x, y in cells), bilinear. */
  sample: (x: number, y: number) => number;
}

export interface Bounds {
  x0: number;
  y0: number;
  x1: number;
  y1: number;
}

export function maskBounds(
  mask: Float32Array,
  width: number,
  height: number,
  threshold = 0.5,
): Bounds | undefined {
  let x0 = width;
  let y0 = height;
  let x1 = -1;
  let y1 = -1;
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      if (mask[y * width + x] < threshold) continue;
      if (x < x0) x0 = x;
      if (x > x1) x1 = x;
      if (y < y0) y0 = y;
      if (y > y1) y1 = y;
    }
  }
  return x1 < 0 ? undefined : { x0, y0, x1: x1 + 1, y1: y1 + 1 };
}

function bilinear(field: Float32Array, width: number, height: number, x: number, y: number): number {
  // Pixel centres are at integer + 0.5.
  const fx = Math.min(Math.max(x - 0.5, 0), width - 1);
  const fy = Math.min(Math.max(y - 0.5, 0), height - 1);
  const ix = Math.min(Math.floor(fx), Math.max(0, width - 2));
  const iy = Math.min(Math.floor(fy), Math.max(0, height - 2));
  const tx = fx - ix;
  const ty = fy - iy;
  const i = iy * width + ix;
  const x1 = width > 1 ? 1 : 0;
  const y1 = height > 1 ? width : 0;
  const a = field[i] * (1 - tx) + field[i + x1] * tx;
  const b = field[i + y1] * (1 - tx) + field[i + y1 + x1] * tx;
  return a * (1 - ty) + b * ty;
}

export function buildMaskGrid(
  image: RgbaImage,
  mask: Float32Array,
  bounds: Bounds,
  resolution: number,
): MaskGrid {
  const { width, height } = image;
  const side = Math.max(bounds.x1 - bounds.x0, bounds.y1 - bounds.y0);
  const cell = side / resolution;
  const w = Math.ceil((bounds.x1 - bounds.x0) / cell) + 2;
  const h = Math.ceil((bounds.y1 - bounds.y0) / cell) + 2;
  const x0 = (bounds.x0 + bounds.x1) / 2 - (w * cell) / 2;
  const y0 = (bounds.y0 + bounds.y1) / 2 - (h * cell) / 2;

  // Integral images of mask and of mask-weighted luminance, over the pixels the grid covers only (the
  // whole photo's cost twice the rest of this step and 16 MB of garbage on a 1024² photo). Only the rows
  // and columns a cell's box reads are kept (about two per cell edge): the running sums go row by row
  // through one buffer per image, the same additions in the same order as the full integral images (two
  // float64 images of the region were 16 MB a photo, most of this step's memory traffic and garbage).
  const X0 = Math.max(0, Math.min(width - 1, Math.floor(x0)));
  const Y0 = Math.max(0, Math.min(height - 1, Math.floor(y0)));
  const X1 = Math.max(X0 + 1, Math.min(width, Math.ceil(x0 + w * cell)));
  const Y1 = Math.max(Y0 + 1, Math.min(height, Math.ceil(y0 + h * cell)));
  const rw = X1 - X0;
  const rh = Y1 - Y0;
  const iw = rw + 1;
  // Box edges in image coordinates (a cell's far edge is its near edge plus `cell`, as summed before).
  const cols = edgeTaps(w, x0, cell, X0, X1, rw);
  const rows = edgeTaps(h, y0, cell, Y0, Y1, rh);
  const colList = kept(cols.used);
  const rowSlot = slots(rows.used);
  const nc = colList.length;
  const colSlot = slots(cols.used);
  const keptRows = rowSlot.reduce((n, s) => Math.max(n, s + 1), 0);
  const im = new Float64Array(keptRows * nc);
  const il = new Float64Array(keptRows * nc);
  const runM = new Float64Array(iw);
  const runL = new Float64Array(iw);
  const d = image.data;
  // Row 0 of an integral image is all zeros: its kept copy is already.
  for (let y = 0; y < rh; y++) {
    let rm = 0;
    let rl = 0;
    let p = (y + Y0) * width + X0;
    for (let x = 0; x < rw; x++, p++) {
      const m = mask[p];
      rm += m;
      // Outside the subject m · lum adds nothing: the luminance is not worked out there.
      if (m !== 0) rl += m * ((0.2126 * d[p * 4] + 0.7152 * d[p * 4 + 1] + 0.0722 * d[p * 4 + 2]) / 255);
      runM[x + 1] = runM[x + 1] + rm;
      runL[x + 1] = runL[x + 1] + rl;
    }
    const slot = rowSlot[y + 1];
    if (slot >= 0) {
      for (let k = 0; k < nc; k++) {
        im[slot * nc + k] = runM[colList[k]];
        il[slot * nc + k] = runL[colList[k]];
      }
    }
  }
  // Box sum with fractional edges approximated by bilinear lookup in the integral image (image
  // coordinates; the region's edges are the image's or lie outside every cell).
  const integral = (t: Float64Array, ix: number, tx: number, iy: number, ty: number) => {
    const r0 = rowSlot[iy] * nc;
    const r1 = rowSlot[iy + 1] * nc;
    const c0 = colSlot[ix];
    const c1 = colSlot[ix + 1];
    const a = t[r0 + c0] * (1 - tx) + t[r0 + c1] * tx;
    const b = t[r1 + c0] * (1 - tx) + t[r1 + c1] * tx;
    return a * (1 - ty) + b * ty;
  };
  const box = (t: Float64Array, gx: number, gy: number) => {
    const { ia, ta, ib, tb } = cols;
    const { ia: ja, ta: sa, ib: jb, tb: sb } = rows;
    return (
      integral(t, ib[gx], tb[gx], jb[gy], sb[gy]) -
      integral(t, ia[gx], ta[gx], jb[gy], sb[gy]) -
      integral(t, ib[gx], tb[gx], ja[gy], sa[gy]) +
      integral(t, ia[gx], ta[gx], ja[gy], sa[gy])
    );
  };

  const coverage = new Float32Array(w * h);
  const luminance = new Float32Array(w * h);
  const area = cell * cell;
  for (let gy = 0; gy < h; gy++) {
    for (let gx = 0; gx < w; gx++) {
      const m = box(im, gx, gy);
      coverage[gy * w + gx] = Math.min(1, Math.max(0, m / area));
      luminance[gy * w + gx] = m > 1e-6 ? box(il, gx, gy) / m : 0;
    }
  }
  const sample = (x: number, y: number) => bilinear(mask, width, height, x0 + x * cell, y0 + y * cell);
  return { w, h, cell, x0, y0, coverage, luminance, sample };
}

/**
 * Along one axis, the integral image's tap (index, weight of the next) at the near edge (`ia`, `ta`) and
 * the far edge (`ib`, `tb`) of each of `n` cells, and which of the `size + 1` integral lines are read.
 */
function edgeTaps(n: number, origin: number, cell: number, lo: number, hi: number, size: number) {
  const ia = new Int32Array(n);
  const ta = new Float64Array(n);
  const ib = new Int32Array(n);
  const tb = new Float64Array(n);
  const used = new Uint8Array(size + 1);
  const tap = (v: number, i: Int32Array, t: Float64Array, g: number) => {
    const c = Math.min(Math.max(v, lo), hi) - lo;
    const ix = Math.min(Math.floor(c), size - 1);
    i[g] = ix;
    t[g] = c - ix;
    used[ix] = 1;
    used[ix + 1] = 1;
  };
  for (let g = 0; g < n; g++) {
    const a = origin + g * cell;
    tap(a, ia, ta, g);
    tap(a + cell, ib, tb, g);
  }
  return { ia, ta, ib, tb, used };
}

/** The indices flagged in `used`, in order. */
function kept(used: Uint8Array): Int32Array {
  const out: number[] = [];
  for (let i = 0; i < used.length; i++) if (used[i]) out.push(i);
  return Int32Array.from(out);
}

/** Per index, its place among the flagged ones (−1 when not flagged). */
function slots(used: Uint8Array): Int32Array {
  const out = new Int32Array(used.length).fill(-1);
  let n = 0;
  for (let i = 0; i < used.length; i++) if (used[i]) out[i] = n++;
  return out;
}
