/**
 * Scoring as in the TripoSR / SF3D evaluations, with the alignment the issue asks for: both point sets
 * are in the same camera frame, so they are only translated and uniformly scaled (each to a box of unit
 * diagonal centred at the origin); no rotation search. Chamfer distance is the mean of both directions'
 * mean nearest-neighbour distance (not squared); F-score at τ = 0.05.
 */

export type Points = Float32Array; // xyz triples

/** Deterministic PRNG so runs are comparable. */
export function rng(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (s + 0x6d2b79f5) >>> 0;
    let t = s;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/**
 * Area-weighted uniform samples on a triangle mesh; `keep` may reject points (e.g. inside other parts).
 * With `normals`, each kept sample's unit face normal is pushed there (for the normal consistency).
 */
export function sampleSurface(
  positions: ArrayLike<number>,
  indices: ArrayLike<number>,
  count: number,
  random: () => number,
  keep?: (x: number, y: number, z: number) => boolean,
  normals?: number[],
): Points {
  const nt = indices.length / 3;
  const cdf = new Float64Array(nt);
  let total = 0;
  for (let t = 0; t < nt; t++) {
    const a = indices[t * 3] * 3,
      b = indices[t * 3 + 1] * 3,
      c = indices[t * 3 + 2] * 3;
    const ux = positions[b] - positions[a],
      uy = positions[b + 1] - positions[a + 1],
      uz = positions[b + 2] - positions[a + 2];
    const vx = positions[c] - positions[a],
      vy = positions[c + 1] - positions[a + 1],
      vz = positions[c + 2] - positions[a + 2];
    total += Math.hypot(uy * vz - uz * vy, uz * vx - ux * vz, ux * vy - uy * vx) / 2;
    cdf[t] = total;
  }
  const out: number[] = [];
  let attempts = 0;
  while (out.length < count * 3 && attempts < count * 50) {
    attempts++;
    const r = random() * total;
    let lo = 0;
    let hi = nt - 1;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (cdf[mid] < r) lo = mid + 1;
      else hi = mid;
    }
    let s = random();
    let u = random();
    if (s + u > 1) {
      s = 1 - s;
      u = 1 - u;
    }
    const a = indices[lo * 3] * 3,
      b = indices[lo * 3 + 1] * 3,
      c = indices[lo * 3 + 2] * 3;
    const x = positions[a] + s * (positions[b] - positions[a]) + u * (positions[c] - positions[a]);
    const y =
      positions[a + 1] +
      s * (positions[b + 1] - positions[a + 1]) +
      u * (positions[c + 1] - positions[a + 1]);
    const z =
      positions[a + 2] +
      s * (positions[b + 2] - positions[a + 2]) +
      u * (positions[c + 2] - positions[a + 2]);
    if (keep && !keep(x, y, z)) continue;
    out.push(x, y, z);
    if (normals) {
      const ux = positions[b] - positions[a];
      const uy = positions[b + 1] - positions[a + 1];
      const uz = positions[b + 2] - positions[a + 2];
      const vx = positions[c] - positions[a];
      const vy = positions[c + 1] - positions[a + 1];
      const vz = positions[c + 2] - positions[a + 2];
      const nx = uy * vz - uz * vy;
      const ny = uz * vx - ux * vz;
      const nz = ux * vy - uy * vx;
      const len = Math.hypot(nx, ny, nz) || 1;
      normals.push(nx / len, ny / len, nz / len);
    }
  }
  return Float32Array.from(out);
}

/** Centre the bounding box at the origin and scale its diagonal to 1 (in place). */
export function normaliseUnitDiagonal(p: Points): Points {
  const min = [Infinity, Infinity, Infinity];
  const max = [-Infinity, -Infinity, -Infinity];
  for (let i = 0; i < p.length; i++) {
    min[i % 3] = Math.min(min[i % 3], p[i]);
    max[i % 3] = Math.max(max[i % 3], p[i]);
  }
  const diag = Math.hypot(max[0] - min[0], max[1] - min[1], max[2] - min[2]) || 1;
  for (let i = 0; i < p.length; i++) p[i] = (p[i] - (min[i % 3] + max[i % 3]) / 2) / diag;
  return p;
}

/** Uniform-grid nearest neighbour index over points in [-1, 1]³. */
class Grid {
  private readonly cell: number;
  private readonly n: number;
  private readonly start: Int32Array;
  private readonly items: Int32Array;
  constructor(
    private readonly p: Points,
    cell = 0.02,
  ) {
    this.cell = cell;
    this.n = Math.ceil(2 / cell);
    const count = this.n ** 3;
    const counts = new Int32Array(count + 1);
    const m = p.length / 3;
    const key = new Int32Array(m);
    for (let i = 0; i < m; i++) {
      key[i] = this.key(p[i * 3], p[i * 3 + 1], p[i * 3 + 2]);
      counts[key[i] + 1]++;
    }
    for (let k = 0; k < count; k++) counts[k + 1] += counts[k];
    this.start = counts.slice();
    const fill = counts.slice();
    this.items = new Int32Array(m);
    for (let i = 0; i < m; i++) this.items[fill[key[i]]++] = i;
  }
  private coord(v: number) {
    return Math.max(0, Math.min(this.n - 1, Math.floor((v + 1) / this.cell)));
  }
  private key(x: number, y: number, z: number) {
    return (this.coord(x) * this.n + this.coord(y)) * this.n + this.coord(z);
  }
  nearest(x: number, y: number, z: number): number {
    return this.closest(x, y, z).distance;
  }
  closest(x: number, y: number, z: number): { distance: number; index: number } {
    const cx = this.coord(x),
      cy = this.coord(y),
      cz = this.coord(z);
    let best = Infinity;
    let index = -1;
    for (let r = 0; r < this.n; r++) {
      // Every point outside shell r−1 is at least (r − 1)·cell away.
      if (best < (r - 1) * this.cell) break;
      for (let i = cx - r; i <= cx + r; i++) {
        if (i < 0 || i >= this.n) continue;
        for (let j = cy - r; j <= cy + r; j++) {
          if (j < 0 || j >= this.n) continue;
          for (let k = cz - r; k <= cz + r; k++) {
            if (k < 0 || k >= this.n) continue;
            if (Math.max(Math.abs(i - cx), Math.abs(j - cy), Math.abs(k - cz)) !== r) continue;
            const key = (i * this.n + j) * this.n + k;
            for (let s = this.start[key]; s < this.start[key + 1]; s++) {
              const q = this.items[s] * 3;
              const d = (this.p[q] - x) ** 2 + (this.p[q + 1] - y) ** 2 + (this.p[q + 2] - z) ** 2;
              if (d < best * best) {
                best = Math.sqrt(d);
                index = this.items[s];
              }
            }
          }
        }
      }
    }
    return { distance: best, index };
  }
}

export interface Score {
  chamfer: number;
  fscore: number;
  precision: number;
  recall: number;
}

export function score(pred: Points, truth: Points, tau = 0.05): Score {
  const gp = new Grid(pred);
  const gt = new Grid(truth);
  let sumP = 0;
  let hitP = 0;
  for (let i = 0; i < pred.length; i += 3) {
    const d = gt.nearest(pred[i], pred[i + 1], pred[i + 2]);
    sumP += d;
    if (d < tau) hitP++;
  }
  let sumT = 0;
  let hitT = 0;
  for (let i = 0; i < truth.length; i += 3) {
    const d = gp.nearest(truth[i], truth[i + 1], truth[i + 2]);
    sumT += d;
    if (d < tau) hitT++;
  }
  const np = pred.length / 3;
  const nt = truth.length / 3;
  const precision = hitP / np;
  const recall = hitT / nt;
  return {
    chamfer: (sumP / np + sumT / nt) / 2,
    fscore: precision + recall > 0 ? (2 * precision * recall) / (precision + recall) : 0,
    precision,
    recall,
  };
}

/**
 * Normal consistency as in the Occupancy Networks evaluation: the mean |cos| between each sample's normal
 * and its nearest neighbour's on the other surface, both directions averaged (1: every facet faces as the
 * truth's does). Chamfer forgives a crumpled or flapped surface lying close to the truth; this does not.
 */
export function normalConsistency(pred: Points, predN: Points, truth: Points, truthN: Points): number {
  const one = (a: Points, an: Points, b: Points, bn: Points) => {
    const g = new Grid(b);
    let sum = 0;
    for (let i = 0; i < a.length; i += 3) {
      const j = g.closest(a[i], a[i + 1], a[i + 2]).index * 3;
      sum += Math.abs(an[i] * bn[j] + an[i + 1] * bn[j + 1] + an[i + 2] * bn[j + 2]);
    }
    return sum / (a.length / 3);
  };
  return (one(pred, predN, truth, truthN) + one(truth, truthN, pred, predN)) / 2;
}
