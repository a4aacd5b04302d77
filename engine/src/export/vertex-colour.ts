/**
 * Colour per vertex of a derived solid (the print solid, welded and perhaps cut flat), read from the
 * model's texture at the nearest vertex of the model itself. Formats without UV texturing in slicers
 * (3MF colour groups) carry the photo's colours this way.
 */
import type { TexturedModel } from '../types.ts';

/**
 * `reference` holds the model's vertices (same order as `model.mesh`) in the print pose; a target point
 * `t` lies at `t / scale + (0, 0, cutMm)` there (a base cut lowers and rescales the solid). Returns RGB
 * bytes per target vertex.
 */
export function vertexColours(
  model: TexturedModel,
  reference: Float32Array,
  targets: Float32Array,
  frame: { cutMm: number; scale: number } = { cutMm: 0, scale: 1 },
): Uint8Array {
  const { uvs } = model.mesh;
  const { width, height, data } = model.texture;
  const grid = new PointGrid(reference);
  const k = 1 / frame.scale;
  const out = new Uint8Array((targets.length / 3) * 3);
  for (let v = 0; v < targets.length / 3; v++) {
    const r = grid.nearest(targets[v * 3] * k, targets[v * 3 + 1] * k, targets[v * 3 + 2] * k + frame.cutMm);
    const px = Math.min(width - 1, Math.max(0, Math.round(uvs[r * 2] * (width - 1))));
    const py = Math.min(height - 1, Math.max(0, Math.round(uvs[r * 2 + 1] * (height - 1))));
    const o = (py * width + px) * 4;
    out[v * 3] = data[o];
    out[v * 3 + 1] = data[o + 1];
    out[v * 3 + 2] = data[o + 2];
  }
  return out;
}

/**
 * Uniform hash grid for nearest-vertex queries (about 128 cells along the longest side).
 *
 * Notes: cells are keyed by one integer (the points' cells lie in 0..CELLS on each axis; a searched cell
 * outside that range holds nothing and is skipped), not by a "i,j,k" string: the string keys' building
 * and hashing were most of the 3MF export's colouring (about a tenth of the seven exports' CPU). The
 * cells are visited and their points tried in the same order as before, so ties resolve alike.
 */
const CELLS = 128;
const SPAN = CELLS + 1;

class PointGrid {
  private readonly cells = new Map<number, number[]>();
  private readonly size: number;
  private readonly min: [number, number, number];

  constructor(private readonly points: Float32Array) {
    const lo: [number, number, number] = [Infinity, Infinity, Infinity];
    const hi: [number, number, number] = [-Infinity, -Infinity, -Infinity];
    for (let i = 0; i < points.length; i += 3)
      for (let k = 0; k < 3; k++) {
        lo[k] = Math.min(lo[k], points[i + k]);
        hi[k] = Math.max(hi[k], points[i + k]);
      }
    this.min = lo;
    this.size = Math.max(1e-9, Math.max(hi[0] - lo[0], hi[1] - lo[1], hi[2] - lo[2]) / CELLS);
    for (let v = 0; v < points.length / 3; v++) {
      const key =
        this.axis(points[v * 3], 0) +
        SPAN * (this.axis(points[v * 3 + 1], 1) + SPAN * this.axis(points[v * 3 + 2], 2));
      const list = this.cells.get(key);
      if (list) list.push(v);
      else this.cells.set(key, [v]);
    }
  }

  nearest(x: number, y: number, z: number): number {
    const cx = this.axis(x, 0);
    const cy = this.axis(y, 1);
    const cz = this.axis(z, 2);
    const p = this.points;
    let best = 0;
    let bestD = Infinity;
    // Grow the searched shell until a hit is found and no closer point can lie further out.
    for (let r = 0; r <= 256; r++) {
      for (let i = cx - r; i <= cx + r; i++) {
        if (i < 0 || i > CELLS) continue;
        for (let j = cy - r; j <= cy + r; j++) {
          if (j < 0 || j > CELLS) continue;
          for (let k = cz - r; k <= cz + r; k++) {
            if (k < 0 || k > CELLS) continue;
            if (Math.max(Math.abs(i - cx), Math.abs(j - cy), Math.abs(k - cz)) !== r) continue;
            const list = this.cells.get(i + SPAN * (j + SPAN * k));
            if (!list) continue;
            for (const v of list) {
              const d = (p[v * 3] - x) ** 2 + (p[v * 3 + 1] - y) ** 2 + (p[v * 3 + 2] - z) ** 2;
              if (d < bestD) {
                bestD = d;
                best = v;
              }
            }
          }
        }
      }
      if (bestD <= (r * this.size) ** 2) break;
    }
    return best;
  }

  /** Cell index of a coordinate along one axis (outside 0..CELLS for points beyond the grid's box). */
  private axis(value: number, axis: 0 | 1 | 2): number {
    return Math.floor((value - this.min[axis]) / this.size);
  }
}
