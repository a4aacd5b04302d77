import { describe, expect, it } from 'vitest';
import { distanceToBoundary } from '../../src/geometry/distance.ts';

/** Distance from each inside cell to the nearest outside cell centre (the grid's surround outside), less half a cell. */
function bruteForce(inside: Uint8Array, w: number, h: number): Float32Array {
  const out = new Float32Array(w * h);
  for (let y = 0; y < h; y++)
    for (let x = 0; x < w; x++) {
      if (!inside[y * w + x]) continue;
      // The nearest grid edge: the cell just beyond it is outside.
      let best = Math.min(x + 1, y + 1, w - x, h - y) ** 2;
      for (let v = 0; v < h; v++)
        for (let u = 0; u < w; u++)
          if (!inside[v * w + u]) best = Math.min(best, (u - x) ** 2 + (v - y) ** 2);
      out[y * w + x] = Math.max(0.25, Math.sqrt(best) - 0.5);
    }
  return out;
}

describe('distanceToBoundary', () => {
  it('equals the brute-force Euclidean distance on blobs, specks, full and empty grids', () => {
    let seed = 11;
    const rnd = () => {
      seed = (seed * 1103515245 + 12345) & 0x7fffffff;
      return seed / 0x7fffffff;
    };
    for (let t = 0; t < 40; t++) {
      const w = 1 + Math.floor(rnd() * 24);
      const h = 1 + Math.floor(rnd() * 24);
      const cx = rnd() * w;
      const cy = rnd() * h;
      const r = rnd() * 14;
      const inside = new Uint8Array(w * h);
      for (let i = 0; i < w * h; i++)
        inside[i] = rnd() < 0.1 || Math.hypot((i % w) - cx, Math.floor(i / w) - cy) < r ? 1 : 0;
      if (t === 0) inside.fill(1);
      if (t === 1) inside.fill(0);
      expect(Array.from(distanceToBoundary(inside, w, h))).toEqual(Array.from(bruteForce(inside, w, h)));
    }
  });
});
