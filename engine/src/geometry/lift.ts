/**
 * Mask + photo → closed solid in the output convention (DESIGN §5): +Y up, facing +Z, centred, height 1.
 * Orchestrates grid → clean → inflate (+ relief) → snap silhouette → build.
 */
import { EngineError } from '../errors.ts';
import { cleanMask } from '../isolate/clean-mask.ts';
import type { RgbaImage } from '../types.ts';
import { buildSolid, type Solid } from './build-solid.ts';
import { type FragmentReport, joinFragments } from './fragments.ts';
import { type Bounds, buildMaskGrid, maskBounds } from './grid.ts';
import {
  cellsToCorners,
  INFLATE_DEFAULTS,
  type InflateOptions,
  inflateHeights,
  naiveHeights,
} from './inflate.ts';
import {
  capCues,
  capRamp,
  decideElevation,
  type ElevationReport,
  type PhotoElevationOptions,
} from './photo-elevation.ts';
import { reliefField } from './relief.ts';
import { snapCorners } from './snap.ts';
import { blurInside } from './thickness.ts';

export interface LiftOptions {
  /** Grid cells along the subject's longer side. */
  resolution: number;
  /** 'arc' is the product; 'naive' (c·√d, mirrored) exists for the benchmark's baseline. */
  method: 'arc' | 'naive';
  /** Relief strength (0 disables); see relief.ts. */
  relief: number;
  inflate: Partial<InflateOptions>;
  /**
   * Optional front depth from a monocular depth model, one value per image pixel, larger = nearer,
   * any scale. When given it replaces the inflation's front surface shape (see depth/ for loading).
   */
  depth?: Float32Array;
  /**
   * The camera's elevation read from the photo (photo-elevation.ts); its prior is `inflate.elevation`.
   * `enabled: false` always assumes the prior.
   */
  elevation: Partial<PhotoElevationOptions>;
  /** The mask's box at 0.5 when the caller has it already (`maskBounds`); found here otherwise. */
  bounds?: Bounds;
}

const LIFT_DEFAULTS: LiftOptions = {
  resolution: 160,
  method: 'arc',
  relief: 1.5,
  inflate: {},
  elevation: {},
};

export interface LiftedSolid extends Solid {
  /** Image pixel position of every vertex (for texture coordinates). */
  imageXY: Float32Array;
  /** Model units per image pixel. */
  unitsPerPixel: number;
  /** Image position that maps to the model's x = 0, y = 0. */
  centrePx: [number, number];
  /** Model z of the centre offset that was subtracted. */
  centreZ: number;
  /** What became of the parts that came apart from the body (see fragments.ts). */
  fragments: FragmentReport;
  /** Camera elevation (degrees) the depth offsets assumed; 0 for the naive baseline. */
  elevationDeg: number;
  /** How that elevation was chosen: read from the photo, or the prior. */
  elevation: ElevationReport;
  bounds: Bounds;
}

function noSubject(): EngineError {
  return new EngineError(
    'no_subject',
    'geometry: No subject found in the image. Use a photo with one clearly visible object, ideally on a plain background, and try again.',
  );
}

export function liftSolid(
  image: RgbaImage,
  mask: Float32Array,
  options: Partial<LiftOptions> = {},
): LiftedSolid {
  const opts = { ...LIFT_DEFAULTS, ...options };
  const bounds = opts.bounds ?? maskBounds(mask, image.width, image.height);
  if (!bounds) throw noSubject();
  const grid = buildMaskGrid(image, mask, bounds, opts.resolution);
  const { w, h } = grid;
  const inside = new Uint8Array(w * h);
  for (let i = 0; i < inside.length; i++) inside[i] = grid.coverage[i] >= 0.5 ? 1 : 0;
  const fragments = joinFragments(inside, w, h);
  const area = cleanMask(inside, w, h);
  // A subject of a few cells is noise (a speck, a compression artefact), not something to model.
  if (area < 12) throw noSubject();

  let front: Float32Array;
  let back: Float32Array;
  let offset: Float32Array;
  const elevationOpts: Partial<PhotoElevationOptions> = {
    prior: opts.inflate.elevation ?? INFLATE_DEFAULTS.elevation,
    // An elevation given outright is assumed, not second-guessed.
    enabled: opts.inflate.elevation === undefined,
    ...opts.elevation,
  };
  const frame = { cell: grid.cell, y0: grid.y0, imageWidth: image.width, imageHeight: image.height };
  let elevation: ElevationReport = decideElevation([], { ...elevationOpts, enabled: false });
  if (opts.method === 'naive') {
    ({ front, back, offset } = naiveHeights(inside, w, h));
    elevation = { ...elevation, degrees: 0, prior: 0 };
  } else {
    elevation = decideElevation(capCues(inside, w, h, frame, elevationOpts), elevationOpts);
    const inflated = inflateHeights(inside, w, h, { ...opts.inflate, elevation: elevation.degrees });
    front = inflated.front;
    back = inflated.back;
    offset = inflated.offset;
    const ramp = capRamp(elevation, inside, w, h, elevationOpts);
    if (ramp) {
      // Smoothed like the discs' ramp, so the walls bend into the flat end instead of tearing.
      blurInside(ramp, inside, w, h, 3);
      blurInside(ramp, inside, w, h, 3);
      const lean = cellsToCorners(ramp, inside, w, h).values;
      for (let i = 0; i < offset.length; i++) offset[i] += lean[i];
    }
    if (opts.depth) front = depthFront(opts.depth, image, grid, front);
    if (opts.relief > 0) {
      const relief = cellsToCorners(
        reliefField(grid.luminance, inside, inflated.fields.distance, w, h, { strength: opts.relief }),
        inside,
        w,
        h,
        0,
      ).values;
      for (let i = 0; i < front.length; i++) front[i] = Math.max(front[i] * 0.25, front[i] + relief[i]);
    }
  }

  const xy = snapCorners(inside, w, h, grid.sample);
  const solid = buildSolid(inside, w, h, front, back, xy, offset);

  // Grid units → image pixels → model units.
  const n = solid.positions.length / 3;
  const imageXY = new Float32Array(n * 2);
  const p = solid.positions;
  let minY = Infinity;
  let maxY = -Infinity;
  for (let v = 0; v < n; v++) {
    const px = grid.x0 + p[v * 3] * grid.cell;
    const py = grid.y0 - p[v * 3 + 1] * grid.cell;
    imageXY[v * 2] = px;
    imageXY[v * 2 + 1] = py;
    if (py < minY) minY = py;
    if (py > maxY) maxY = py;
  }
  const unitsPerPixel = 1 / Math.max(1e-6, maxY - minY);
  let minX = Infinity;
  let maxX = -Infinity;
  for (let v = 0; v < n; v++) {
    const x = imageXY[v * 2];
    if (x < minX) minX = x;
    if (x > maxX) maxX = x;
  }
  const cx = (minX + maxX) / 2;
  const cy = (minY + maxY) / 2;
  let lo = Infinity;
  let hi = -Infinity;
  for (let v = 0; v < n; v++) {
    p[v * 3] = (imageXY[v * 2] - cx) * unitsPerPixel;
    p[v * 3 + 1] = -(imageXY[v * 2 + 1] - cy) * unitsPerPixel;
    p[v * 3 + 2] = p[v * 3 + 2] * grid.cell * unitsPerPixel;
    lo = Math.min(lo, p[v * 3 + 2]);
    hi = Math.max(hi, p[v * 3 + 2]);
  }
  const cz = (lo + hi) / 2;
  for (let v = 0; v < n; v++) p[v * 3 + 2] -= cz;
  const elevationDeg = elevation.degrees;
  return {
    ...solid,
    imageXY,
    unitsPerPixel,
    centrePx: [cx, cy],
    centreZ: cz,
    bounds,
    elevationDeg,
    elevation,
    fragments,
  };
}

/**
 * Depth-model front: the model's relative depth, rescaled per subject so its range inside the mask
 * matches the inflation's, then blended back to the inflation near the rim so the outline is unchanged.
 */
function depthFront(
  depth: Float32Array,
  image: RgbaImage,
  grid: ReturnType<typeof buildMaskGrid>,
  inflation: Float32Array,
): Float32Array {
  const { w, h } = grid;
  const cw = w + 1;
  const raw = new Float32Array(inflation.length);
  let lo = Infinity;
  let hi = -Infinity;
  for (let y = 0; y <= h; y++) {
    for (let x = 0; x <= w; x++) {
      const c = y * cw + x;
      if (inflation[c] <= 0) continue;
      const px = Math.min(image.width - 1, Math.max(0, Math.round(grid.x0 + x * grid.cell)));
      const py = Math.min(image.height - 1, Math.max(0, Math.round(grid.y0 + y * grid.cell)));
      const d = depth[py * image.width + px];
      raw[c] = d;
      if (d < lo) lo = d;
      if (d > hi) hi = d;
    }
  }
  let maxInfl = 0;
  for (let i = 0; i < inflation.length; i++) if (inflation[i] > maxInfl) maxInfl = inflation[i];
  const out = inflation.slice();
  if (!(hi > lo)) return out;
  for (let i = 0; i < out.length; i++) {
    if (inflation[i] <= 0) continue;
    const t = (raw[i] - lo) / (hi - lo);
    const rim = Math.min(1, inflation[i] / (0.25 * maxInfl));
    out[i] = inflation[i] * (1 - rim) + t * maxInfl * rim;
  }
  return out;
}
