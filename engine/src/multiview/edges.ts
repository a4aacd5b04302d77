/**
 * Where a box turned to the cameras shows its corner. Four silhouettes 90° apart give a turned box the
 * slab of its bounding rectangle; shading says more: a camera sees the two faces that meet at the corner
 * nearest to it, each of one brightness, and the edge between them lies over that corner. Each view
 * whose row splits into two uniform parts of different brightness thus gives one corner of the slice, on
 * the side of the bounding rectangle that faces it; the four corners make the slice's quadrilateral.
 * (The cue is the facets' one, for turned faces: a flat-coloured drawing of a round object with two tones
 * would read as a turned box.)
 */
import { rowSpan, type View } from './facets.ts';
import { project, type RegisteredView } from './views.ts';

export interface EdgeOptions {
  /** Largest luminance standard deviation (0–255) of each face. */
  maxStd: number;
  /** Smallest brightness difference between the two faces. */
  minStep: number;
  /** Share of the row's width left out at each end and around the edge. */
  inset: number;
  /** Shortest run of two-faced heights, as a share of the height. */
  minRun: number;
}

const EDGE_DEFAULTS: EdgeOptions = { maxStd: 6, minStep: 10, inset: 0.06, minRun: 0.2 };

/** The image column of the edge between two uniform faces in one row, or NaN. */
function rowEdge(view: View, row: number, opts: EdgeOptions): number {
  const span = rowSpan(view, row);
  if (!span || span.b - span.a < 12) return Number.NaN;
  const { y, a, b } = span;
  const { width } = view.image;
  const cut = Math.max(1, Math.floor((b - a) * opts.inset));
  const lo = a + cut;
  const hi = b - cut;
  const n = hi - lo + 1;
  const s = new Float64Array(n + 1);
  const s2 = new Float64Array(n + 1);
  const d = view.image.data;
  for (let k = 0; k < n; k++) {
    const i = (y * width + lo + k) * 4;
    const l = 0.2126 * d[i] + 0.7152 * d[i + 1] + 0.0722 * d[i + 2];
    s[k + 1] = s[k] + l;
    s2[k + 1] = s2[k] + l * l;
  }
  const stats = (p: number, q: number) => {
    const m = (s[q] - s[p]) / (q - p);
    return [m, Math.sqrt(Math.max(0, (s2[q] - s2[p]) / (q - p) - m * m))];
  };
  let best = Number.NaN;
  let bestStd = Infinity;
  const gap = cut;
  const minPart = Math.floor(0.12 * n);
  for (let k = minPart; k <= n - minPart; k++) {
    if (k - gap <= 0 || k + gap >= n) continue;
    const [ml, sl] = stats(0, k - gap);
    const [mr, sr] = stats(k + gap, n);
    const worst = Math.max(sl, sr);
    // Two flat faces meet at a sharp step: most of the difference happens within a few pixels of the
    // edge (a round body's shading changes gradually).
    const band = Math.max(2, Math.round(0.02 * n));
    const [nl] = stats(Math.max(0, k - band), k);
    const [nr] = stats(k, Math.min(n, k + band));
    const sharp = Math.abs(nl - nr) >= 0.7 * Math.abs(ml - mr);
    if (sharp && worst <= opts.maxStd && Math.abs(ml - mr) >= opts.minStep && worst < bestStd) {
      bestStd = worst;
      best = lo + k;
    }
  }
  return best;
}

/**
 * Per model row (`rows` from the top, y = 0.5 down), the horizontal image coordinate u (model units,
 * u = cos t·x − sin t·z in the world frame for a view turned by t) of each view's corner edge, NaN where
 * that view shows no two-faced row. Index: row * (1 + views.length) + view (0 = the front).
 */
export function cornerEdges(
  front: View & { unitsPerPixel: number; centrePx: [number, number] },
  views: RegisteredView[],
  rows: number,
  options: Partial<EdgeOptions> = {},
): Float32Array {
  const opts = { ...EDGE_DEFAULTS, ...options };
  const k = 1 + views.length;
  const out = new Float32Array(rows * k).fill(Number.NaN);
  for (let r = 0; r < rows; r++) {
    const y = 0.5 - (r + 0.5) / rows;
    const fx = rowEdge(front, front.centrePx[1] - y / front.unitsPerPixel, opts);
    if (!Number.isNaN(fx)) out[r * k] = (fx + 0.5 - front.centrePx[0]) * front.unitsPerPixel;
    views.forEach((v, i) => {
      const [, py] = project(v, 0, y, 0);
      const px = rowEdge(v, py, opts);
      if (!Number.isNaN(px)) out[r * k + 1 + i] = (px + 0.5 - v.centrePx[0]) * v.unitsPerPixel;
    });
  }
  // A turned face spans a good part of the height; a few two-toned rows are not one.
  const minRun = Math.ceil(opts.minRun * rows);
  for (let c = 0; c < k; c++) {
    for (let r = 0; r < rows; ) {
      if (Number.isNaN(out[r * k + c])) {
        r++;
        continue;
      }
      let e = r;
      while (e < rows && !Number.isNaN(out[e * k + c])) e++;
      if (e - r < minRun) for (let q = r; q < e; q++) out[q * k + c] = Number.NaN;
      r = e;
    }
  }
  return out;
}
