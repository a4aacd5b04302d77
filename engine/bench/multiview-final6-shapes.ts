/**
 * The sixth perspective final set, written after the robust view acceptance (multiview/accept.ts) was
 * frozen, and run once with it and once with the plain rule. Objects no other set has, each with thin
 * parts and concavities: a wheelbarrow (an open tray, one wheel on a fork, two handles, two legs), an
 * elephant (thick legs, a curled trunk, thin tusks, flat ears, a thin tail), a swing set (an A-frame at
 * each end, a top bar, two seats hanging on thin ropes), a microscope (a base, a curved arm, a stage
 * between arm and tube, a slanted tube with an eyepiece, focus knobs), a crab (a flat body on eight thin
 * bent legs, two claws, eyes on stalks); a camera at another yaw and elevation (52°, 15°), other focal
 * lengths (40 mm, 75 mm) and hand-held walks from a new seed.
 */
import { box, capsule, ellipsoid, sphere, torus } from './support/primitives.ts';
import type { Shape } from './support/shapes.ts';
import { handHeldWalkFrom, type UnevenWalk } from './support/views.ts';

const RED: [number, number, number] = [170, 50, 40];
const STEEL: [number, number, number] = [120, 125, 135];
const ASH: [number, number, number] = [135, 130, 125];
const IVORY: [number, number, number] = [230, 225, 205];
const PINE: [number, number, number] = [190, 150, 95];
const ENAMEL: [number, number, number] = [235, 235, 230];
const BLACK: [number, number, number] = [40, 40, 45];
const CORAL: [number, number, number] = [215, 95, 60];

/** Yaw of the front view and its elevation (degrees) for this set. */
export const FINAL6_CAMERA = { yaw: 52, pitch: 15 };
/** Focal lengths (35 mm equivalent) of this set's photos. */
export const FINAL6_FOCALS = [40, 75];

const sides = [1, -1];

export function final6Shapes(): Shape[] {
  return [
    {
      name: 'wheelbarrow',
      parts: [
        // The tray: a floor and four walls, open on top.
        box([0, -0.05, 0], [0.22, 0.015, 0.16], RED),
        box([0.22, 0.03, 0], [0.015, 0.09, 0.16], RED),
        box([-0.22, 0.03, 0], [0.015, 0.09, 0.16], RED),
        box([0, 0.03, 0.16], [0.22, 0.09, 0.015], RED),
        box([0, 0.03, -0.16], [0.22, 0.09, 0.015], RED),
        torus([0.38, -0.3, 0], [0, 0, 1], 0.12, 0.03, BLACK),
        capsule([0.38, -0.3, -0.04], [0.38, -0.3, 0.04], 0.02, STEEL),
        ...sides.map((s) => capsule([0.2, -0.06, 0.05 * s], [0.38, -0.3, 0.04 * s], 0.014, STEEL)),
        ...sides.map((s) => capsule([-0.15, -0.06, 0.13 * s], [-0.55, 0.02, 0.16 * s], 0.018, STEEL)),
        ...sides.map((s) => capsule([-0.12, -0.07, 0.13 * s], [-0.14, -0.44, 0.15 * s], 0.015, STEEL)),
      ],
    },
    {
      name: 'elephant',
      parts: [
        ellipsoid([0, 0.05, 0], [0.3, 0.2, 0.2], ASH),
        ...[
          [0.18, 0.1],
          [0.18, -0.1],
          [-0.18, 0.1],
          [-0.18, -0.1],
        ].map(([x, z]) => capsule([x, -0.05, z], [x, -0.45, z], 0.06, ASH)),
        sphere([0.33, 0.15, 0], 0.13, ASH),
        ...sides.map((s) => ellipsoid([0.28, 0.17, 0.15 * s], [0.03, 0.12, 0.1], ASH)),
        capsule([0.44, 0.12, 0], [0.5, -0.05, 0], 0.035, ASH),
        capsule([0.5, -0.05, 0], [0.47, -0.25, 0], 0.028, ASH),
        capsule([0.47, -0.25, 0], [0.53, -0.3, 0], 0.022, ASH),
        ...sides.map((s) => capsule([0.4, 0.06, 0.05 * s], [0.52, -0.02, 0.08 * s], 0.012, IVORY)),
        capsule([-0.29, 0.08, 0], [-0.36, -0.15, 0], 0.01, ASH),
      ],
    },
    {
      name: 'swing-set',
      parts: [
        capsule([-0.44, 0.45, 0], [0.44, 0.45, 0], 0.02, PINE),
        ...sides.flatMap((x) =>
          sides.map((z) => capsule([0.42 * x, 0.45, 0], [0.48 * x, -0.45, 0.22 * z], 0.018, PINE)),
        ),
        ...[-0.2, 0.2].flatMap((x) => [
          capsule([x, 0.44, 0.06], [x, -0.15, 0.06], 0.008, STEEL),
          capsule([x, 0.44, -0.06], [x, -0.15, -0.06], 0.008, STEEL),
          box([x, -0.16, 0], [0.08, 0.012, 0.07], RED),
        ]),
      ],
    },
    {
      name: 'microscope',
      parts: [
        box([0, -0.42, 0.02], [0.14, 0.03, 0.18], BLACK),
        capsule([0, -0.4, -0.12], [0, 0.05, -0.14], 0.04, ENAMEL),
        capsule([0, 0.05, -0.14], [0, 0.3, -0.02], 0.035, ENAMEL),
        box([0, -0.1, 0.02], [0.12, 0.012, 0.12], BLACK),
        capsule([0, 0.36, 0.0], [0, -0.02, 0.07], 0.035, ENAMEL),
        capsule([0, 0.36, 0.0], [0, 0.47, -0.03], 0.024, BLACK),
        capsule([-0.08, 0, -0.13], [0.08, 0, -0.13], 0.03, BLACK),
        sphere([0, -0.3, 0.05], 0.035, STEEL),
      ],
    },
    {
      name: 'crab',
      parts: [
        ellipsoid([0, -0.2, 0], [0.22, 0.08, 0.16], CORAL),
        ...sides.flatMap((s) => [
          capsule([0.12, -0.14, 0.04 * s], [0.16, -0.06, 0.05 * s], 0.01, CORAL),
          sphere([0.16, -0.05, 0.05 * s], 0.02, BLACK),
          capsule([0.18, -0.18, 0.1 * s], [0.34, -0.12, 0.2 * s], 0.03, CORAL),
          ellipsoid([0.41, -0.12, 0.22 * s], [0.08, 0.04, 0.04], CORAL),
          ...[0, 1, 2, 3].flatMap((i) => {
            const x = -0.12 + 0.08 * i;
            const knee: [number, number, number] = [x - 0.04, -0.1, 0.32 * s];
            return [
              capsule([x, -0.2, 0.14 * s], knee, 0.015, CORAL),
              capsule(knee, [x - 0.06, -0.4, 0.42 * s], 0.013, CORAL),
            ];
          }),
        ]),
      ],
    },
  ];
}

/** A hand-held walk per shape from its own seed: turn ±15°, elevation ±10° about the front's, ×0.8–1.25. */
export function final6Walk(index: number): UnevenWalk {
  return handHeldWalkFrom(9600 + index, FINAL6_CAMERA.pitch);
}
