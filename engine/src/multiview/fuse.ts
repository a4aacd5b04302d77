/**
 * Fuses the front's inflated solid with the other views' silhouettes (a visual hull).
 *
 * The solid is a pair of sheets over the front silhouette: every corner has a front vertex (v) and a back
 * vertex (v + n/2) at the same x, y. Along each such column the hull allows the depths where every view
 * sees the object. Two steps, both monotone in z so the front never passes behind the back and the closed,
 * 2-manifold, outward-oriented solid stays one:
 *  1. fit: at each height the inflation's depth range is mapped affinely onto the hull's — the inflation's
 *     smooth shape is kept, its depth (which one photo can only guess) becomes the measured one;
 *  2. carve: each column is clamped into its own hull interval (the hull's corners and gaps).
 */
import { perspective } from './camera.ts';
import { type FacetOptions, facetedRows } from './facets.ts';
import type { RegisteredView } from './views.ts';

export interface FuseOptions {
  /** Largest factor by which the inflation's depth at one height may be stretched. */
  maxStretch: number;
  /** Depth samples per column before refining the hull's ends by bisection. */
  samples: number;
  /** Clamp columns into their hull interval after the fit. */
  carve: boolean;

  /** Thinnest a column becomes where the fit and the hull disagree (model units). */
  minThickness: number;
  /**
   * Rows (as a share of the height) over which the inflation's depth range is taken: near the top and
   * bottom the inflation thins to nothing, and stretching those rows alone to the hull's depth makes spikes.
   */
  rowSpread: number;
  facets: Partial<FacetOptions>;
  /**
   * Columns closer than this (model units; the model is 1 tall) share one hull computation: the high
   * preset's grid (384) is finer than a typical photo's silhouette needs, and the hull's samples were most
   * of a four-view conversion's extra time.
   */
  columnStep: number;
}

const FUSE_DEFAULTS: FuseOptions = {
  maxStretch: 6,
  samples: 64,
  carve: true,
  minThickness: 1e-3,
  rowSpread: 0,
  facets: {},
  columnStep: 1 / 256,
};

export interface FuseReport {
  /** Views that shaped the solid. */
  used: string[];
  /** Share of columns the carving changed. */
  carved: number;
  /** Share of columns that took the hull's depth because their height is flat-faced. */
  faceted: number;
}

/**
 * Whether every shaping view sees the model point, through that view's pinhole (camera.ts): with parallel
 * rays a near camera's view was misread by the share its near side looks larger, the same error the
 * carve and the walk no longer make.
 */
function seenByAll(views: RegisteredView[], x: number, y: number, z: number): boolean {
  // The hot loop of the fusion: project() inlined, no arrays allocated.
  for (let k = 0; k < views.length; k++) {
    const v = views[k];
    const r = v.rotation;
    const s = perspective(r[6] * x + r[7] * y + r[8] * z, v.invDistance) / v.unitsPerPixel;
    if (!Number.isFinite(s)) return false;
    const px = Math.floor(v.centrePx[0] + (r[0] * x + r[1] * y + r[2] * z) * s);
    const py = Math.floor(v.centrePx[1] - (r[3] * x + r[4] * y + r[5] * z) * s);
    const w = v.image.width;
    if (px < 0 || py < 0 || px >= w || py >= v.image.height || v.mask[py * w + px] < 0.5) return false;
  }
  return true;
}

/** How far in depth the hull can reach: the widest view, in model units, with a margin. */
export function depthReach(views: RegisteredView[]): number {
  let reach = 0.5;
  for (const v of views) reach = Math.max(reach, 0.6 * v.image.width * v.unitsPerPixel);
  return Math.min(reach, 3);
}

/**
 * The hull's depth intervals [back, front] along the column at (x, y), front to back: several where the
 * views see the object at this column's x and y at separate depths (a tail in front of a head).
 */
function columnHull(views: RegisteredView[], x: number, y: number, reach: number, samples: number) {
  const step = (2 * reach) / samples;
  const refine = (inside: number, outside: number) => {
    let a = inside;
    let b = outside;
    for (let k = 0; k < 6; k++) {
      const m = (a + b) / 2;
      if (seenByAll(views, x, y, m)) a = m;
      else b = m;
    }
    return a;
  };
  const out: [number, number][] = [];
  let start = -1;
  for (let i = 0; i <= samples + 1; i++) {
    const inside = i <= samples && seenByAll(views, x, y, -reach + i * step);
    if (inside && start < 0) start = i;
    if (!inside && start >= 0) {
      const last = i - 1;
      const zb = start > 0 ? refine(-reach + start * step, -reach + (start - 1) * step) : -reach;
      const zf = last < samples ? refine(-reach + last * step, -reach + (last + 1) * step) : reach;
      out.push([zb, zf]);
      start = -1;
    }
  }
  return out;
}

/** The interval that overlaps [b, f] most, else the nearest one. */
function pick(intervals: [number, number][], b: number, f: number): [number, number] {
  let best = intervals[0];
  let score = -Infinity;
  for (const iv of intervals) {
    const overlap = Math.min(f, iv[1]) - Math.max(b, iv[0]);
    if (overlap > score) {
      score = overlap;
      best = iv;
    }
  }
  return best;
}

/** Grid rows of the solid: the y step shared by most vertices (snapped rim vertices sit between). */
function rowStep(positions: Float32Array, count: number): { y0: number; step: number } {
  const counts = new Map<number, number>();
  for (let v = 0; v < count; v++) {
    const key = Math.round(positions[v * 3 + 1] * 1e5);
    counts.set(key, (counts.get(key) ?? 0) + 1);
  }
  const rows = [...counts.entries()]
    .filter(([, c]) => c >= 3)
    .map(([k]) => k / 1e5)
    .sort((a, b) => a - b);
  const gaps: number[] = [];
  for (let i = 1; i < rows.length; i++) gaps.push(rows[i] - rows[i - 1]);
  gaps.sort((a, b) => a - b);
  const step = gaps.length ? gaps[Math.floor(gaps.length / 2)] : 1 / 64;
  return { y0: rows.length ? rows[0] : -0.5, step: Math.max(step, 1e-4) };
}

/**
 * Per-row maxima of `hi` and minima of `lo` (over `spread` rows either side), read back at any y by linear
 * interpolation.
 */
function rowExtents(
  ys: Float32Array,
  hi: Float64Array,
  lo: Float64Array,
  y0: number,
  step: number,
  spread = 0,
) {
  const bins = Math.max(1, Math.round(1.2 / step) + 4);
  const base = y0 - 2 * step;
  const top = new Float64Array(bins).fill(-Infinity);
  const bottom = new Float64Array(bins).fill(Infinity);
  for (let v = 0; v < ys.length; v++) {
    if (!Number.isFinite(hi[v])) continue;
    const b = Math.min(bins - 1, Math.max(0, Math.round((ys[v] - base) / step)));
    top[b] = Math.max(top[b], hi[v]);
    bottom[b] = Math.min(bottom[b], lo[v]);
  }
  if (spread > 0) {
    const t0 = top.slice();
    const b0 = bottom.slice();
    for (let b = 0; b < bins; b++) {
      if (!Number.isFinite(t0[b])) continue;
      for (let k = Math.max(0, b - spread); k <= Math.min(bins - 1, b + spread); k++) {
        if (!Number.isFinite(t0[k])) continue;
        // Widen toward the wider neighbour's range about this row's own centre.
        const half = Math.max(top[b] - bottom[b], t0[k] - b0[k]) / 2;
        const mid = (t0[b] + b0[b]) / 2;
        top[b] = mid + half;
        bottom[b] = mid - half;
      }
    }
  }
  return (y: number): [number, number] | undefined => {
    const f = (y - base) / step;
    const a = Math.min(bins - 1, Math.max(0, Math.floor(f)));
    const b = Math.min(bins - 1, a + 1);
    const t = Math.min(1, Math.max(0, f - a));
    const okA = Number.isFinite(top[a]);
    const okB = Number.isFinite(top[b]);
    if (!okA && !okB) return undefined;
    if (!okA) return [top[b], bottom[b]];
    if (!okB) return [top[a], bottom[a]];
    return [top[a] * (1 - t) + top[b] * t, bottom[a] * (1 - t) + bottom[b] * t];
  };
}

export function fuseViews(
  positions: Float32Array,
  views: RegisteredView[],
  front: Parameters<typeof facetedRows>[0],
  options: Partial<FuseOptions> = {},
): FuseReport {
  const opts = { ...FUSE_DEFAULTS, ...options };
  const shaping = views.filter((v) => v.shapes);
  if (!shaping.length) return { used: [], carved: 0, faceted: 0 };
  const p = positions;
  const n = p.length / 6;
  const reach = depthReach(shaping);

  const ys = new Float32Array(n);
  const hullF = new Float64Array(n).fill(Number.NaN);
  const hullB = new Float64Array(n).fill(Number.NaN);
  const segments: [number, number][][] = new Array(n);
  const inflF = new Float64Array(n);
  const inflB = new Float64Array(n);
  const hulls = new Map<number, [number, number][]>();
  for (let v = 0; v < n; v++) {
    ys[v] = p[v * 3 + 1];
    inflF[v] = p[v * 3 + 2];
    inflB[v] = p[(v + n) * 3 + 2];
    const qx = Math.round(p[v * 3] / opts.columnStep);
    const qy = Math.round(p[v * 3 + 1] / opts.columnStep);
    const key = qx * 131072 + qy;
    let h = hulls.get(key);
    if (!h) {
      h = columnHull(shaping, qx * opts.columnStep, qy * opts.columnStep, reach, opts.samples);
      hulls.set(key, h);
    }
    if (!h.length) continue;
    segments[v] = h;
    hullB[v] = h[0][0];
    hullF[v] = h[h.length - 1][1];
  }
  const { y0, step } = rowStep(p, n);
  const inflRow = rowExtents(ys, inflF, inflB, y0, step, Math.round(opts.rowSpread / step));
  const hullRow = rowExtents(ys, hullF, hullB, y0, step);

  // Flat-faced heights take the hull itself (smoothed over a few rows so faces meet without a step).
  const FACET_ROWS = 200;
  const facetRaw = facetedRows(front, shaping, FACET_ROWS, opts.facets);
  const facet = new Float32Array(FACET_ROWS);
  for (let r = 0; r < FACET_ROWS; r++) {
    let m = 1;
    for (let k = Math.max(0, r - 2); k <= Math.min(FACET_ROWS - 1, r + 2); k++) m = Math.min(m, facetRaw[k]);
    facet[r] = m;
  }
  const facetAt = (y: number) =>
    facet[Math.min(FACET_ROWS - 1, Math.max(0, Math.floor((0.5 - y) * FACET_ROWS)))];
  let faceted = 0;

  let carved = 0;
  for (let v = 0; v < n; v++) {
    const y = ys[v];
    const range = inflRow(y);
    const hull = hullRow(y);
    let zf = inflF[v];
    let zb = inflB[v];
    const flat = zf === zb;
    if (range && hull && hull[0] > hull[1]) {
      const midR = (range[0] + range[1]) / 2;
      const halfR = (range[0] - range[1]) / 2;
      if (halfR > 1e-9) {
        const midH = (hull[0] + hull[1]) / 2;
        const stretch = Math.min(opts.maxStretch, (hull[0] - hull[1]) / 2 / halfR);
        zf = midH + (zf - midR) * stretch;
        zb = midH + (zb - midR) * stretch;
      }
    }
    if (opts.carve && !flat && segments[v]) {
      // The column's own stretch of hull: the one the fitted column overlaps most.
      const [sb, sf] = pick(segments[v], zb, zf);
      const f = Math.min(zf, sf);
      const b = Math.max(zb, sb);
      if (f !== zf || b !== zb) carved++;
      if (f - b >= Math.max(opts.minThickness, 0.25 * (zf - zb))) {
        zf = f;
        zb = b;
      } else if (sf - sb > opts.minThickness) {
        // The fit put this column (a thin part: a tail, a leg) where the hull has little of it; the hull's
        // own interval is where the views see it. Never a sliver, which sticks out as a spike.
        zf = sf;
        zb = sb;
      }
      if (facetAt(y) > 0 && sf - sb > opts.minThickness) {
        zf = sf;
        zb = sb;
        faceted++;
      }
    }
    p[v * 3 + 2] = zf;
    p[(v + n) * 3 + 2] = zb;
  }
  return { used: shaping.map((s) => s.name), carved: carved / n, faceted: faceted / n };
}
