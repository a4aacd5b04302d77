/**
 * The second perspective final set, written while the pinhole elevation search (elevation.ts, walk.ts)
 * was being tuned on the perspective tuning set and run once after its options were frozen. Objects no
 * other set has: a dining chair (four legs, a slatted back), a jug (handle, spout), a dog (legs, ears,
 * a tail), a standing figure (arms held out, a head on a neck), a kettle (lid knob, spout, arched
 * handle); a camera at another yaw and elevation (41°, 19°), other focal lengths
 * (28 mm up close, 85 mm zoomed) and hand-held walks from a new seed.
 */
import { box, capsule, ellipsoid, revolve, sphere, torus } from './support/primitives.ts';
import type { Shape } from './support/shapes.ts';
import { handHeldWalkFrom, type UnevenWalk } from './support/views.ts';

const BEECH: [number, number, number] = [200, 160, 110];
const CREAM: [number, number, number] = [230, 220, 190];
const SAND: [number, number, number] = [190, 150, 100];
const BLUE: [number, number, number] = [70, 100, 170];
const STEEL: [number, number, number] = [170, 175, 185];

/** Yaw of the front view and its elevation (degrees) for this set. */
export const FINAL2_CAMERA = { yaw: 41, pitch: 19 };
/** Focal lengths (35 mm equivalent) of this set's photos. */
export const FINAL2_FOCALS = [28, 85];

export function final2Shapes(): Shape[] {
  return [
    {
      name: 'chair',
      parts: [
        box([0, -0.02, 0], [0.22, 0.025, 0.2], BEECH),
        capsule([0.19, -0.04, 0.17], [0.19, -0.5, 0.17], 0.018, BEECH),
        capsule([-0.19, -0.04, 0.17], [-0.19, -0.5, 0.17], 0.018, BEECH),
        capsule([0.19, -0.04, -0.17], [0.19, 0.5, -0.17], 0.018, BEECH),
        capsule([-0.19, -0.04, -0.17], [-0.19, 0.5, -0.17], 0.018, BEECH),
        box([0, 0.42, -0.17], [0.2, 0.06, 0.015], BEECH),
        box([0, 0.2, -0.17], [0.02, 0.18, 0.012], BEECH),
      ],
    },
    {
      name: 'jug',
      parts: [
        revolve(
          [0, -0.45, 0],
          [0, 1, 0],
          [
            [0, 0],
            [0.2, 0],
            [0.24, 0.3],
            [0.16, 0.7],
            [0.18, 0.85],
            [0, 0.85],
          ],
          CREAM,
        ),
        torus([-0.22, 0.05, 0], [0, 0, 1], 0.16, 0.035, CREAM),
        capsule([0.16, 0.33, 0], [0.3, 0.43, 0], 0.03, CREAM),
      ],
    },
    {
      name: 'dog',
      parts: [
        ellipsoid([0, 0, 0], [0.32, 0.13, 0.12], SAND),
        capsule([0.22, -0.05, 0.07], [0.23, -0.42, 0.08], 0.035, SAND),
        capsule([0.22, -0.05, -0.07], [0.23, -0.42, -0.08], 0.035, SAND),
        capsule([-0.22, -0.05, 0.07], [-0.23, -0.42, 0.08], 0.035, SAND),
        capsule([-0.22, -0.05, -0.07], [-0.23, -0.42, -0.08], 0.035, SAND),
        sphere([0.38, 0.2, 0], 0.11, SAND),
        ellipsoid([0.36, 0.3, 0.07], [0.03, 0.08, 0.015], SAND),
        ellipsoid([0.36, 0.3, -0.07], [0.03, 0.08, 0.015], SAND),
        capsule([-0.3, 0.05, 0], [-0.45, 0.25, 0], 0.022, SAND),
      ],
    },
    {
      name: 'figure',
      parts: [
        ellipsoid([0, 0.05, 0], [0.14, 0.22, 0.08], BLUE),
        capsule([0.06, -0.15, 0], [0.08, -0.5, 0], 0.045, BLUE),
        capsule([-0.06, -0.15, 0], [-0.08, -0.5, 0], 0.045, BLUE),
        capsule([0.12, 0.2, 0], [0.38, 0.05, 0.05], 0.035, BLUE),
        capsule([-0.12, 0.2, 0], [-0.36, 0.28, -0.04], 0.035, BLUE),
        capsule([0, 0.25, 0], [0, 0.33, 0], 0.04, BLUE),
        sphere([0, 0.42, 0], 0.1, BLUE),
      ],
    },
    {
      name: 'kettle',
      parts: [
        revolve(
          [0, -0.4, 0],
          [0, 1, 0],
          [
            [0, 0],
            [0.28, 0],
            [0.3, 0.15],
            [0.2, 0.45],
            [0, 0.5],
          ],
          STEEL,
        ),
        sphere([0, 0.12, 0], 0.045, STEEL),
        capsule([0.24, -0.25, 0], [0.36, -0.05, 0], 0.035, STEEL),
        capsule([0.36, -0.05, 0], [0.46, 0.02, 0], 0.028, STEEL),
        torus([0, 0.1, 0], [1, 0, 0], 0.2, 0.025, STEEL),
      ],
    },
  ];
}

/** A hand-held walk per shape from its own seed: turn ±15°, elevation ±10° about the front's, ×0.8–1.25. */
export function final2Walk(index: number): UnevenWalk {
  return handHeldWalkFrom(7300 + index, FINAL2_CAMERA.pitch);
}
