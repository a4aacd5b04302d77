/**
 * The multi-view benchmark's inputs: one shape photographed from four sides by a camera walking around
 * it at one height (front, then 90°, 180°, 270° toward the front's right), and its surface in the front
 * camera's frame.
 */
import type { RgbaImage } from '../../src/types.ts';
import { type Points, rng } from './metrics.ts';
import type { Shape } from './shapes.ts';
import { renderTruth } from './truth.ts';

/** Yaw of the front view and the walk's elevation (degrees). */
export const VIEWS_CAMERA = { yaw: 35, pitch: 10 };

export interface ViewsTruth {
  front: RgbaImage;
  right: RgbaImage;
  back: RgbaImage;
  left: RgbaImage;
  points: Points;
  normals: Points;
}

/**
 * How a hand-held walk departs from the nominal one, per extra view: degrees off the quarter turn, the
 * view's own elevation (degrees, instead of the front's), and its zoom (1.25: the camera came nearer).
 */
export interface WalkError {
  turn: number;
  pitch: number;
  zoom: number;
}
export type UnevenWalk = Partial<Record<'right' | 'back' | 'left', WalkError>>;

/**
 * A hand-held walk drawn from `seed`, as a phone user walks: each extra view off its quarter turn by up to
 * ±15°, its elevation within ±10° of the front's `pitch`, nearer or farther ×0.8–1.25.
 */
export function handHeldWalkFrom(seed: number, pitch: number): UnevenWalk {
  const random = rng(seed);
  const between = (a: number, b: number) => a + (b - a) * random();
  const one = () => ({
    turn: between(-15, 15),
    pitch: pitch + between(-10, 10),
    zoom: Math.exp(between(Math.log(0.8), Math.log(1.25))),
  });
  return { right: one(), back: one(), left: one() };
}

export function renderViews(
  shape: Shape,
  samples = 20_000,
  camera: { yaw: number; pitch: number; focal35?: number } = VIEWS_CAMERA,
  walk: UnevenWalk = {},
): ViewsTruth {
  // An uneven walk is photographed at a distance (every photo framed by the same camera, the subject
  // as large as that distance makes it), an even one framed to each outline as before; a perspective
  // camera (focal35) always stands at a distance.
  const uneven = Object.keys(walk).length > 0 || camera.focal35 !== undefined;
  const at = (turn: number, off?: WalkError) =>
    renderTruth(shape, turn ? 16 : samples, {
      yaw: camera.yaw + turn + (off?.turn ?? 0),
      pitch: off ? off.pitch : camera.pitch,
      zoom: off ? off.zoom : uneven ? 1 : undefined,
      focal35: camera.focal35,
    });
  const front = at(0);
  return {
    front: front.image,
    right: at(90, walk.right).image,
    back: at(180, walk.back).image,
    left: at(270, walk.left).image,
    points: front.points,
    normals: front.normals,
  };
}
