/**
 * The multi-view hidden set: shapes the multi-view method was never tuned on (its options were chosen on
 * groundTruthShapes only), photographed by a camera at another yaw and elevation than the tuning set's,
 * so the numbers say how the method does on objects nobody here looked at while choosing it.
 */
import { blob, box, capsule, ellipsoid, revolve, sphere, torus } from './primitives.ts';
import type { Shape } from './shapes.ts';

const TEAL: [number, number, number] = [60, 150, 150];
const ORANGE: [number, number, number] = [220, 130, 50];
const CREAM: [number, number, number] = [225, 215, 185];
const OLIVE: [number, number, number] = [120, 130, 60];
const PLUM: [number, number, number] = [130, 70, 120];
const STONE: [number, number, number] = [150, 145, 135];

/** Yaw of the front view and the walk's elevation (degrees) for the hidden set. */
export const HIDDEN_CAMERA = { yaw: 20, pitch: 14 };

export function hiddenShapes(): Shape[] {
  return [
    {
      name: 'teapot',
      parts: [
        revolve(
          [0, -0.35, 0],
          [0, 1, 0],
          [
            [0, 0],
            [0.22, 0],
            [0.3, 0.2],
            [0.25, 0.42],
            [0.08, 0.5],
            [0, 0.5],
          ],
          TEAL,
        ),
        capsule([0.25, -0.1, 0], [0.45, 0.15, 0], 0.04, TEAL),
        torus([-0.3, -0.05, 0], [0, 0, 1], 0.12, 0.03, TEAL),
        sphere([0, 0.18, 0], 0.06, TEAL),
      ],
    },
    {
      name: 'table',
      parts: [
        box([0, 0.25, 0], [0.4, 0.03, 0.28], CREAM),
        capsule([0.34, 0.22, 0.22], [0.34, -0.35, 0.22], 0.03, CREAM),
        capsule([-0.34, 0.22, 0.22], [-0.34, -0.35, 0.22], 0.03, CREAM),
        capsule([0.34, 0.22, -0.22], [0.34, -0.35, -0.22], 0.03, CREAM),
        capsule([-0.34, 0.22, -0.22], [-0.34, -0.35, -0.22], 0.03, CREAM),
      ],
    },
    {
      name: 'duck',
      parts: [
        ellipsoid([0, -0.1, 0], [0.3, 0.2, 0.22], ORANGE),
        sphere([0.22, 0.2, 0], 0.14, ORANGE),
        ellipsoid([0.38, 0.18, 0], [0.08, 0.03, 0.05], PLUM),
        ellipsoid([-0.28, 0.0, 0], [0.1, 0.06, 0.12], ORANGE),
      ],
    },
    {
      name: 'lamp',
      parts: [
        revolve(
          [0, -0.5, 0],
          [0, 1, 0],
          [
            [0, 0],
            [0.2, 0],
            [0.2, 0.04],
            [0, 0.06],
          ],
          STONE,
        ),
        capsule([0, -0.46, 0], [0, 0.15, 0], 0.03, STONE),
        revolve(
          [0, 0.1, 0],
          [0, 1, 0],
          [
            [0, 0],
            [0.28, 0],
            [0.16, 0.35],
            [0, 0.35],
          ],
          CREAM,
        ),
      ],
    },
    {
      name: 'cactus',
      parts: [
        capsule([0, -0.45, 0], [0, 0.4, 0], 0.11, OLIVE),
        capsule([0.1, -0.05, 0.02], [0.28, 0.0, 0.05], 0.06, OLIVE),
        capsule([0.28, 0.0, 0.05], [0.28, 0.22, 0.05], 0.06, OLIVE),
        capsule([-0.1, 0.1, -0.03], [-0.24, 0.12, -0.06], 0.055, OLIVE),
        capsule([-0.24, 0.12, -0.06], [-0.24, 0.3, -0.06], 0.055, OLIVE),
      ],
    },
    {
      name: 'bench',
      parts: [
        box([0, 0.05, 0], [0.45, 0.04, 0.16], PLUM),
        box([0.36, -0.22, 0], [0.04, 0.24, 0.14], PLUM),
        box([-0.36, -0.22, 0], [0.04, 0.24, 0.14], PLUM),
      ],
    },
    {
      name: 'pebble',
      parts: [blob([0, 0, 0], 0.36, STONE), ellipsoid([0, 0.3, 0], [0.12, 0.1, 0.12], STONE)],
    },
    {
      name: 'tower',
      parts: [
        box([0, -0.2, 0], [0.18, 0.3, 0.18], CREAM),
        box([0, 0.18, 0], [0.12, 0.1, 0.12], TEAL),
        sphere([0, 0.34, 0], 0.1, ORANGE),
      ],
    },
  ];
}
