/**
 * The walk set: written after the camera search's options were frozen (walk.ts) and run once. Shapes
 * with thin parts and concavities the other sets lack (a watering can's spout and handle, a giraffe's
 * legs, neck and ears, a stool with a footrest ring, a two-handled pot, a cat with a raised tail), each
 * photographed on an even walk and on a hand-held one: every extra view off its quarter turn by up to
 * ±15°, from its own height (the front's ±10°) and distance (×0.8–1.25), drawn from a fixed seed.
 */
import { box, capsule, ellipsoid, revolve, sphere, torus } from './primitives.ts';
import type { Shape } from './shapes.ts';
import { handHeldWalkFrom, type UnevenWalk } from './views.ts';

const TIN: [number, number, number] = [120, 150, 140];
const OCHRE: [number, number, number] = [200, 160, 70];
const OAK: [number, number, number] = [160, 115, 70];
const TERRACOTTA: [number, number, number] = [180, 95, 60];
const GREY: [number, number, number] = [130, 130, 140];

/** Yaw of the front view and its elevation (degrees) for this set. */
export const WALK_CAMERA = { yaw: 24, pitch: 13 };

export function walkShapes(): Shape[] {
  return [
    {
      name: 'watering-can',
      parts: [
        revolve(
          [0, -0.3, 0],
          [0, 1, 0],
          [
            [0, 0],
            [0.25, 0],
            [0.25, 0.45],
            [0.12, 0.55],
            [0, 0.55],
          ],
          TIN,
        ),
        capsule([0.2, -0.15, 0], [0.55, 0.3, 0], 0.035, TIN),
        torus([-0.25, 0.12, 0], [0, 0, 1], 0.16, 0.035, TIN),
      ],
    },
    {
      name: 'giraffe',
      parts: [
        ellipsoid([0, 0.05, 0], [0.28, 0.12, 0.11], OCHRE),
        capsule([0.2, -0.02, 0.07], [0.2, -0.45, 0.07], 0.03, OCHRE),
        capsule([0.2, -0.02, -0.07], [0.2, -0.45, -0.07], 0.03, OCHRE),
        capsule([-0.2, -0.02, 0.07], [-0.2, -0.45, 0.07], 0.03, OCHRE),
        capsule([-0.2, -0.02, -0.07], [-0.2, -0.45, -0.07], 0.03, OCHRE),
        capsule([0.22, 0.1, 0], [0.36, 0.42, 0], 0.045, OCHRE),
        ellipsoid([0.42, 0.46, 0], [0.09, 0.05, 0.05], OCHRE),
        capsule([0.38, 0.5, 0.04], [0.36, 0.57, 0.06], 0.015, OCHRE),
        capsule([0.38, 0.5, -0.04], [0.36, 0.57, -0.06], 0.015, OCHRE),
      ],
    },
    {
      name: 'bar-stool',
      parts: [
        revolve(
          [0, 0.32, 0],
          [0, 1, 0],
          [
            [0, 0],
            [0.2, 0],
            [0.2, 0.05],
            [0, 0.05],
          ],
          OAK,
        ),
        capsule([0.13, 0.32, 0.13], [0.16, -0.4, 0.16], 0.02, OAK),
        capsule([-0.13, 0.32, 0.13], [-0.16, -0.4, 0.16], 0.02, OAK),
        capsule([0.13, 0.32, -0.13], [0.16, -0.4, -0.16], 0.02, OAK),
        capsule([-0.13, 0.32, -0.13], [-0.16, -0.4, -0.16], 0.02, OAK),
        torus([0, -0.12, 0], [0, 1, 0], 0.15, 0.015, OAK),
      ],
    },
    {
      name: 'pot',
      parts: [
        revolve(
          [0, -0.25, 0],
          [0, 1, 0],
          [
            [0, 0],
            [0.18, 0],
            [0.27, 0.2],
            [0.24, 0.45],
            [0, 0.45],
          ],
          TERRACOTTA,
        ),
        torus([0.3, 0.1, 0], [0, 0, 1], 0.08, 0.025, TERRACOTTA),
        torus([-0.3, 0.1, 0], [0, 0, 1], 0.08, 0.025, TERRACOTTA),
      ],
    },
    {
      name: 'cat',
      parts: [
        ellipsoid([0, -0.12, 0], [0.26, 0.13, 0.12], GREY),
        sphere([0.27, 0.08, 0], 0.11, GREY),
        capsule([0.3, 0.16, 0.05], [0.32, 0.25, 0.07], 0.02, GREY),
        capsule([0.3, 0.16, -0.05], [0.32, 0.25, -0.07], 0.02, GREY),
        capsule([-0.24, -0.08, 0], [-0.36, 0.3, 0.02], 0.025, GREY),
        box([0.15, -0.28, 0], [0.04, 0.06, 0.1], GREY),
        box([-0.15, -0.28, 0], [0.04, 0.06, 0.1], GREY),
      ],
    },
  ];
}

/** A hand-held walk for each shape, from a fixed seed: turn ±15°, elevation ±10° about the front's, ×0.8–1.25. */
export function handHeldWalk(index: number): UnevenWalk {
  return handHeldWalkFrom(1000 + index, WALK_CAMERA.pitch);
}
