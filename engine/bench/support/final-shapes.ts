/**
 * The perspective final set: written after the perspective camera's and the surface's options were frozen
 * (walk.ts focal search, hull.ts specks and smoothing), run once. Objects the other sets lack: a teapot
 * (spout, handle, lid knob), a side table on four thin legs, a rabbit figure (long ears, round body), a
 * desk lamp (thin arm and head), a horse (legs, neck, tail); a camera at another yaw and elevation, other
 * focal lengths (24 mm, 70 mm) and hand-held walks from other seeds.
 */
import { box, capsule, ellipsoid, revolve, sphere, torus } from './primitives.ts';
import type { Shape } from './shapes.ts';
import { handHeldWalkFrom, type UnevenWalk } from './views.ts';

const PORCELAIN: [number, number, number] = [225, 225, 235];
const WALNUT: [number, number, number] = [120, 80, 50];
const FUR: [number, number, number] = [200, 190, 175];
const BRASS: [number, number, number] = [190, 150, 70];
const BAY: [number, number, number] = [140, 85, 50];

/** Yaw of the front view and its elevation (degrees) for this set. */
export const FINAL_CAMERA = { yaw: 33, pitch: 17 };

export function finalShapes(): Shape[] {
  return [
    {
      name: 'teapot',
      parts: [
        ellipsoid([0, -0.1, 0], [0.3, 0.22, 0.3], PORCELAIN),
        sphere([0, 0.15, 0], 0.05, PORCELAIN),
        capsule([0.26, -0.12, 0], [0.45, 0.08, 0], 0.035, PORCELAIN),
        torus([-0.3, -0.08, 0], [0, 0, 1], 0.12, 0.03, PORCELAIN),
      ],
    },
    {
      name: 'side-table',
      parts: [
        box([0, 0.22, 0], [0.3, 0.025, 0.22], WALNUT),
        capsule([0.25, 0.2, 0.17], [0.27, -0.45, 0.19], 0.02, WALNUT),
        capsule([-0.25, 0.2, 0.17], [-0.27, -0.45, 0.19], 0.02, WALNUT),
        capsule([0.25, 0.2, -0.17], [0.27, -0.45, -0.19], 0.02, WALNUT),
        capsule([-0.25, 0.2, -0.17], [-0.27, -0.45, -0.19], 0.02, WALNUT),
      ],
    },
    {
      name: 'rabbit',
      parts: [
        ellipsoid([0, -0.25, 0], [0.2, 0.22, 0.18], FUR),
        sphere([0, 0.07, 0.03], 0.13, FUR),
        ellipsoid([0.05, 0.32, 0.0], [0.035, 0.15, 0.02], FUR),
        ellipsoid([-0.05, 0.32, 0.0], [0.035, 0.15, 0.02], FUR),
        sphere([0, -0.3, -0.19], 0.05, FUR),
      ],
    },
    {
      name: 'desk-lamp',
      parts: [
        revolve(
          [0, -0.45, 0],
          [0, 1, 0],
          [
            [0, 0],
            [0.18, 0],
            [0.18, 0.04],
            [0, 0.04],
          ],
          BRASS,
        ),
        capsule([0, -0.42, 0], [0.1, 0.05, 0], 0.02, BRASS),
        capsule([0.1, 0.05, 0], [-0.1, 0.3, 0], 0.02, BRASS),
        revolve(
          [-0.1, 0.3, 0],
          [0.3, -0.95, 0],
          [
            [0, 0],
            [0.05, 0],
            [0.12, 0.15],
            [0, 0.15],
          ],
          BRASS,
        ),
      ],
    },
    {
      name: 'horse',
      parts: [
        ellipsoid([0, 0.02, 0], [0.3, 0.11, 0.1], BAY),
        capsule([0.22, -0.02, 0.06], [0.22, -0.45, 0.06], 0.028, BAY),
        capsule([0.22, -0.02, -0.06], [0.22, -0.45, -0.06], 0.028, BAY),
        capsule([-0.22, -0.02, 0.06], [-0.22, -0.45, 0.06], 0.028, BAY),
        capsule([-0.22, -0.02, -0.06], [-0.22, -0.45, -0.06], 0.028, BAY),
        capsule([0.24, 0.06, 0], [0.36, 0.3, 0], 0.05, BAY),
        ellipsoid([0.44, 0.3, 0], [0.12, 0.05, 0.05], BAY),
        capsule([-0.3, 0.04, 0], [-0.38, -0.2, 0], 0.02, BAY),
      ],
    },
  ];
}

/** A hand-held walk per shape from its own seed: turn ±15°, elevation ±10° about the front's, ×0.8–1.25. */
export function finalWalk(index: number): UnevenWalk {
  return handHeldWalkFrom(5000 + index, FINAL_CAMERA.pitch);
}
