import { describe, expect, it } from 'vitest';
import { buildMaskGrid } from '../../src/geometry/grid.ts';

/** Coverage and luminance from the full integral images of the covered region (as first written). */
function reference(
  data: Uint8Array,
  mask: Float32Array,
  width: number,
  height: number,
  g: { w: number; h: number; cell: number; x0: number; y0: number },
) {
  const { w, h, cell, x0, y0 } = g;
  const X0 = Math.max(0, Math.min(width - 1, Math.floor(x0)));
  const Y0 = Math.max(0, Math.min(height - 1, Math.floor(y0)));
  const X1 = Math.max(X0 + 1, Math.min(width, Math.ceil(x0 + w * cell)));
  const Y1 = Math.max(Y0 + 1, Math.min(height, Math.ceil(y0 + h * cell)));
  const [rw, rh, iw] = [X1 - X0, Y1 - Y0, X1 - X0 + 1];
  const im = new Float64Array(iw * (rh + 1));
  const il = new Float64Array(iw * (rh + 1));
  for (let y = 0; y < rh; y++) {
    let rm = 0;
    let rl = 0;
    for (let x = 0; x < rw; x++) {
      const p = (y + Y0) * width + x + X0;
      const m = mask[p];
      rm += m;
      if (m !== 0)
        rl += m * ((0.2126 * data[p * 4] + 0.7152 * data[p * 4 + 1] + 0.0722 * data[p * 4 + 2]) / 255);
      im[(y + 1) * iw + x + 1] = im[y * iw + x + 1] + rm;
      il[(y + 1) * iw + x + 1] = il[y * iw + x + 1] + rl;
    }
  }
  const integral = (t: Float64Array, x: number, y: number) => {
    const cx = Math.min(Math.max(x, X0), X1) - X0;
    const cy = Math.min(Math.max(y, Y0), Y1) - Y0;
    const ix = Math.min(Math.floor(cx), rw - 1);
    const iy = Math.min(Math.floor(cy), rh - 1);
    const [tx, ty] = [cx - ix, cy - iy];
    const a = t[iy * iw + ix] * (1 - tx) + t[iy * iw + ix + 1] * tx;
    const b = t[(iy + 1) * iw + ix] * (1 - tx) + t[(iy + 1) * iw + ix + 1] * tx;
    return a * (1 - ty) + b * ty;
  };
  const box = (t: Float64Array, ax: number, ay: number, bx: number, by: number) =>
    integral(t, bx, by) - integral(t, ax, by) - integral(t, bx, ay) + integral(t, ax, ay);
  const coverage = new Float32Array(w * h);
  const luminance = new Float32Array(w * h);
  for (let gy = 0; gy < h; gy++)
    for (let gx = 0; gx < w; gx++) {
      const ax = x0 + gx * cell;
      const ay = y0 + gy * cell;
      const m = box(im, ax, ay, ax + cell, ay + cell);
      coverage[gy * w + gx] = Math.min(1, Math.max(0, m / (cell * cell)));
      luminance[gy * w + gx] = m > 1e-6 ? box(il, ax, ay, ax + cell, ay + cell) / m : 0;
    }
  return { coverage, luminance };
}

describe('buildMaskGrid', () => {
  it('keeps only the integral lines a box reads and gives the full integral images’ coverage and luminance', () => {
    let s = 7;
    const rnd = () => {
      s = (s * 1103515245 + 12345) % 2147483648;
      return s / 2147483648;
    };
    for (const [width, height, resolution, bounds] of [
      [200, 150, 37, { x0: 20, y0: 11, x1: 171, y1: 140 }],
      [90, 240, 64, { x0: 0, y0: 0, x1: 90, y1: 240 }],
      [120, 120, 160, { x0: 50, y0: 40, x1: 61, y1: 95 }],
    ] as const) {
      const data = new Uint8Array(width * height * 4);
      for (let i = 0; i < data.length; i++) data[i] = Math.floor(rnd() * 256);
      const mask = new Float32Array(width * height);
      for (let i = 0; i < mask.length; i++) mask[i] = rnd() < 0.3 ? 0 : rnd();
      const grid = buildMaskGrid({ width, height, data }, mask, bounds, resolution);
      const ref = reference(data, mask, width, height, grid);
      expect(Buffer.from(grid.coverage.buffer).equals(Buffer.from(ref.coverage.buffer))).toBe(true);
      expect(Buffer.from(grid.luminance.buffer).equals(Buffer.from(ref.luminance.buffer))).toBe(true);
    }
  });
});
