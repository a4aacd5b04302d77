/**
 * Which heights of the object are flat-faced toward the cameras. Silhouettes cannot tell a box from a
 * cylinder or from a box turned 45° (all three fill the same hull rectangle at every height); shading can:
 * a flat face square to a camera has one brightness across its whole width, a curved or turned surface
 * does not. Where every shaping view sees a uniform band at a height, the hull itself is the shape there.
 * (A flat-coloured drawing of a round object would read as faceted: a known limit of the cue.)
 */
import type { RgbaImage } from '../types.ts';
import { project, type RegisteredView } from './views.ts';

export interface FacetOptions {
  /** Largest luminance standard deviation (0–255) of a uniform band. */
  maxStd: number;
  /** Share of the band's width left out at each end (anti-aliased rims, edges of neighbouring faces). */
  inset: number;
  /** Shortest run of uniform heights, as a share of the height, that counts as a face. */
  minRun: number;
}

const FACET_DEFAULTS: FacetOptions = { maxStd: 6, inset: 0.12, minRun: 0.2 };

export interface View {
  image: RgbaImage;
  mask: Float32Array;
}

/** First and last subject pixel of image row y (rounded), or undefined when the row is outside or empty. */
export function rowSpan(view: View, row: number): { y: number; a: number; b: number } | undefined {
  const { width, height } = view.image;
  const y = Math.round(row);
  if (y < 0 || y >= height) return undefined;
  let a = -1;
  let b = -1;
  for (let x = 0; x < width; x++) {
    if (view.mask[y * width + x] < 0.5) continue;
    if (a < 0) a = x;
    b = x;
  }
  return a < 0 ? undefined : { y, a, b };
}

/** Luminance standard deviation across the subject's inside span of one pixel row, or NaN when empty. */
function rowStd(view: View, row: number, inset: number): number {
  const span = rowSpan(view, row);
  if (!span || span.b - span.a < 4) return Number.NaN;
  const { y, a, b } = span;
  const { width } = view.image;
  const cut = Math.floor((b - a) * inset);
  let s = 0;
  let s2 = 0;
  let n = 0;
  const d = view.image.data;
  for (let x = a + cut; x <= b - cut; x++) {
    const i = (y * width + x) * 4;
    if (view.mask[y * width + x] < 0.5) continue;
    const l = 0.2126 * d[i] + 0.7152 * d[i + 1] + 0.0722 * d[i + 2];
    s += l;
    s2 += l * l;
    n++;
  }
  if (!n) return Number.NaN;
  const m = s / n;
  return Math.sqrt(Math.max(0, s2 / n - m * m));
}

/**
 * 1 where the front and every shaping side view show a uniform band at model height y, else 0; sampled
 * at `rows` heights from the top (y = 0.5) down.
 */
export function facetedRows(
  front: View & { unitsPerPixel: number; centrePx: [number, number] },
  views: RegisteredView[],
  rows: number,
  options: Partial<FacetOptions> = {},
): Float32Array {
  const opts = { ...FACET_DEFAULTS, ...options };
  const out = new Float32Array(rows);
  const sides = views.filter((v) => v.shapes && Math.abs(v.toward[0]) > 0.7);
  if (!sides.length) return out;
  for (let r = 0; r < rows; r++) {
    const y = 0.5 - (r + 0.5) / rows;
    const f = rowStd(front, front.centrePx[1] - y / front.unitsPerPixel, opts.inset);
    if (!(f <= opts.maxStd)) continue;
    const ok = sides.every((v) => {
      const [, py] = project(v, 0, y, 0);
      return rowStd(v, py, opts.inset) <= opts.maxStd;
    });
    if (ok) out[r] = 1;
  }
  // A face spans a good part of the height; a few uniform rows (the narrow top of a ball) are not one.
  const minRun = Math.ceil(opts.minRun * rows);
  for (let r = 0; r < rows; ) {
    if (!out[r]) {
      r++;
      continue;
    }
    let e = r;
    while (e < rows && out[e]) e++;
    if (e - r < minRun) out.fill(0, r, e);
    r = e;
  }
  return out;
}
