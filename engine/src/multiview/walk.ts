/**
 * The walk as it was, not as it was asked for: each extra view's azimuth, its own elevation, its scale and
 * its image offset, found by making the silhouettes consistent. A phone walked around an object is off
 * its quarter turn by up to ±15°, held higher or lower (±10°), nearer or farther (×0.8–1.25); with the
 * nominal walk the hull then cuts off what the views disagree on, and a leg or a handle goes.
 *
 * Consistency: every silhouette pixel's ray (of every view, the front's included) must meet a point that
 * all the other views see, since every silhouette is the projection of one solid. The share of pixels
 * whose ray does is raised by coordinate descent over each view's five numbers, from coarse steps to fine.
 * The front defines the frame and stays as registered; its elevation (elevation.ts) stays the walk's
 * reference. Where the silhouettes cannot tell (a vase looks the same from every side, so its turn cannot
 * be read), no step gains and the nominal walk stays; a view whose best pose gains less than `minGain`
 * over the nominal one keeps the nominal pose altogether.
 */
import { distanceToBoundary } from '../geometry/distance.ts';
import { depthReach } from './fuse.ts';
import { silhouetteBox } from './register.ts';
import { type RegisteredView, TURN, towardOf, viewRotation } from './views.ts';

export interface WalkOptions {
  /** Largest departure from the nominal quarter turns, degrees. */
  maxTurn: number;
  /** Largest departure of a view's elevation from the front's, degrees. */
  maxElevation: number;
  /** Largest scale factor either way (a view 1.3× nearer or farther). */
  maxScale: number;
  /** Largest image offset, as a share of the silhouette's height. */
  maxShift: number;
  /** Silhouette pixels tested per view. */
  rayPixels: number;
  /** Depth samples along each ray. */
  raySamples: number;
  /** Coarsest steps (degrees, degrees, scale share, share of the silhouette's height). */
  steps: [number, number, number, number];
  /** Step sizes tried, each half the one before. */
  levels: number;
  /** Most sweeps over the views at one step size. */
  sweeps: number;
  /** Largest miss one ray counts for (model units; the model is 1 tall). */
  cap: number;
  /**
   * Weight of the nominal walk: the misfit is raised by prior·Σ (departure / its limit)² over a view's
   * five numbers, so where the silhouettes cannot tell (at a low elevation four silhouettes fit nearly
   * any turn) the nominal walk wins the tie.
   */
  prior: number;
  /** Smallest relative drop of the misfit for a step to be taken. */
  epsilon: number;
  /** Smallest drop of the misfit (model units) a view's found pose must bring over its nominal one. */
  minGain: number;
}

const WALK_DEFAULTS: WalkOptions = {
  maxTurn: 20,
  maxElevation: 15,
  maxScale: 1.35,
  maxShift: 0.1,
  rayPixels: 400,
  raySamples: 40,
  steps: [8, 6, 0.08, 0.04],
  levels: 5,
  sweeps: 2,
  cap: 0.05,
  prior: 2e-4,
  epsilon: 1e-3,
  minGain: 2e-4,
};

/** One extra view's camera relative to the nominal walk. */
interface Pose {
  /** Turn around the vertical, degrees (90 for a right view walked exactly). */
  turn: number;
  /** The view's own elevation, degrees. */
  elevation: number;
  /** Its model units per pixel over the registered one (above 1: the camera was farther). */
  scale: number;
  /** Image offset of the model's origin from the registered one, pixels. */
  shift: [number, number];
}

export interface FoundCamera extends Pose {
  name: RegisteredView['name'];
  /** False when the silhouettes could not tell and the nominal walk was kept. */
  found: boolean;
  /** Mean miss of this view's silhouette rays against the others' (model units; the model is 1 tall). */
  miss: number;
}

export interface WalkResult {
  cameras: FoundCamera[];
  /** Mean miss of the silhouette rays (model units) with the nominal walk and with the found one. */
  misfit: { nominal: number; found: number };
  /** The found walk's misfit with each camera left out (the others' rays against the others only). */
  without: number[];
}

interface Cam {
  r: Float64Array;
  upp: number;
  cx: number;
  cy: number;
  sdf: Sdf;
}

/** Signed distance to a silhouette's outline (pixels; positive inside) on a grid of `cell`-pixel cells. */
interface Sdf {
  values: Float32Array;
  w: number;
  h: number;
  cell: number;
}

interface Base {
  view: RegisteredView;
  upp: number;
  centre: [number, number];
  /** Silhouette height in pixels. */
  size: number;
}

/** Cells of the distance grid along a photo's longer side: enough for a pixel-sharp rim at 512². */
const SDF_CELLS = 512;

function signedDistance(mask: Float32Array, width: number, height: number): Sdf {
  const cell = Math.max(1, Math.ceil(Math.max(width, height) / SDF_CELLS));
  const w = Math.ceil(width / cell);
  const h = Math.ceil(height / cell);
  const inside = new Uint8Array(w * h);
  const outside = new Uint8Array(w * h);
  for (let y = 0; y < h; y++)
    for (let x = 0; x < w; x++) {
      const px = Math.min(width - 1, Math.floor((x + 0.5) * cell));
      const py = Math.min(height - 1, Math.floor((y + 0.5) * cell));
      const on = mask[py * width + px] >= 0.5 ? 1 : 0;
      inside[y * w + x] = on;
      outside[y * w + x] = 1 - on;
    }
  const din = distanceToBoundary(inside, w, h);
  const dout = distanceToBoundary(outside, w, h);
  const values = new Float32Array(w * h);
  for (let i = 0; i < values.length; i++) values[i] = (inside[i] ? din[i] : -dout[i]) * cell;
  return { values, w, h, cell };
}

function camOf(v: RegisteredView, sdf: Sdf): Cam {
  return { r: v.rotation, upp: v.unitsPerPixel, cx: v.centrePx[0], cy: v.centrePx[1], sdf };
}

/** Rx(ev)·Ry(−t)·Rx(−e): the world turned by t, seen from the view's own elevation ev. */
function rotation(turn: number, elevation: number, front: number): Float64Array {
  if (elevation === front) return viewRotation(turn, front);
  // viewRotation(t, e) = Rx(e)·Ry(−t)·Rx(−e); premultiplying by Rx(ev − e) gives the view's own height.
  const base = viewRotation(turn, front);
  const d = ((elevation - front) * Math.PI) / 180;
  const c = Math.cos(d);
  const s = Math.sin(d);
  const out = new Float64Array(9);
  for (let j = 0; j < 3; j++) {
    out[j] = base[j];
    out[3 + j] = c * base[3 + j] - s * base[6 + j];
    out[6 + j] = s * base[3 + j] + c * base[6 + j];
  }
  return out;
}

/** Puts a pose on a view: its rotation, toward, scale and centre. */
function apply(b: Base, pose: Pose, front: number): void {
  b.view.rotation = rotation(pose.turn, pose.elevation, front);
  b.view.toward = towardOf(b.view.rotation);
  b.view.unitsPerPixel = b.upp * pose.scale;
  b.view.centrePx = [b.centre[0] + pose.shift[0], b.centre[1] + pose.shift[1]];
}

/**
 * How far inside every other view's silhouette a model point lies (model units; negative: outside the
 * worst one by that much). Off the photo counts as outside by the distance to its border plus `far`.
 */
function depthInside(cams: Cam[], skip: number, x: number, y: number, z: number, far: number): number {
  let worst = Infinity;
  for (let k = 0; k < cams.length; k++) {
    if (k === skip) continue;
    const c = cams[k];
    const r = c.r;
    const s = c.sdf;
    const gx = Math.floor((c.cx + (r[0] * x + r[1] * y + r[2] * z) / c.upp) / s.cell);
    const gy = Math.floor((c.cy - (r[3] * x + r[4] * y + r[5] * z) / c.upp) / s.cell);
    let d: number;
    if (gx < 0 || gy < 0 || gx >= s.w || gy >= s.h) {
      const ox = gx < 0 ? -gx : gx >= s.w ? gx - s.w + 1 : 0;
      const oy = gy < 0 ? -gy : gy >= s.h ? gy - s.h + 1 : 0;
      d = -far - Math.hypot(ox, oy) * s.cell * c.upp;
    } else d = s.values[gy * s.w + gx] * c.upp;
    if (d < worst) worst = d;
    if (worst < -far) return worst;
  }
  return worst;
}

/** Silhouette pixels of a view on a regular grid (about `count`), as image positions. */
function samplePixels(mask: Float32Array, width: number, height: number, count: number): Float64Array {
  const box = silhouetteBox(mask, width, height);
  if (!box) return new Float64Array(0);
  const step = Math.max(1, Math.sqrt(((box.x1 - box.x0) * (box.y1 - box.y0)) / count));
  const out: number[] = [];
  for (let py = box.y0 + step / 2; py < box.y1; py += step)
    for (let px = box.x0 + step / 2; px < box.x1; px += step)
      if (mask[Math.floor(py) * width + Math.floor(px)] >= 0.5) out.push(px, py);
  return Float64Array.from(out);
}

/**
 * Inconsistency of the silhouettes (lower is better): over every sampled silhouette pixel of every view,
 * how far its ray misses the volume all the other views see (model units, capped at `cap` so a part one
 * view lacks does not outweigh the rest), averaged. 0 when every ray meets that volume.
 */
function inconsistency(
  cams: Cam[],
  pixels: Float64Array[],
  reach: number,
  samples: number,
  cap: number,
  only?: number,
  bound = Infinity,
): number {
  // Pixels counted in all: a candidate whose misses already add up past `bound` (a mean) is rejected
  // there, which most candidates are; the misses only add up, so the answer is the same.
  let all = 0;
  for (let k = 0; k < cams.length; k++) if (only === undefined || k === only) all += pixels[k].length / 2;
  const limit = bound * all;
  let sum = 0;
  let total = 0;
  for (let k = 0; k < cams.length; k++) {
    if (only !== undefined && k !== only) continue;
    const c = cams[k];
    const r = c.r;
    const px = pixels[k];
    for (let p = 0; p < px.length; p += 2) {
      total++;
      const u = (px[p] - c.cx) * c.upp;
      const w = (c.cy - px[p + 1]) * c.upp;
      let best = -Infinity;
      // From the middle outward: most rays meet the object near the model's centre and stop early.
      for (let s = 0; s < samples; s++) {
        const q = s % 2 ? -(s + 1) / 2 : s / 2;
        const d = ((q + 0.5) * 2 * reach) / samples;
        const x = r[0] * u + r[3] * w + r[6] * d;
        const y = r[1] * u + r[4] * w + r[7] * d;
        const z = r[2] * u + r[5] * w + r[8] * d;
        const v = depthInside(cams, k, x, y, z, cap);
        if (v > best) best = v;
        if (best >= 0) break;
      }
      if (best < 0) {
        sum += Math.min(cap, -best);
        if (sum > limit) return Infinity;
      }
    }
  }
  return total ? sum / total : 0;
}

/**
 * Finds each shaping view's pose (see the file comment), sets it on the views (rotation, toward, scale,
 * centre) and says what was found. `front` is the front camera as a view (identity rotation).
 */
export function findWalk(
  front: RegisteredView,
  views: RegisteredView[],
  elevationDeg: number,
  options: Partial<WalkOptions> = {},
): WalkResult {
  const opts = { ...WALK_DEFAULTS, ...options };
  const shaping = views.filter((v) => v.shapes);
  const bases: Base[] = shaping.map((v) => {
    const box = silhouetteBox(v.mask, v.image.width, v.image.height);
    return {
      view: v,
      upp: v.unitsPerPixel,
      centre: [v.centrePx[0], v.centrePx[1]],
      size: box ? box.y1 - box.y0 : v.image.height,
    };
  });
  const nominal = (b: Base): Pose => ({
    turn: TURN[b.view.name],
    elevation: elevationDeg,
    scale: 1,
    shift: [0, 0],
  });
  const poses = bases.map(nominal);
  for (const [i, b] of bases.entries()) apply(b, poses[i], elevationDeg);
  if (!shaping.length) return { cameras: [], misfit: { nominal: 0, found: 0 }, without: [] };

  const all = [front, ...shaping];
  const pixels = all.map((v) => samplePixels(v.mask, v.image.width, v.image.height, opts.rayPixels));
  const reach = depthReach(shaping);
  const sdfs = all.map((v) => signedDistance(v.mask, v.image.width, v.image.height));
  const departure = () => {
    let sum = 0;
    bases.forEach((b, i) => {
      const p = poses[i];
      const lim = opts.maxShift * b.size;
      sum +=
        ((p.turn - TURN[b.view.name]) / opts.maxTurn) ** 2 +
        ((p.elevation - elevationDeg) / opts.maxElevation) ** 2 +
        (Math.log(p.scale) / Math.log(opts.maxScale)) ** 2 +
        (p.shift[0] / lim) ** 2 +
        (p.shift[1] / lim) ** 2;
    });
    return opts.prior * sum;
  };
  const misfit = (only?: number, skip?: number, bound?: number) => {
    const keep = all.map((_, i) => i).filter((i) => i !== skip);
    return inconsistency(
      keep.map((i) => camOf(all[i], sdfs[i])),
      keep.map((i) => pixels[i]),
      reach,
      opts.raySamples,
      opts.cap,
      only === undefined ? undefined : keep.indexOf(only),
      bound,
    );
  };
  /** The misfit plus the pull to the nominal walk; Infinity once it cannot beat `below`. */
  const score = (below = Infinity) => {
    const d = departure();
    return misfit(undefined, undefined, below - d) + d;
  };
  const start = misfit();
  let best = start;

  const clamp = (i: number, p: Pose): Pose => {
    const n = nominal(bases[i]);
    const lim = opts.maxShift * bases[i].size;
    return {
      turn: Math.max(n.turn - opts.maxTurn, Math.min(n.turn + opts.maxTurn, p.turn)),
      elevation: Math.max(
        n.elevation - opts.maxElevation,
        Math.min(n.elevation + opts.maxElevation, p.elevation),
      ),
      scale: Math.max(1 / opts.maxScale, Math.min(opts.maxScale, p.scale)),
      shift: [Math.max(-lim, Math.min(lim, p.shift[0])), Math.max(-lim, Math.min(lim, p.shift[1]))],
    };
  };
  const moves = (p: Pose, level: number, size: number): Pose[] => {
    const f = 2 ** -level;
    const [dt, de, ds, dp] = opts.steps.map((s) => s * f);
    const px = dp * size;
    return [
      { ...p, turn: p.turn + dt },
      { ...p, turn: p.turn - dt },
      { ...p, elevation: p.elevation + de },
      { ...p, elevation: p.elevation - de },
      { ...p, scale: p.scale * (1 + ds) },
      { ...p, scale: p.scale / (1 + ds) },
      { ...p, shift: [p.shift[0] + px, p.shift[1]] },
      { ...p, shift: [p.shift[0] - px, p.shift[1]] },
      { ...p, shift: [p.shift[0], p.shift[1] + px] },
      { ...p, shift: [p.shift[0], p.shift[1] - px] },
    ];
  };
  for (let level = 0; level < opts.levels; level++) {
    for (let sweep = 0; sweep < opts.sweeps; sweep++) {
      let moved = false;
      for (let i = 0; i < bases.length; i++) {
        const before = poses[i];
        let bestPose = before;
        for (const m of moves(before, level, bases[i].size)) {
          poses[i] = clamp(i, m);
          apply(bases[i], poses[i], elevationDeg);
          const s = score(best * (1 - opts.epsilon));
          if (s < best * (1 - opts.epsilon)) {
            best = s;
            bestPose = poses[i];
          }
        }
        if (bestPose !== before) moved = true;
        poses[i] = bestPose;
        apply(bases[i], poses[i], elevationDeg);
      }
      if (!moved) break;
    }
  }

  // A view whose found pose explains its silhouette no better than the nominal one keeps the nominal
  // one: the silhouettes could not tell, and the walk as asked for is then the better guess.
  const fitted = misfit();
  const found = bases.map((b, i) => {
    apply(b, nominal(b), elevationDeg);
    const without = misfit();
    apply(b, poses[i], elevationDeg);
    return without - fitted >= opts.minGain;
  });
  bases.forEach((b, i) => {
    if (!found[i]) poses[i] = nominal(b);
    apply(b, poses[i], elevationDeg);
  });
  const final = misfit();
  const round = (x: number, d: number) => Math.round(x * 10 ** d) / 10 ** d;
  return {
    cameras: bases.map((b, i) => ({
      name: b.view.name,
      turn: round(poses[i].turn, 1),
      elevation: round(poses[i].elevation, 1),
      scale: round(poses[i].scale, 3),
      shift: [round(poses[i].shift[0], 1), round(poses[i].shift[1], 1)],
      found: found[i],
      miss: round(misfit(i + 1), 5),
    })),
    misfit: { nominal: round(start, 5), found: round(final, 5) },
    without: bases.map((_, i) => round(misfit(undefined, i + 1), 5)),
  };
}
