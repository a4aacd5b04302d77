/**
 * The multi-view benchmark's inputs: one shape photographed from four sides by a camera walking around
 * it at one height (front, then 90°, 180°, 270° toward the front's right), and its surface in the front
 * camera's frame.
 */
import type { RgbaImage } from '../../src/types.ts';
import type { Points } from './metrics.ts';
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
}

export function renderViews(shape: Shape, samples = 20_000, camera = VIEWS_CAMERA): ViewsTruth {
  const at = (turn: number) =>
    renderTruth(shape, turn ? 16 : samples, { yaw: camera.yaw + turn, pitch: camera.pitch });
  const front = at(0);
  return {
    front: front.image,
    right: at(90).image,
    back: at(180).image,
    left: at(270).image,
    points: front.points,
  };
}
