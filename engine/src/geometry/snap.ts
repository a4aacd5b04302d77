/**
 * Moves silhouette corners from the cell staircase onto the mask's sub-pixel 0.5 contour, so the
 * model's outline follows the photo's outline instead of the grid. Newton steps along the mask
 * gradient, each clamped so a corner never leaves its own neighbourhood (no folded triangles).
 */

export interface SnapOptions {
  iterations: number;
  /** Largest total move, in cells. */
  maxMove: number;
}

const SNAP_DEFAULTS: SnapOptions = { iterations: 4, maxMove: 0.5 };

/** `sample(x, y)` returns the soft mask at a grid position (cells, y down). */
export function snapCorners(
  inside: Uint8Array,
  w: number,
  h: number,
  sample: (x: number, y: number) => number,
  options: Partial<SnapOptions> = {},
): Float32Array {
  const opts = { ...SNAP_DEFAULTS, ...options };
  const cw = w + 1;
  const xy = new Float32Array(cw * (h + 1) * 2);
  for (let y = 0; y <= h; y++) {
    for (let x = 0; x <= w; x++) {
      const c = y * cw + x;
      xy[c * 2] = x;
      xy[c * 2 + 1] = y;
      let ins = 0;
      let out = 0;
      for (let dy = -1; dy <= 0; dy++) {
        for (let dx = -1; dx <= 0; dx++) {
          const cx = x + dx;
          const cy = y + dy;
          if (cx >= 0 && cy >= 0 && cx < w && cy < h && inside[cy * w + cx]) ins++;
          else out++;
        }
      }
      if (!ins || !out) continue;
      let px = x;
      let py = y;
      const e = 0.5;
      for (let it = 0; it < opts.iterations; it++) {
        const v = sample(px, py) - 0.5;
        const gx = (sample(px + e, py) - sample(px - e, py)) / (2 * e);
        const gy = (sample(px, py + e) - sample(px, py - e)) / (2 * e);
        const g2 = gx * gx + gy * gy;
        if (g2 < 1e-6) break;
        px -= (v * gx) / g2;
        py -= (v * gy) / g2;
        const mx = px - x;
        const my = py - y;
        const m = Math.hypot(mx, my);
        if (m > opts.maxMove) {
          px = x + (mx / m) * opts.maxMove;
          py = y + (my / m) * opts.maxMove;
        }
      }
      xy[c * 2] = px;
      xy[c * 2 + 1] = py;
    }
  }
  return xy;
}
