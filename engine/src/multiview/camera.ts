/**
 * The pinhole camera of a photo, as one number on top of the orthographic registration: the inverse of
 * the camera's distance from the model's origin (model units; the model is 1 tall), 0 for a camera so far
 * away that it sees in parallel. A camera-frame point (u, v, d), d toward the camera, lands at
 * centre + (u, −v) · k / unitsPerPixel with k = 1 / (1 − d · invDistance): nearer parts look larger, and
 * the registration's scale stays the one at the origin's depth.
 *
 * The distance follows from the focal length: a 35 mm equivalent focal length f spans the photo's
 * diagonal as f spans the 35 mm frame's (43.27 mm), so the focal length in pixels is
 * f · diagonal / 43.27 and the distance that length times unitsPerPixel. EXIF's FocalLengthIn35mmFilm
 * gives f directly; without it the walk search (walk.ts) finds one shared by all views.
 */

/** The 35 mm frame's diagonal (36 × 24 mm). */
const FRAME_DIAGONAL_MM = Math.hypot(36, 24);

/** Shortest and longest 35 mm equivalent focal lengths believed (a phone's ultra-wide to a long zoom). */
export const FOCAL_RANGE: [number, number] = [13, 400];

/** The inverse camera distance of a photo `width`×`height` with this focal length and registration. */
export function inverseDistance(
  focal35: number | undefined,
  width: number,
  height: number,
  unitsPerPixel: number,
): number {
  if (focal35 === undefined || !(focal35 > 0)) return 0;
  return FRAME_DIAGONAL_MM / (focal35 * Math.hypot(width, height) * unitsPerPixel);
}

/** A focal length as given, if usable: a finite number within FOCAL_RANGE. */
export function usableFocal(focal35: unknown): number | undefined {
  return typeof focal35 === 'number' &&
    Number.isFinite(focal35) &&
    focal35 >= FOCAL_RANGE[0] &&
    focal35 <= FOCAL_RANGE[1]
    ? focal35
    : undefined;
}

/**
 * Perspective factor of a camera-frame depth d (toward the camera) for an inverse distance; Infinity
 * for a point at or behind the camera, which then lands off every photo.
 */
export function perspective(d: number, invDistance: number): number {
  const q = 1 - d * invDistance;
  return q > 1e-3 ? 1 / q : Number.POSITIVE_INFINITY;
}
