/**
 * How far the silhouettes are from being the projections of one solid (walk.ts searches the cameras that
 * bring this down): every sampled silhouette pixel's ray must meet a point inside every other view's
 * silhouette. Distances are read from each view's signed distance to its outline, so a near miss counts
 * less than a far one and the search has a slope to follow. Cameras are pinholes (camera.ts).
 */
import { distanceToBoundary } from '../geometry/distance.ts';
import { silhouetteBox } from './register.ts';

/**
 * Signed distance to a silhouette's outline (pixels; positive inside) on a grid of `cell`-pixel cells.
 * Inside, only the sign is kept (every inside cell holds `cell`): a ray counts by how far it misses, and
 * once a point is inside every view the ray stops, so no distance inside is ever read.
 */
export interface Sdf {
  values: Float32Array;
  w: number;
  h: number;
  cell: number;
}

/** A view as the misfit sees it: rotation, scale, centre, inverse distance and its outline's distances. */
export interface Cam {
  r: Float64Array;
  upp: number;
  cx: number;
  cy: number;
  inv: number;
  sdf: Sdf;
}

/** Cells of the distance grid along a photo's longer side: enough for a pixel-sharp rim at 512². */
const SDF_CELLS = 512;

/** Each mask's distances, computed once: the elevation search and the walk read the same silhouettes. */
const sdfCache = new WeakMap<Float32Array, Sdf>();

export function signedDistance(mask: Float32Array, width: number, height: number): Sdf {
  const cached = sdfCache.get(mask);
  if (cached) return cached;
  const sdf = computeSignedDistance(mask, width, height);
  sdfCache.set(mask, sdf);
  return sdf;
}

function computeSignedDistance(mask: Float32Array, width: number, height: number): Sdf {
  const cell = Math.max(1, Math.ceil(Math.max(width, height) / SDF_CELLS));
  const w = Math.ceil(width / cell);
  const h = Math.ceil(height / cell);
  const outside = new Uint8Array(w * h);
  for (let y = 0; y < h; y++)
    for (let x = 0; x < w; x++) {
      const px = Math.min(width - 1, Math.floor((x + 0.5) * cell));
      const py = Math.min(height - 1, Math.floor((y + 0.5) * cell));
      outside[y * w + x] = mask[py * width + px] >= 0.5 ? 0 : 1;
    }
  const dout = distanceToBoundary(outside, w, h);
  const values = new Float32Array(w * h);
  for (let i = 0; i < values.length; i++) values[i] = (outside[i] ? -dout[i] : 1) * cell;
  return { values, w, h, cell };
}

/** The view depthInside last found a point farthest outside of (read first at the ray's next point). */
let limiting = 0;

/**
 * How far inside every other view's silhouette a model point lies (model units; negative: outside the
 * worst one by that much). Off the photo (or behind its camera) counts as outside by the distance to its
 * border plus `far`. Stops at an upper bound once below `floor` (or `-far`): the ray's best point so far,
 * which this one then cannot beat, so the rest of the views need not be read. The views are read from
 * `from` on (the min does not depend on the order; the one that decided the ray's last point mostly
 * decides this one too, and stops the read soonest).
 */
function depthInside(
  cams: Cam[],
  skip: number,
  x: number,
  y: number,
  z: number,
  far: number,
  floor: number,
  from: number,
): number {
  let worst = Infinity;
  for (let n = 0; n < cams.length; n++) {
    const k = (from + n) % cams.length;
    if (k === skip) continue;
    const c = cams[k];
    const r = c.r;
    const s = c.sdf;
    // Pixels per model unit at this point's depth: nearer parts look larger.
    let ppu = 1 / c.upp;
    if (c.inv) {
      const q = 1 - (r[6] * x + r[7] * y + r[8] * z) * c.inv;
      if (q < 1e-3) return -2 * far;
      ppu /= q;
    }
    const gx = Math.floor((c.cx + (r[0] * x + r[1] * y + r[2] * z) * ppu) / s.cell);
    const gy = Math.floor((c.cy - (r[3] * x + r[4] * y + r[5] * z) * ppu) / s.cell);
    let d: number;
    if (gx < 0 || gy < 0 || gx >= s.w || gy >= s.h) {
      const ox = gx < 0 ? -gx : gx >= s.w ? gx - s.w + 1 : 0;
      const oy = gy < 0 ? -gy : gy >= s.h ? gy - s.h + 1 : 0;
      d = -far - (Math.hypot(ox, oy) * s.cell) / ppu;
    } else d = s.values[gy * s.w + gx] / ppu;
    if (d < worst) {
      worst = d;
      limiting = k;
    }
    if (worst < -far || worst <= floor) return worst;
  }
  return worst;
}

/** Silhouette pixels of a view on a regular grid (about `count`), as image positions. */
export function samplePixels(mask: Float32Array, width: number, height: number, count: number): Float64Array {
  const box = silhouetteBox(mask, width, height);
  if (!box) return new Float64Array(0);
  const step = Math.max(1, Math.sqrt(((box.x1 - box.x0) * (box.y1 - box.y0)) / count));
  const out: number[] = [];
  for (let py = box.y0 + step / 2; py < box.y1; py += step)
    for (let px = box.x0 + step / 2; px < box.x1; px += step)
      if (mask[Math.floor(py) * width + Math.floor(px)] >= 0.5) out.push(px, py);
  return Float64Array.from(out);
}

/** What the last calls learnt of each ray of a view's sampled pixels (only the order of work hangs on it). */
interface RayMemo {
  /**
   * The depth sample where the ray last met the other views or came nearest: tried first the next time.
   * The poses move a little between calls, so it is mostly the deciding sample again: a meeting ray stops
   * at once, a missing one starts from (nearly) its best and most samples then stop at their first view
   * (depthInside's `floor`).
   */
  at: Int16Array;
  /** 1: the ray missed when last traced. */
  missed: Uint8Array;
  /** The call that last traced it first (the screen), and its miss there. */
  call: Uint32Array;
  miss: Float64Array;
}
let calls = 0;
const lastBest = new WeakMap<Float64Array, RayMemo>();

/** How far one ray misses the volume the other views see (model units, capped, less `tolerance`); −1: it meets it. */
function rayMiss(
  cams: Cam[],
  k: number,
  px: number,
  py: number,
  reach: number,
  samples: number,
  cap: number,
  tolerance: number,
  memo: RayMemo,
  ray: number,
): number {
  const c = cams[k];
  const r = c.r;
  // The pixel's position on the plane through the origin; along the ray it shrinks toward the camera by
  // (1 − d · inv) at depth d.
  const u0 = (px - c.cx) * c.upp;
  const w0 = (c.cy - py) * c.upp;
  let best = -Infinity;
  let bestAt = 0;
  const start = memo.at[ray] < samples ? memo.at[ray] : 0;
  // The remembered sample, then from the middle outward: most rays meet the object near the model's
  // centre and stop early.
  for (let i = -1; i < samples; i++) {
    const s = i < 0 ? start : i;
    if (i >= 0 && s === start) continue;
    const q = s % 2 ? -(s + 1) / 2 : s / 2;
    const d = ((q + 0.5) * 2 * reach) / samples;
    const shrink = 1 - d * c.inv;
    if (shrink < 1e-3) continue;
    const u = u0 * shrink;
    const w = w0 * shrink;
    const x = r[0] * u + r[3] * w + r[6] * d;
    const y = r[1] * u + r[4] * w + r[7] * d;
    const z = r[2] * u + r[5] * w + r[8] * d;
    const v = depthInside(cams, k, x, y, z, cap, best, limiting);
    if (v > best) {
      best = v;
      bestAt = s;
    }
    if (best >= -tolerance) {
      memo.at[ray] = s;
      memo.missed[ray] = 0;
      return -1;
    }
  }
  memo.at[ray] = bestAt;
  memo.missed[ray] = 1;
  return Math.max(0, Math.min(cap, -best) - tolerance);
}

/**
 * Inconsistency of the silhouettes (lower is better): over every sampled silhouette pixel of every view,
 * how far its ray misses the volume all the other views see (model units, capped at `cap` so a part one
 * view lacks does not outweigh the rest), averaged. 0 when every ray meets that volume. With a
 * `tolerance`, a ray counts only by how much its miss exceeds it: a miss the size of the cameras' own
 * error (a thin leg's images a pixel or two apart) is then no miss (accept.ts).
 */
export function inconsistency(
  cams: Cam[],
  pixels: Float64Array[],
  reach: number,
  samples: number,
  cap: number,
  only?: number,
  bound = Infinity,
  tolerance = 0,
): number {
  // Pixels counted in all: a candidate whose misses already add up past `bound` (a mean) is rejected
  // there, which most candidates are; the misses only add up, so the answer is the same.
  let all = 0;
  for (let k = 0; k < cams.length; k++) if (only === undefined || k === only) all += pixels[k].length / 2;
  const limit = bound * all;
  const memoOf = (px: Float64Array) => {
    let memo = lastBest.get(px);
    if (!memo) {
      memo = {
        at: new Int16Array(px.length / 2),
        missed: new Uint8Array(px.length / 2),
        call: new Uint32Array(px.length / 2),
        miss: new Float64Array(px.length / 2),
      };
      lastBest.set(px, memo);
    }
    return memo;
  };
  // With a bound, the rays that missed last time first: a worse pose mostly misses with them again, and
  // their misses alone pass the bound before any meeting ray is traced. Their misses are kept, and the sum
  // below is still taken in the pixels' order, so the answer is the same to the bit (ray traces on the
  // tuning walk set: −13 % on the cat and the giraffe, −2 % on the bar stool).
  const call = ++calls;
  const screened = bound < Infinity;
  if (screened) {
    let screen = 0;
    for (let k = 0; k < cams.length; k++) {
      if (only !== undefined && k !== only) continue;
      const px = pixels[k];
      const memo = memoOf(px);
      for (let p = 0; p < px.length; p += 2) {
        const ray = p / 2;
        if (memo.missed[ray] !== 1) continue;
        const m = rayMiss(cams, k, px[p], px[p + 1], reach, samples, cap, tolerance, memo, ray);
        memo.miss[ray] = m;
        memo.call[ray] = call;
        if (m > 0) {
          screen += m;
          if (screen > limit) return Infinity;
        }
      }
    }
  }
  let sum = 0;
  let total = 0;
  for (let k = 0; k < cams.length; k++) {
    if (only !== undefined && k !== only) continue;
    const px = pixels[k];
    const memo = memoOf(px);
    for (let p = 0; p < px.length; p += 2) {
      total++;
      const ray = p / 2;
      const m =
        memo.call[ray] === call
          ? memo.miss[ray]
          : rayMiss(cams, k, px[p], px[p + 1], reach, samples, cap, tolerance, memo, ray);
      if (m >= 0) {
        sum += m;
        if (sum > limit) return Infinity;
      }
    }
  }
  return total ? sum / total : 0;
}
