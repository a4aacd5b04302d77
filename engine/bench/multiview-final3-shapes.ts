/**
 * The third perspective final set, written after the turn scan (walk.ts `scanStep`) was frozen and run
 * once. Objects no other set has, each with thin parts: an easel on three splayed legs with a board, a
 * teacup with a ring handle on a saucer, a deer on four thin legs with a neck and antlers, a dancer with
 * one leg lifted and both arms raised, an armchair with armrests on posts; a camera at another yaw and
 * elevation (27°, 22°), other focal lengths (35 mm, 60 mm) and hand-held walks from a new seed.
 */
import { box, capsule, ellipsoid, revolve, sphere, torus } from './support/primitives.ts';
import type { Shape } from './support/shapes.ts';
import { handHeldWalkFrom, type UnevenWalk } from './support/views.ts';

const PINE: [number, number, number] = [210, 175, 120];
const WHITE: [number, number, number] = [235, 235, 228];
const FAWN: [number, number, number] = [175, 120, 75];
const RED: [number, number, number] = [180, 60, 60];
const OAK: [number, number, number] = [150, 105, 60];

/** Yaw of the front view and its elevation (degrees) for this set. */
export const FINAL3_CAMERA = { yaw: 27, pitch: 22 };
/** Focal lengths (35 mm equivalent) of this set's photos. */
export const FINAL3_FOCALS = [35, 60];

export function final3Shapes(): Shape[] {
  return [
    {
      name: 'easel',
      parts: [
        capsule([0, 0.5, 0.02], [-0.25, -0.5, 0.12], 0.018, PINE),
        capsule([0, 0.5, 0.02], [0.25, -0.5, 0.12], 0.018, PINE),
        capsule([0, 0.45, -0.02], [0, -0.5, -0.3], 0.018, PINE),
        box([0, 0.12, 0.09], [0.2, 0.16, 0.012], WHITE),
        box([0, -0.06, 0.11], [0.23, 0.015, 0.03], PINE),
      ],
    },
    {
      name: 'teacup',
      parts: [
        revolve(
          [0, -0.2, 0],
          [0, 1, 0],
          [
            [0, 0],
            [0.38, 0],
            [0.4, 0.03],
            [0, 0.035],
          ],
          WHITE,
        ),
        revolve(
          [0, -0.17, 0],
          [0, 1, 0],
          [
            [0, 0],
            [0.12, 0],
            [0.2, 0.12],
            [0.24, 0.3],
            [0, 0.3],
          ],
          WHITE,
        ),
        torus([0.27, -0.01, 0], [0, 0, 1], 0.08, 0.018, WHITE),
      ],
    },
    {
      name: 'deer',
      parts: [
        ellipsoid([0, 0.05, 0], [0.26, 0.1, 0.09], FAWN),
        capsule([0.18, 0, 0.05], [0.19, -0.45, 0.06], 0.02, FAWN),
        capsule([0.18, 0, -0.05], [0.17, -0.45, -0.06], 0.02, FAWN),
        capsule([-0.18, 0, 0.05], [-0.2, -0.45, 0.06], 0.02, FAWN),
        capsule([-0.18, 0, -0.05], [-0.19, -0.45, -0.05], 0.02, FAWN),
        capsule([0.2, 0.1, 0], [0.3, 0.3, 0], 0.045, FAWN),
        ellipsoid([0.36, 0.33, 0], [0.09, 0.05, 0.045], FAWN),
        capsule([0.3, 0.37, 0.03], [0.27, 0.5, 0.1], 0.012, OAK),
        capsule([0.3, 0.37, -0.03], [0.27, 0.5, -0.1], 0.012, OAK),
        capsule([0.28, 0.45, 0.08], [0.35, 0.52, 0.1], 0.01, OAK),
        capsule([0.28, 0.45, -0.08], [0.35, 0.52, -0.1], 0.01, OAK),
        capsule([-0.25, 0.08, 0], [-0.3, 0.12, 0], 0.025, FAWN),
      ],
    },
    {
      name: 'dancer',
      parts: [
        ellipsoid([0, 0.08, 0], [0.1, 0.18, 0.07], RED),
        capsule([0.04, -0.08, 0], [0.05, -0.5, 0.02], 0.035, RED),
        capsule([-0.04, -0.08, 0], [-0.25, -0.2, 0.1], 0.033, RED),
        capsule([-0.25, -0.2, 0.1], [-0.3, -0.38, 0.14], 0.03, RED),
        capsule([0.09, 0.2, 0], [0.22, 0.45, 0.04], 0.025, RED),
        capsule([-0.09, 0.2, 0], [-0.2, 0.42, -0.06], 0.025, RED),
        capsule([0, 0.26, 0], [0, 0.32, 0], 0.03, RED),
        sphere([0, 0.39, 0], 0.075, RED),
      ],
    },
    {
      name: 'armchair',
      parts: [
        box([0, -0.08, 0], [0.25, 0.05, 0.22], OAK),
        capsule([0.22, -0.12, 0.19], [0.22, -0.5, 0.19], 0.02, OAK),
        capsule([-0.22, -0.12, 0.19], [-0.22, -0.5, 0.19], 0.02, OAK),
        capsule([0.22, -0.12, -0.19], [0.22, -0.5, -0.19], 0.02, OAK),
        capsule([-0.22, -0.12, -0.19], [-0.22, -0.5, -0.19], 0.02, OAK),
        box([0, 0.25, -0.2], [0.25, 0.28, 0.03], OAK),
        capsule([0.23, -0.03, 0.16], [0.23, 0.15, 0.16], 0.018, OAK),
        capsule([-0.23, -0.03, 0.16], [-0.23, 0.15, 0.16], 0.018, OAK),
        box([0.23, 0.16, -0.02], [0.03, 0.015, 0.2], OAK),
        box([-0.23, 0.16, -0.02], [0.03, 0.015, 0.2], OAK),
      ],
    },
  ];
}

/** A hand-held walk per shape from its own seed: turn ±15°, elevation ±10° about the front's, ×0.8–1.25. */
export function final3Walk(index: number): UnevenWalk {
  return handHeldWalkFrom(9100 + index, FINAL3_CAMERA.pitch);
}
