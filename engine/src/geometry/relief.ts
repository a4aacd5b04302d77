/**
 * Modest relief from the photo: the high-pass of luminance (brighter = nearer, the usual shape-from-shading
 * prior), faded out towards the silhouette so the outline and the rim thickness are untouched.
 * Applied to the front only.
 */
import { blurInside } from './thickness.ts';

export interface ReliefOptions {
  /** Height (cells) per unit of high-passed luminance, relative to a 100-cell grid. */
  strength: number;
  /** Box-blur radius (cells) separating detail from base tone. */
  radius: number;
  /** Distance (cells) over which relief fades in from the silhouette. */
  fade: number;
}

export const RELIEF_DEFAULTS: ReliefOptions = { strength: 3, radius: 3, fade: 4 };

export function reliefField(
  luminance: Float32Array,
  inside: Uint8Array,
  distance: Float32Array,
  w: number,
  h: number,
  options: Partial<ReliefOptions> = {},
): Float32Array {
  const opts = { ...RELIEF_DEFAULTS, ...options };
  const base = luminance.slice();
  blurInside(base, inside, w, h, opts.radius);
  blurInside(base, inside, w, h, opts.radius);
  const scale = (opts.strength * Math.max(w, h)) / 100;
  const out = new Float32Array(w * h);
  for (let i = 0; i < out.length; i++) {
    if (!inside[i]) continue;
    const fade = Math.min(1, distance[i] / opts.fade);
    out[i] = (luminance[i] - base[i]) * scale * fade * fade;
  }
  return out;
}
