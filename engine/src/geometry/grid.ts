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
  // whole photo's cost twice the rest of this step and 16 MB of garbage on a 1024² photo).
  const X0 = Math.max(0, Math.min(width - 1, Math.floor(x0)));
  const Y0 = Math.max(0, Math.min(height - 1, Math.floor(y0)));
  const X1 = Math.max(X0 + 1, Math.min(width, Math.ceil(x0 + w * cell)));
  const Y1 = Math.max(Y0 + 1, Math.min(height, Math.ceil(y0 + h * cell)));
  const rw = X1 - X0;
  const rh = Y1 - Y0;
  const iw = rw + 1;
  const im = new Float64Array(iw * (rh + 1));
  const il = new Float64Array(iw * (rh + 1));
  const d = image.data;
  for (let y = 0; y < rh; y++) {
    let rm = 0;
    let rl = 0;
    for (let x = 0; x < rw; x++) {
      const p = (y + Y0) * width + x + X0;
      const m = mask[p];
      rm += m;
      // Outside the subject m · lum adds nothing: the luminance is not worked out there.
      if (m !== 0) rl += m * ((0.2126 * d[p * 4] + 0.7152 * d[p * 4 + 1] + 0.0722 * d[p * 4 + 2]) / 255);
      im[(y + 1) * iw + x + 1] = im[y * iw + x + 1] + rm;
      il[(y + 1) * iw + x + 1] = il[y * iw + x + 1] + rl;
    }
  }
  // Box sum with fractional edges approximated by bilinear lookup in the integral image (image
  // coordinates; the region's edges are the image's or lie outside every cell).
  const integral = (t: Float64Array, x: number, y: number) => {
    const cx = Math.min(Math.max(x, X0), X1) - X0;
    const cy = Math.min(Math.max(y, Y0), Y1) - Y0;
    const ix = Math.min(Math.floor(cx), rw - 1);
    const iy = Math.min(Math.floor(cy), rh - 1);
    const tx = cx - ix;
    const ty = cy - iy;
    const a = t[iy * iw + ix] * (1 - tx) + t[iy * iw + ix + 1] * tx;
    const b = t[(iy + 1) * iw + ix] * (1 - tx) + t[(iy + 1) * iw + ix + 1] * tx;
    return a * (1 - ty) + b * ty;
  };
  const box = (t: Float64Array, ax: number, ay: number, bx: number, by: number) =>
    integral(t, bx, by) - integral(t, ax, by) - integral(t, bx, ay) + integral(t, ax, ay);

  const coverage = new Float32Array(w * h);
  const luminance = new Float32Array(w * h);
  const area = cell * cell;
  for (let gy = 0; gy < h; gy++) {
    for (let gx = 0; gx < w; gx++) {
      const ax = x0 + gx * cell;
      const ay = y0 + gy * cell;
      const m = box(im, ax, ay, ax + cell, ay + cell);
      coverage[gy * w + gx] = Math.min(1, Math.max(0, m / area));
      luminance[gy * w + gx] = m > 1e-6 ? box(il, ax, ay, ax + cell, ay + cell) / m : 0;
    }
  }
  const sample = (x: number, y: number) => bilinear(mask, width, height, x0 + x * cell, y0 + y * cell);
  return { w, h, cell, x0, y0, coverage, luminance, sample };
}
