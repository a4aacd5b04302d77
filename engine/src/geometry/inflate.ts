/**
 * Heights of the front and back surfaces at every grid corner, from the silhouette alone.
 *
 * Notes: the profile is the circular arc h = √(d·(2R − d)), d = distance to the silhouette, R = local
 * thickness (radius of the largest inscribed disc covering the point). A disc gives a sphere, a bar a
 * cylinder, and a thin arm stays as thin as it looks — unlike the plain √d profile, whose one global
 * constant makes thin parts as fat as the body (measured: see bench/engine.bench.ts, "naive" rows).
 * The back is the same inflation scaled by `backDepth` and without image relief: a plausible smooth back,
 * not a mirror of the front's details.
 *
 * Flat-faced parts (corners.ts): where the outline has sharp convex corners between straight edges, the
 * outline is an edge of the object, not a grazing smooth surface, and the cross-section is a mesa rather
 * than a circle: the exponent goes from 0.5 (arc) to `edgedProfile` = 1 (parabola: finite slope at the
 * rim, flat top), blended by a smoothed corner weight; the first `rimKeep` cells of height still follow
 * the arc so the rim wall never becomes paper-thin (walls a fraction of a cell thick made the simplifier
 * fold the sheets: non-manifold edges on photos). Measured (quality bench, grid 192, unsimplified): crate
 * Chamfer 0.0507 → 0.0384 (naive 0.0436); the other 11 shapes unchanged (no polygon of corners found).
 * Applying the parabola everywhere instead: crate 0.0381 but ball 0.0041 → 0.0262, mean 15.2% below naive
 * instead of 17.4%. On the 9 photos in shared/photos no polygon is found (their volume is unchanged); a
 * looser corner test (any 3 corners within 2·local thickness) flattened the tree's crown into a lens
 * with a ridge (−18% volume) and characters by 4–9%.
 *
 * Level discs seen from above (discs.ts): a level elongated ellipse that passes a strict fit test leans
 * in depth by the tilt its axis ratio implies. Measured (quality bench): stool Chamfer 0.0689 → 0.0489
 * (naive 0.0656), the other 11 shapes unchanged (no other ellipse passes), mean 20.0% → 24.1% below
 * naive. Elevation or profile alone could not fix the stool (elevation 0: 0.0655; parabola everywhere:
 * 0.0674): its seat is a tilted disc about twice as deep as the lens the arc gives it. On the 9 photos
 * no ellipse passes (chair1's seat: 94% of the ellipse filled, below the 95% test), so they are unchanged.
 */

import { edgedWeight } from './corners.ts';
import { discRamp } from './discs.ts';
import { distanceToBoundary } from './distance.ts';
import { blurInside, localThickness } from './thickness.ts';

export interface InflateOptions {
  /** Depth of the front half relative to a round cross-section (1 = circular). */
  frontDepth: number;
  /** Depth of the back half relative to a round cross-section. */
  backDepth: number;
  /** Distance (cells) used at the silhouette itself, so the rim has a small positive thickness. */
  rimDistance: number;
  /**
   * Assumed camera elevation (degrees above the subject). Photos of objects are usually taken from a
   * little above, so parts higher in an upright subject are nearer the camera. Each point is moved in
   * depth with the centre of its inscribed disc — its "part" — by tan(elevation)·height: a ball stays a
   * ball, a stack of balls or an upright cylinder leans towards the camera as it does in the photo.
   * Front and back move together, so thickness and closedness are unchanged.
   */
  elevation: number;
  /**
   * Exponent q of the cross-section h = R·(1 − (1 − d/R)²)^q: 0.5 is a circle (round parts), larger
   * values flatten the sides towards a wedge (boxes, planks).
   */
  profile: number;
  /**
   * Exponent used instead of `profile` on parts whose outline has sharp convex corners (flat faces meet
   * the outline at an edge, so the surface leaves it at a finite slope; see corners.ts). 1 = parabolic
   * mesa: slope 2·R/R at the rim, flat top. Blended by the per-cell corner weight.
   */
  edgedProfile: number;
  /** Height (cells) up to which a flatter profile still follows the round one at the rim. */
  rimKeep: number;
}

export const INFLATE_DEFAULTS: InflateOptions = {
  frontDepth: 1,
  backDepth: 1,
  rimDistance: 0.08,
  elevation: 15,
  profile: 0.5,
  edgedProfile: 1,
  rimKeep: 2,
};

export interface CornerField {
  /** (w+1)·(h+1) corner values, row-major. */
  values: Float32Array;
  w: number;
  h: number;
}

export interface InflationFields {
  /** Distance to the silhouette at each inside cell. */
  distance: Float32Array;
  /** Local thickness at each inside cell. */
  thickness: Float32Array;
  /** Row of the covering inscribed disc's centre at each inside cell. */
  centreRow: Float32Array;
}

function inflationFields(inside: Uint8Array, w: number, h: number): InflationFields {
  const distance = distanceToBoundary(inside, w, h);
  const { radius, centreRow } = localThickness(distance, inside, w, h);
  return { distance, thickness: radius, centreRow };
}

/**
 * Averages a cell field onto corners, over the corner's inside cells only. Boundary corners
 * (touching an outside cell) get `boundaryValue` instead when given.
 */
export function cellsToCorners(
  field: Float32Array,
  inside: Uint8Array,
  w: number,
  h: number,
  boundaryValue?: number,
): CornerField {
  const values = new Float32Array((w + 1) * (h + 1));
  for (let y = 0; y <= h; y++) {
    for (let x = 0; x <= w; x++) {
      let sum = 0;
      let cnt = 0;
      let out = 0;
      for (let dy = -1; dy <= 0; dy++) {
        for (let dx = -1; dx <= 0; dx++) {
          const cx = x + dx;
          const cy = y + dy;
          if (cx < 0 || cy < 0 || cx >= w || cy >= h || !inside[cy * w + cx]) {
            out++;
            continue;
          }
          sum += field[cy * w + cx];
          cnt++;
        }
      }
      if (cnt === 0) continue;
      values[y * (w + 1) + x] = out > 0 && boundaryValue !== undefined ? boundaryValue : sum / cnt;
    }
  }
  return { values, w, h };
}

/** Circular-arc inflation: front and back heights (both positive, in cells) at every corner. */
export function inflateHeights(
  inside: Uint8Array,
  w: number,
  h: number,
  options: Partial<InflateOptions> = {},
): { front: Float32Array; back: Float32Array; offset: Float32Array; fields: InflationFields } {
  const opts = { ...INFLATE_DEFAULTS, ...options };
  const fields = inflationFields(inside, w, h);
  // Corner distance: interior corners average their cells; the silhouette corners sit at the rim.
  const d = cellsToCorners(fields.distance, inside, w, h, opts.rimDistance).values;
  const r = cellsToCorners(fields.thickness, inside, w, h).values;
  const edgedCells = edgedWeight(inside, fields.thickness, w, h);
  // Smooth the weight so a change of profile never makes a step in the surface.
  blurInside(edgedCells, inside, w, h, 3);
  blurInside(edgedCells, inside, w, h, 3);
  const edged = cellsToCorners(edgedCells, inside, w, h).values;
  const front = new Float32Array(d.length);
  const back = new Float32Array(d.length);
  for (let i = 0; i < d.length; i++) {
    const di = Math.min(d[i], r[i]);
    const t = r[i] > 0 ? di / r[i] : 0;
    const q = opts.profile + (opts.edgedProfile - opts.profile) * edged[i];
    const base = Math.max(0, 1 - (1 - t) * (1 - t));
    // A flatter profile must not thin the rim wall below the round one's first cells: walls a fraction
    // of a cell thick are where simplification starts to fold the two sheets onto each other.
    const arc =
      r[i] * Math.max(base ** q, Math.min(base ** opts.profile, opts.rimKeep / Math.max(r[i], 1e-6)));
    front[i] = arc * opts.frontDepth;
    back[i] = arc * opts.backDepth;
  }
  // Depth offset of each corner (cells, towards the camera): higher parts (smaller row) nearer.
  const rows = cellsToCorners(fields.centreRow, inside, w, h).values;
  const shear = Math.tan((opts.elevation * Math.PI) / 180);
  const offset = new Float32Array(d.length);
  for (let i = 0; i < d.length; i++) offset[i] = -shear * rows[i];
  // Level discs seen from above (discs.ts) lean by the tilt their axis ratio implies; the smoothed ramp
  // lets attached parts bend into it instead of tearing away.
  const { ramp, discs } = discRamp(inside, fields.thickness, w, h);
  if (discs.length > 0) {
    blurInside(ramp, inside, w, h, 3);
    blurInside(ramp, inside, w, h, 3);
    const lean = cellsToCorners(ramp, inside, w, h).values;
    for (let i = 0; i < d.length; i++) offset[i] += lean[i];
  }
  return { front, back, offset, fields };
}

/** The naive baseline of the benchmark: h = c·√d with c = √(max d) (a hemisphere for the largest disc), mirrored. */
export function naiveHeights(
  inside: Uint8Array,
  w: number,
  h: number,
  rimDistance = INFLATE_DEFAULTS.rimDistance,
): { front: Float32Array; back: Float32Array; offset: Float32Array } {
  const distance = distanceToBoundary(inside, w, h);
  let maxD = 0;
  for (let i = 0; i < distance.length; i++) if (distance[i] > maxD) maxD = distance[i];
  const d = cellsToCorners(distance, inside, w, h, rimDistance).values;
  const c = Math.sqrt(maxD);
  const front = new Float32Array(d.length);
  for (let i = 0; i < d.length; i++) front[i] = c * Math.sqrt(d[i]);
  return { front, back: front.slice(), offset: new Float32Array(d.length) };
}
