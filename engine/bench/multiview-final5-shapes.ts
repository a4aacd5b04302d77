/**
 * The fifth perspective final set, written during the work on the flat-object step (multiview/flat.ts)
 * but never rendered or run until that step's options were frozen; then run once with the frozen options
 * and once with the options before it. Objects no other set has, each
 * with thin parts: a coat stand (a pole on three splayed feet with hooks), a kick scooter (a flat deck,
 * two small wheels, a steering column and a handlebar across), a ladder-back chair with rungs between
 * its legs, an ostrich (a body on two long legs, a long neck), a trophy cup with two ring handles on a
 * stem; a camera at another yaw and elevation (38°, 18°), other focal lengths (32 mm, 55 mm) and
 * hand-held walks from a new seed.
 */
import { box, capsule, ellipsoid, revolve, sphere, torus } from './support/primitives.ts';
import type { Shape } from './support/shapes.ts';
import { handHeldWalkFrom, type UnevenWalk } from './support/views.ts';

const STEEL: [number, number, number] = [120, 125, 135];
const TEAL: [number, number, number] = [60, 140, 150];
const BEECH: [number, number, number] = [200, 160, 110];
const PLUME: [number, number, number] = [70, 60, 55];
const GOLD: [number, number, number] = [205, 170, 70];

/** Yaw of the front view and its elevation (degrees) for this set. */
export const FINAL5_CAMERA = { yaw: 38, pitch: 18 };
/** Focal lengths (35 mm equivalent) of this set's photos. */
export const FINAL5_FOCALS = [32, 55];

export function final5Shapes(): Shape[] {
  const feet = [0, 120, 240].map((deg) => {
    const a = (deg * Math.PI) / 180;
    return capsule([0, -0.36, 0], [0.22 * Math.cos(a), -0.5, 0.22 * Math.sin(a)], 0.015, STEEL);
  });
  const legs = [
    [0.19, 0.19],
    [-0.19, 0.19],
    [0.19, -0.19],
    [-0.19, -0.19],
  ].map(([x, z]) => capsule([x, 0, z], [x, -0.5, z], 0.018, BEECH));
  return [
    {
      name: 'coat-stand',
      parts: [
        capsule([0, -0.4, 0], [0, 0.45, 0], 0.02, STEEL),
        sphere([0, 0.47, 0], 0.03, STEEL),
        capsule([0, 0.33, 0], [0.15, 0.42, 0], 0.012, STEEL),
        capsule([0, 0.33, 0], [-0.15, 0.42, 0], 0.012, STEEL),
        capsule([0, 0.28, 0], [0, 0.37, 0.15], 0.012, STEEL),
        capsule([0, 0.28, 0], [0, 0.37, -0.15], 0.012, STEEL),
        ...feet,
      ],
    },
    {
      name: 'scooter',
      parts: [
        box([0, -0.4, 0], [0.26, 0.015, 0.06], TEAL),
        torus([-0.3, -0.43, 0], [0, 0, 1], 0.055, 0.022, STEEL),
        torus([0.32, -0.43, 0], [0, 0, 1], 0.055, 0.022, STEEL),
        capsule([-0.3, -0.43, 0], [-0.22, -0.4, 0], 0.014, STEEL),
        capsule([0.32, -0.43, 0], [0.26, 0.38, 0], 0.016, TEAL),
        capsule([0.24, -0.4, 0], [0.3, -0.26, 0], 0.015, TEAL),
        capsule([0.26, 0.38, -0.16], [0.26, 0.38, 0.16], 0.014, STEEL),
      ],
    },
    {
      name: 'ladder-chair',
      parts: [
        box([0, 0, 0], [0.22, 0.02, 0.22], BEECH),
        ...legs,
        capsule([0.19, -0.3, -0.19], [0.19, -0.3, 0.19], 0.012, BEECH),
        capsule([-0.19, -0.3, -0.19], [-0.19, -0.3, 0.19], 0.012, BEECH),
        capsule([-0.19, -0.36, 0.19], [0.19, -0.36, 0.19], 0.012, BEECH),
        capsule([0.19, 0, -0.19], [0.19, 0.5, -0.19], 0.018, BEECH),
        capsule([-0.19, 0, -0.19], [-0.19, 0.5, -0.19], 0.018, BEECH),
        ...[0.2, 0.32, 0.44].map((y) => box([0, y, -0.19], [0.19, 0.025, 0.012], BEECH)),
      ],
    },
    {
      name: 'ostrich',
      parts: [
        ellipsoid([0, 0.05, 0], [0.2, 0.13, 0.13], PLUME),
        ellipsoid([-0.2, 0.12, 0], [0.06, 0.05, 0.08], PLUME),
        capsule([0.02, -0.04, 0.06], [0.05, -0.5, 0.07], 0.018, BEECH),
        capsule([0.02, -0.04, -0.06], [-0.02, -0.5, -0.07], 0.018, BEECH),
        capsule([0.15, 0.1, 0], [0.26, 0.42, 0], 0.025, BEECH),
        sphere([0.28, 0.45, 0], 0.045, BEECH),
        capsule([0.3, 0.45, 0], [0.37, 0.43, 0], 0.012, BEECH),
      ],
    },
    {
      name: 'trophy',
      parts: [
        box([0, -0.45, 0], [0.12, 0.05, 0.12], PLUME),
        revolve(
          [0, -0.4, 0],
          [0, 1, 0],
          [
            [0, 0],
            [0.07, 0],
            [0.025, 0.06],
            [0.025, 0.3],
            [0, 0.301],
          ],
          GOLD,
        ),
        revolve(
          [0, -0.1, 0],
          [0, 1, 0],
          [
            [0, 0],
            [0.05, 0],
            [0.17, 0.2],
            [0.19, 0.42],
            [0, 0.421],
          ],
          GOLD,
        ),
        torus([0.21, 0.17, 0], [0, 0, 1], 0.08, 0.016, GOLD),
        torus([-0.21, 0.17, 0], [0, 0, 1], 0.08, 0.016, GOLD),
      ],
    },
  ];
}

/** A hand-held walk per shape from its own seed: turn ±15°, elevation ±10° about the front's, ×0.8–1.25. */
export function final5Walk(index: number): UnevenWalk {
  return handHeldWalkFrom(9500 + index, FINAL5_CAMERA.pitch);
}
