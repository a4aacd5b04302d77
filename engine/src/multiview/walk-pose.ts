/**
 * One extra view's pose on a walk (walk.ts): its turn, its own elevation, its scale and image offset
 * against the registered ones, and how a pose is put on the view.
 */
import { type RegisteredView, towardOf, viewRotation } from './views.ts';

/** One extra view's camera relative to the nominal walk. */
export interface Pose {
  /** Turn around the vertical, degrees (90 for a right view walked exactly). */
  turn: number;
  /** The view's own elevation, degrees. */
  elevation: number;
  /** Its model units per pixel over the registered one (above 1: the camera was farther). */
  scale: number;
  /** Image offset of the model's origin from the registered one, pixels. */
  shift: [number, number];
}

export interface Base {
  view: RegisteredView;
  upp: number;
  centre: [number, number];
  /** Silhouette height in pixels. */
  size: number;
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
export function apply(b: Base, pose: Pose, front: number): void {
  b.view.rotation = rotation(pose.turn, pose.elevation, front);
  b.view.toward = towardOf(b.view.rotation);
  b.view.unitsPerPixel = b.upp * pose.scale;
  b.view.centrePx = [b.centre[0] + pose.shift[0], b.centre[1] + pose.shift[1]];
}
