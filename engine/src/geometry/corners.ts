/**
 * Silhouette corners as a cue for flat-faced parts, and the per-cell "edged" weight it gives.
 *
 * Notes: the outline of a smooth body is tangent-continuous (a sphere, a cylinder seen from above, a
 * capsule: the side lines meet the end ellipses tangentially), while a body with flat faces and sharp
 * edges (a box, a plank, a fin) shows sharp convex corners where its edges meet. And where the outline
 * is an edge rather than a grazing smooth surface, the surface leaves it at a finite slope: the cross-
 * section is a wedge/mesa, not a circle. So the cells inside a polygon of sharp convex corners joined by
 * straight edges get weight → 1, which inflate.ts turns into a flatter-topped, wedge-edged profile. (A
 * first version counted corners within twice a cell's local thickness: cells near a corner are covered by
 * small discs only, so the crate's sides saw too few corners — mean weight 0.57, Chamfer 0.0440.) Concave corners (an arm meeting a body, a handle) are junctions, not edges, and are ignored.
 *
 * Corner test: the share of a small disc (radius ½·local thickness, clamped to [2, 6] cells) centred on a
 * boundary cell that lies inside the mask — ½ on a straight edge, θ/2π at a corner of interior angle θ,
 * ≈0.42 at a round end whose radius is twice the disc's. The scale tracks the part, so a thin round leg
 * end is not mistaken for a corner. Local minima below `cornerShare` count, one per `2·radius`, if the
 * share stays as low at three times the radius (straight sides, not a pointed tip with curved sides such
 * as an ear) and if a straight stretch of outline joins the corner to another one (a polygon, not the
 * points of a scalloped outline such as a tree crown's leaves: without this test the crown turned into
 * a lens with a ridge).
 */

export interface CornerOptions {
  /** Share of the probe disc inside the mask below which a boundary cell is a corner. */
  cornerShare: number;
  /** Cells this far outside a polygon's hull (share of its size) still belong to it. */
  hullSlack: number;
  /** Corners of one polygon for full weight. */
  cornersForFull: number;
  /** Largest rise of that share from the probe radius to `scaleRatio` times it (straight sides). */
  scaleTolerance: number;
  /** Shortest straight edge (cells) between two corners, and the share of it that must follow the outline. */
  minEdge: number;
  straightShare: number;
  /** The larger probe, as a multiple of the first. */
  scaleRatio: number;
}

const CORNER_DEFAULTS: CornerOptions = {
  cornerShare: 0.43,
  cornersForFull: 4,
  hullSlack: 0.15,
  scaleTolerance: 0.02,
  scaleRatio: 3,
  minEdge: 8,
  straightShare: 0.9,
};

export interface Corner {
  x: number;
  y: number;
  share: number;
  /** Corners joined by straight edges share a group: one polygon. */
  group?: number;
}

function shareInside(isIn: (x: number, y: number) => boolean, x: number, y: number, probe: number): number {
  const r = Math.ceil(probe);
  let total = 0;
  let hit = 0;
  for (let dy = -r; dy <= r; dy++) {
    for (let dx = -r; dx <= r; dx++) {
      if (dx * dx + dy * dy > probe * probe) continue;
      total++;
      if (isIn(x + dx, y + dy)) hit++;
    }
  }
  return hit / total;
}

/** Sharp convex corners of the mask's outline (cell coordinates of the corner cells). */
export function convexCorners(
  inside: Uint8Array,
  thickness: Float32Array,
  w: number,
  h: number,
  options: Partial<CornerOptions> = {},
): Corner[] {
  const opts = { ...CORNER_DEFAULTS, ...options };
  const isIn = (x: number, y: number) => x >= 0 && y >= 0 && x < w && y < h && inside[y * w + x] !== 0;
  const candidates: (Corner & { probe: number })[] = [];
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      if (!inside[y * w + x]) continue;
      if (isIn(x - 1, y) && isIn(x + 1, y) && isIn(x, y - 1) && isIn(x, y + 1)) continue;
      const probe = Math.min(6, Math.max(2, 0.5 * thickness[y * w + x]));
      const share = shareInside(isIn, x, y, probe);
      if (share >= opts.cornerShare) continue;
      // A corner between straight edges looks the same at twice the scale; a pointed tip with curved
      // sides (an ear, a leaf) or a small round end does not.
      if (shareInside(isIn, x, y, opts.scaleRatio * probe) - share > opts.scaleTolerance) continue;
      candidates.push({ x, y, share, probe });
    }
  }
  // Non-minimum suppression: the sharpest candidate wins its neighbourhood.
  candidates.sort((a, b) => a.share - b.share);
  const found: Corner[] = [];
  for (const c of candidates) {
    const sep = 2 * c.probe;
    if (found.some((k) => (k.x - c.x) ** 2 + (k.y - c.y) ** 2 < sep * sep)) continue;
    found.push({ x: c.x, y: c.y, share: c.share });
  }
  // A polygon's corners are joined by straight stretches of outline; the points of a bumpy outline
  // (foliage, fur, a crown's scalloped underside) are not. Keep corners with a straight edge to another.
  const nearOutline = (px: number, py: number) => {
    const x = Math.floor(px);
    const y = Math.floor(py);
    let ins = false;
    let out = false;
    for (let dy = -1; dy <= 1; dy++) {
      for (let dx = -1; dx <= 1; dx++) {
        if (isIn(x + dx, y + dy)) ins = true;
        else out = true;
      }
    }
    return ins && out;
  };
  const straight = (a: Corner, b: Corner) => {
    const len = Math.hypot(b.x - a.x, b.y - a.y);
    if (len < opts.minEdge) return false;
    const steps = Math.ceil(len);
    let on = 0;
    for (let s = 0; s <= steps; s++) {
      const t = s / steps;
      if (nearOutline(a.x + 0.5 + (b.x - a.x) * t, a.y + 0.5 + (b.y - a.y) * t)) on++;
    }
    return on >= opts.straightShare * (steps + 1);
  };
  // Corners joined by straight edges form one polygon (union-find); lone corners are dropped.
  const group = found.map((_, i) => i);
  const root = (i: number): number => {
    let r = i;
    while (group[r] !== r) r = group[r];
    return r;
  };
  const joined = new Uint8Array(found.length);
  for (let a = 0; a < found.length; a++) {
    for (let b = a + 1; b < found.length; b++) {
      if (!straight(found[a], found[b])) continue;
      joined[a] = joined[b] = 1;
      group[root(a)] = root(b);
    }
  }
  const out: Corner[] = [];
  for (let i = 0; i < found.length; i++) if (joined[i]) out.push({ ...found[i], group: root(i) });
  return out;
}

/** Convex hull (counter-clockwise in x right / y down coordinates: monotone chain). */
function hull(points: [number, number][]): [number, number][] {
  const p = [...points].sort((a, b) => a[0] - b[0] || a[1] - b[1]);
  const cross = (o: [number, number], a: [number, number], b: [number, number]) =>
    (a[0] - o[0]) * (b[1] - o[1]) - (a[1] - o[1]) * (b[0] - o[0]);
  const lower: [number, number][] = [];
  for (const q of p) {
    while (lower.length >= 2 && cross(lower[lower.length - 2], lower[lower.length - 1], q) <= 0) lower.pop();
    lower.push(q);
  }
  const upper: [number, number][] = [];
  for (let i = p.length - 1; i >= 0; i--) {
    const q = p[i];
    while (upper.length >= 2 && cross(upper[upper.length - 2], upper[upper.length - 1], q) <= 0) upper.pop();
    upper.push(q);
  }
  return lower.slice(0, -1).concat(upper.slice(0, -1));
}

/**
 * Per-cell weight in [0, 1]: how strongly the cell's part looks flat-faced (see the notes above). Each
 * polygon of corners weighs (corners − 2) / (cornersForFull − 2) — two corners are one straight edge (a
 * flat base, a cut), not yet a flat-faced part — over the cells inside the hull of its corners.
 */
export function edgedWeight(
  inside: Uint8Array,
  thickness: Float32Array,
  w: number,
  h: number,
  options: Partial<CornerOptions> = {},
): Float32Array {
  const opts = { ...CORNER_DEFAULTS, ...options };
  const corners = convexCorners(inside, thickness, w, h, opts);
  const out = new Float32Array(w * h);
  const groups = new Map<number, [number, number][]>();
  for (const c of corners) {
    const list = groups.get(c.group ?? 0) ?? [];
    list.push([c.x + 0.5, c.y + 0.5]);
    groups.set(c.group ?? 0, list);
  }
  for (const pts of groups.values()) {
    const weight = Math.min(1, Math.max(0, (pts.length - 2) / (opts.cornersForFull - 2)));
    if (weight === 0) continue;
    const poly = hull(pts);
    if (poly.length < 3) continue;
    let x0 = w;
    let x1 = 0;
    let y0 = h;
    let y1 = 0;
    for (const [x, y] of poly) {
      x0 = Math.min(x0, Math.floor(x));
      x1 = Math.max(x1, Math.ceil(x));
      y0 = Math.min(y0, Math.floor(y));
      y1 = Math.max(y1, Math.ceil(y));
    }
    const slack = Math.max(0.5, opts.hullSlack * Math.max(x1 - x0, y1 - y0));
    x0 -= Math.ceil(slack);
    y0 -= Math.ceil(slack);
    x1 += Math.ceil(slack);
    y1 += Math.ceil(slack);
    for (let y = Math.max(0, y0); y < Math.min(h, y1 + 1); y++) {
      for (let x = Math.max(0, x0); x < Math.min(w, x1 + 1); x++) {
        const i = y * w + x;
        if (!inside[i]) continue;
        let inHull = true;
        for (let k = 0; k < poly.length && inHull; k++) {
          const [ax, ay] = poly[k];
          const [bx, by] = poly[(k + 1) % poly.length];
          // Slack beyond the hull: a blunt corner (≥ 145°) is not found, and the part goes on past it.
          const c = (bx - ax) * (y + 0.5 - ay) - (by - ay) * (x + 0.5 - ax);
          if (c < -slack * Math.hypot(bx - ax, by - ay)) inHull = false;
        }
        if (inHull && weight > out[i]) out[i] = weight;
      }
    }
  }
  return out;
}
