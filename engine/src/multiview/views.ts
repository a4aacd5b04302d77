/**
 * Extra photos of one object (the camera walked 90°, 180° and 270° around the vertical axis, toward the
 * front photo's right-hand side first, at one height) and how each one sees the front's model frame.
 *
 * Output convention as for one photo: +Y up, the front camera looks along −Z. The camera may look down on
 * the object by an elevation angle e (estimated, see elevation.ts); the walk turns around the world's
 * vertical axis, which in the front camera's frame is tilted by e. A view turned by t therefore sees a model
 * point P at Rx(e)·Ry(−t)·Rx(−e)·P (x right, y up, z toward that camera). For e = 0 the right camera
 * (t = 90°) sees −Z on its right, the back one −X, the left one +Z.
 */
import type { ViewName } from '@lift3d/contract';
import { VIEW_NAMES } from '@lift3d/contract/lists';
import type { RgbaImage } from '../types.ts';
import { perspective } from './camera.ts';

export { VIEW_NAMES, type ViewName };
export const TURN: Record<ViewName, number> = { right: 90, back: 180, left: 270 };

/** Bytes (or paths) of the front photo and any subset of the three extra views. */
export interface MultiViewInput<T> {
  front: T;
  right?: T;
  back?: T;
  left?: T;
  /**
   * Each photo's 35 mm equivalent focal length (EXIF FocalLengthIn35mmFilm), where known: the cameras are
   * then perspective with that lens; a missing or implausible one is estimated from the silhouettes.
   */
  focalLength35mm?: Partial<Record<'front' | ViewName, number>>;
}

/** One extra view after decoding and isolation, registered to the front by its silhouette. */
export interface RegisteredView {
  name: ViewName;
  image: RgbaImage;
  mask: Float32Array;
  /** Model units per image pixel (the silhouette's height is the model's height, 1). */
  unitsPerPixel: number;
  /** Image position of the model's origin. */
  centrePx: [number, number];
  /** Inverse distance of the camera from the model's origin (camera.ts); 0 sees in parallel. */
  invDistance: number;
  /** Rotation from the model frame to this camera's frame (row-major 3×3). */
  rotation: Float64Array;
  /** Unit direction from the object toward this camera, in the model frame. */
  toward: [number, number, number];
  /** False when the view did not match the front: it then colours the model but does not shape it. */
  shapes: boolean;
  /** False when even its colours do not match: it is not used at all. */
  colours: boolean;
}

/** Rx(e)·Ry(−t)·Rx(−e), angles in degrees; see the file comment. */
export function viewRotation(turnDeg: number, elevationDeg: number): Float64Array {
  const t = (turnDeg * Math.PI) / 180;
  const e = (elevationDeg * Math.PI) / 180;
  const ct = Math.cos(t);
  const st = Math.sin(t);
  const ce = Math.cos(e);
  const se = Math.sin(e);
  const rxNeg = [1, 0, 0, 0, ce, se, 0, -se, ce];
  const ry = [ct, 0, -st, 0, 1, 0, st, 0, ct];
  const rx = [1, 0, 0, 0, ce, -se, 0, se, ce];
  return Float64Array.from(mul(rx, mul(ry, rxNeg)));
}

function mul(a: number[], b: number[]): number[] {
  const out = new Array<number>(9).fill(0);
  for (let i = 0; i < 3; i++)
    for (let j = 0; j < 3; j++) for (let k = 0; k < 3; k++) out[i * 3 + j] += a[i * 3 + k] * b[k * 3 + j];
  return out;
}

/** The camera's direction in the model frame: the third row of the rotation (its inverse's z column). */
export function towardOf(rotation: Float64Array): [number, number, number] {
  return [rotation[6], rotation[7], rotation[8]];
}

/** Where a model point (x, y, z) lands in a view's image (camera.ts: nearer parts look larger). */
export function project(view: RegisteredView, x: number, y: number, z: number): [number, number] {
  const r = view.rotation;
  const k = perspective(r[6] * x + r[7] * y + r[8] * z, view.invDistance) / view.unitsPerPixel;
  const u = r[0] * x + r[1] * y + r[2] * z;
  const v = r[3] * x + r[4] * y + r[5] * z;
  return [view.centrePx[0] + u * k, view.centrePx[1] - v * k];
}
