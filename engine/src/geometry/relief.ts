/**
 * Modest relief from the photo's shading (brighter = nearer, the usual shape-from-shading prior), faded
 * out towards the silhouette so the outline and the rim thickness are untouched. Applied to the front only.
 *
 * Shading, not albedo: the log-luminance gradient is split Retinex-style. Steps steeper than
 * `albedoStep` per cell are changes of paint (stripes, printed logos, a collar's edge) and are dropped;
 * cells of specular highlight (much brighter than their surroundings) have all their gradients dropped.
 * What is left is integrated back (Gauss–Seidel on the Poisson equation, started from the blurred
 * log-luminance, whose low frequencies the high-pass discards anyway), and only that shading field's
 * high-pass becomes relief.
 *
 * Notes: the earlier relief was the high-pass of luminance itself: printed stripes became ridges and a
 * highlight a bump. Measured (test/geometry/relief.test.ts, largest depth change against no relief, share
 * of the model's height): flat-shaded striped box 0.0052 → 0.00025, glossy sphere 0.0021 → 0.00033,
 * stripes printed onto otter_samurai 0.0058 → 0.00043; 30% shading ripples on a sphere still 0.00057. A smooth Lambertian gradient at grid 160 changes log-luminance by well under 0.05 per cell
 * away from the rim; a printed edge resolved by the grid jumps by 0.3 and more, hence `albedoStep` 0.12.
 */
import { blurInside } from './thickness.ts';

export interface ReliefOptions {
  /** Height (cells) per unit of high-passed luminance, relative to a 100-cell grid. */
  strength: number;
  /** Box-blur radius (cells) separating detail from base tone. */
  radius: number;
  /** Distance (cells) over which relief fades in from the silhouette. */
  fade: number;
  /** Log-luminance change per cell above which a step is a change of albedo, not of shading. */
  albedoStep: number;
  /** A cell this much brighter (log-luminance) than its blurred surroundings is a specular highlight. */
  highlight: number;
  /** Gauss–Seidel sweeps of the shading integration. */
  sweeps: number;
}

const RELIEF_DEFAULTS: ReliefOptions = {
  strength: 3,
  radius: 3,
  fade: 4,
  albedoStep: 0.12,
  highlight: 0.18,
  sweeps: 60,
};

/** Shading (log-luminance with albedo steps and highlights removed) at every inside cell. */
function shadingField(
  luminance: Float32Array,
  inside: Uint8Array,
  w: number,
  h: number,
  options: Partial<ReliefOptions> = {},
): Float32Array {
  const opts = { ...RELIEF_DEFAULTS, ...options };
  const n = w * h;
  const log = new Float32Array(n);
  for (let i = 0; i < n; i++) if (inside[i]) log[i] = Math.log(luminance[i] + 0.02);
  const base = log.slice();
  blurInside(base, inside, w, h, opts.radius * 2);
  const shine = new Uint8Array(n);
  for (let i = 0; i < n; i++) if (inside[i] && log[i] - base[i] > opts.highlight) shine[i] = 1;
  // Kept gradient along +x (gx[i] = between i and i+1) and +y (gy[i] = between i and i+w).
  const gx = new Float32Array(n);
  const gy = new Float32Array(n);
  const keep = (i: number, j: number) => {
    const d = log[j] - log[i];
    return shine[i] || shine[j] || Math.abs(d) > opts.albedoStep ? 0 : d;
  };
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      const i = y * w + x;
      if (!inside[i]) continue;
      if (x < w - 1 && inside[i + 1]) gx[i] = keep(i, i + 1);
      if (y < h - 1 && inside[i + w]) gy[i] = keep(i, i + w);
    }
  }
  // The sweeps visit only cells with an inside neighbour, in row order, each with its neighbours as
  // bits (left, right, up, down): the same updates in the same order as testing every cell of the grid.
  const cells: number[] = [];
  const sides: number[] = [];
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      const i = y * w + x;
      if (!inside[i]) continue;
      const bits =
        (x > 0 && inside[i - 1] ? 1 : 0) |
        (x < w - 1 && inside[i + 1] ? 2 : 0) |
        (y > 0 && inside[i - w] ? 4 : 0) |
        (y < h - 1 && inside[i + w] ? 8 : 0);
      if (!bits) continue;
      cells.push(i);
      sides.push(bits);
    }
  }
  const s = base;
  for (let sweep = 0; sweep < opts.sweeps; sweep++) sweepOnce(s, gx, gy, w, cells, sides);
  return s;
}

/** One Gauss–Seidel sweep: each inside neighbour asks s[i] = s[j] − (kept gradient from i to j). */
function sweepOnce(
  s: Float32Array,
  gx: Float32Array,
  gy: Float32Array,
  w: number,
  cells: number[],
  sides: number[],
) {
  for (let k = 0; k < cells.length; k++) {
    const i = cells[k];
    const bits = sides[k];
    let sum = 0;
    let cnt = 0;
    if (bits & 1) {
      sum += s[i - 1] + gx[i - 1];
      cnt++;
    }
    if (bits & 2) {
      sum += s[i + 1] - gx[i];
      cnt++;
    }
    if (bits & 4) {
      sum += s[i - w] + gy[i - w];
      cnt++;
    }
    if (bits & 8) {
      sum += s[i + w] - gy[i];
      cnt++;
    }
    s[i] = sum / cnt;
  }
}

export function reliefField(
  luminance: Float32Array,
  inside: Uint8Array,
  distance: Float32Array,
  w: number,
  h: number,
  options: Partial<ReliefOptions> = {},
): Float32Array {
  const opts = { ...RELIEF_DEFAULTS, ...options };
  const shading = shadingField(luminance, inside, w, h, opts);
  // Back to luminance units around the subject's mean, so `strength` keeps its meaning.
  let mean = 0;
  let cnt = 0;
  for (let i = 0; i < w * h; i++) {
    if (!inside[i]) continue;
    mean += luminance[i];
    cnt++;
  }
  mean /= Math.max(1, cnt);
  const base = shading.slice();
  blurInside(base, inside, w, h, opts.radius);
  blurInside(base, inside, w, h, opts.radius);
  const scale = (opts.strength * Math.max(w, h)) / 100;
  const out = new Float32Array(w * h);
  for (let i = 0; i < out.length; i++) {
    if (!inside[i]) continue;
    const fade = Math.min(1, distance[i] / opts.fade);
    out[i] = (shading[i] - base[i]) * mean * scale * fade * fade;
  }
  return out;
}
