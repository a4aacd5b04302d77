/**
 * The fourth perspective final set, written after the put-back of thin parts through the blur
 * (multiview/field.ts) was frozen, and run once with the frozen options and once with the options before
 * it. Objects no other final set has, each with thin parts and concavities: a watering can (arched
 * handle over the top, a long spout with a rose), a bicycle-like frame (two thin wheels, a tube frame,
 * a handlebar), a cat with a tail curled up, a desk lamp (two thin arm segments, a tilted shade), a stool
 * on three splayed legs with stretchers; a camera at another yaw and elevation (33°, 16°), other focal
 * lengths (30 mm, 70 mm) and hand-held walks from a new seed.
 */
import { box, capsule, ellipsoid, revolve, sphere, torus } from './support/primitives.ts';
import type { Shape } from './support/shapes.ts';
import { handHeldWalkFrom, type UnevenWalk } from './support/views.ts';

const GREEN: [number, number, number] = [80, 140, 90];
const BLACK: [number, number, number] = [50, 50, 55];
const GINGER: [number, number, number] = [210, 130, 60];
const BRASS: [number, number, number] = [190, 160, 80];
const WALNUT: [number, number, number] = [120, 80, 50];

/** Yaw of the front view and its elevation (degrees) for this set. */
export const FINAL4_CAMERA = { yaw: 33, pitch: 16 };
/** Focal lengths (35 mm equivalent) of this set's photos. */
export const FINAL4_FOCALS = [30, 70];

export function final4Shapes(): Shape[] {
  // The bicycle frame's joints.
  const rear: [number, number, number] = [-0.3, -0.25, 0];
  const front: [number, number, number] = [0.3, -0.25, 0];
  const seat: [number, number, number] = [-0.08, 0.08, 0];
  const head: [number, number, number] = [0.22, 0.1, 0];
  const crank: [number, number, number] = [0, -0.22, 0];
  return [
    {
      name: 'watering-can',
      parts: [
        revolve(
          [0, -0.35, 0],
          [0, 1, 0],
          [
            [0, 0],
            [0.2, 0],
            [0.22, 0.05],
            [0.2, 0.4],
            [0, 0.401],
          ],
          GREEN,
        ),
        capsule([0.15, -0.22, 0], [0.45, 0.12, 0], 0.02, GREEN),
        sphere([0.46, 0.14, 0], 0.04, GREEN),
        torus([-0.02, 0.05, 0], [0, 0, 1], 0.16, 0.018, GREEN),
      ],
    },
    {
      name: 'bicycle',
      parts: [
        torus(rear, [0, 0, 1], 0.19, 0.014, BLACK),
        torus(front, [0, 0, 1], 0.19, 0.014, BLACK),
        capsule(rear, seat, 0.013, BLACK),
        capsule(seat, head, 0.013, BLACK),
        capsule(head, front, 0.013, BLACK),
        capsule(crank, seat, 0.013, BLACK),
        capsule(crank, rear, 0.013, BLACK),
        capsule(crank, head, 0.013, BLACK),
        capsule(head, [0.2, 0.2, 0], 0.013, BLACK),
        capsule([0.2, 0.2, -0.13], [0.2, 0.2, 0.13], 0.013, BLACK),
        box([-0.1, 0.12, 0], [0.06, 0.015, 0.03], BLACK),
      ],
    },
    {
      name: 'cat',
      parts: [
        ellipsoid([0, -0.1, 0], [0.24, 0.11, 0.1], GINGER),
        capsule([0.16, -0.15, 0.05], [0.17, -0.42, 0.05], 0.028, GINGER),
        capsule([0.16, -0.15, -0.05], [0.15, -0.42, -0.05], 0.028, GINGER),
        capsule([-0.16, -0.15, 0.05], [-0.17, -0.42, 0.05], 0.028, GINGER),
        capsule([-0.16, -0.15, -0.05], [-0.15, -0.42, -0.05], 0.028, GINGER),
        sphere([0.27, 0.05, 0], 0.09, GINGER),
        capsule([0.27, 0.12, 0.05], [0.27, 0.19, 0.06], 0.018, GINGER),
        capsule([0.27, 0.12, -0.05], [0.27, 0.19, -0.06], 0.018, GINGER),
        capsule([-0.22, -0.08, 0], [-0.33, 0.02, 0.02], 0.018, GINGER),
        capsule([-0.33, 0.02, 0.02], [-0.34, 0.18, 0.05], 0.018, GINGER),
        capsule([-0.34, 0.18, 0.05], [-0.27, 0.26, 0.06], 0.018, GINGER),
      ],
    },
    {
      name: 'lamp',
      parts: [
        revolve(
          [0, -0.45, 0],
          [0, 1, 0],
          [
            [0, 0],
            [0.18, 0],
            [0.17, 0.04],
            [0, 0.041],
          ],
          BRASS,
        ),
        capsule([0, -0.42, 0], [0.12, 0.03, 0], 0.015, BRASS),
        capsule([0.12, 0.03, 0], [-0.1, 0.3, 0], 0.015, BRASS),
        revolve(
          [-0.1, 0.33, 0],
          [-0.45, -0.9, 0],
          [
            [0, 0],
            [0.04, 0],
            [0.14, 0.17],
            [0, 0.171],
          ],
          BRASS,
        ),
      ],
    },
    {
      name: 'stool',
      parts: [
        revolve(
          [0, 0.2, 0],
          [0, 1, 0],
          [
            [0, 0],
            [0.22, 0],
            [0.23, 0.03],
            [0, 0.05],
          ],
          WALNUT,
        ),
        capsule([0.13, 0.2, 0], [0.26, -0.45, 0], 0.02, WALNUT),
        capsule([-0.065, 0.2, 0.113], [-0.13, -0.45, 0.225], 0.02, WALNUT),
        capsule([-0.065, 0.2, -0.113], [-0.13, -0.45, -0.225], 0.02, WALNUT),
        capsule([0.22, -0.25, 0], [-0.11, -0.25, 0.19], 0.014, WALNUT),
        capsule([-0.11, -0.25, 0.19], [-0.11, -0.25, -0.19], 0.014, WALNUT),
        capsule([-0.11, -0.25, -0.19], [0.22, -0.25, 0], 0.014, WALNUT),
      ],
    },
  ];
}

/** A hand-held walk per shape from its own seed: turn ±15°, elevation ±10° about the front's, ×0.8–1.25. */
export function final4Walk(index: number): UnevenWalk {
  return handHeldWalkFrom(9400 + index, FINAL4_CAMERA.pitch);
}
