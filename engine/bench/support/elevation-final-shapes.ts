/**
 * The single-photo elevation final set: written after the estimator's options were frozen on the tuning
 * set (the 12 ground-truth and 8 unseen shapes at yaw 30°, 35 mm) and run once, at another camera (yaw
 * −22°, 28 mm) and other elevations. Figures with and without a base, animals, vessels, furniture.
 */
import { box, capsule, ellipsoid, revolve, sphere, torus } from './primitives.ts';
import type { Shape } from './shapes.ts';

const MARBLE: [number, number, number] = [215, 210, 200];
const ROBE: [number, number, number] = [80, 110, 170];
const SKIN: [number, number, number] = [225, 185, 150];
const TERRACOTTA: [number, number, number] = [190, 100, 60];
const GINGER: [number, number, number] = [210, 130, 60];
const BARK: [number, number, number] = [110, 80, 55];
const FEATHER: [number, number, number] = [150, 120, 90];
const FABRIC: [number, number, number] = [70, 140, 120];
const SILVER: [number, number, number] = [180, 185, 195];
const GLASS: [number, number, number] = [120, 170, 200];
const DENIM: [number, number, number] = [60, 80, 140];
const RED: [number, number, number] = [190, 60, 50];

const cylinder = (y0: number, r: number, h: number, colour: [number, number, number]) =>
  revolve(
    [0, y0, 0],
    [0, 1, 0],
    [
      [0, 0],
      [r, 0],
      [r, h],
      [0, h],
    ],
    colour,
  );

export function elevationFinalShapes(): Shape[] {
  return [
    {
      name: 'robed-figure-on-plinth',
      parts: [
        cylinder(-0.5, 0.24, 0.1, MARBLE),
        revolve(
          [0, -0.4, 0],
          [0, 1, 0],
          [
            [0, 0],
            [0.15, 0],
            [0.1, 0.5],
            [0, 0.55],
          ],
          ROBE,
        ),
        sphere([0, 0.25, 0], 0.09, SKIN),
        capsule([-0.1, 0.08, 0.02], [-0.14, -0.15, 0.05], 0.03, ROBE),
        capsule([0.1, 0.08, 0.02], [0.14, -0.15, 0.05], 0.03, ROBE),
      ],
    },
    {
      name: 'amphora',
      parts: [
        revolve(
          [0, -0.5, 0],
          [0, 1, 0],
          [
            [0, 0],
            [0.12, 0],
            [0.12, 0.05],
            [0.08, 0.1],
            [0.25, 0.45],
            [0.22, 0.7],
            [0.09, 0.85],
            [0.11, 1],
            [0, 1],
          ],
          TERRACOTTA,
        ),
        torus([0.17, 0.25, 0], [0, 0, 1], 0.07, 0.02, TERRACOTTA),
        torus([-0.17, 0.25, 0], [0, 0, 1], 0.07, 0.02, TERRACOTTA),
      ],
    },
    {
      name: 'sitting-cat',
      parts: [
        ellipsoid([0, -0.25, 0], [0.2, 0.25, 0.22], GINGER),
        sphere([0, 0.12, 0.05], 0.15, GINGER),
        ellipsoid([-0.08, 0.27, 0.05], [0.04, 0.07, 0.02], GINGER),
        ellipsoid([0.08, 0.27, 0.05], [0.04, 0.07, 0.02], GINGER),
        capsule([0.15, -0.45, -0.1], [0.3, -0.3, -0.15], 0.035, GINGER),
      ],
    },
    {
      name: 'owl-on-stump',
      parts: [
        cylinder(-0.5, 0.2, 0.4, BARK),
        ellipsoid([0, 0.2, 0], [0.17, 0.22, 0.15], FEATHER),
        sphere([0, 0.4, 0.02], 0.12, FEATHER),
      ],
    },
    {
      name: 'armchair',
      parts: [
        box([0, -0.2, 0], [0.32, 0.1, 0.28], FABRIC),
        box([0, 0.1, -0.22], [0.32, 0.25, 0.06], FABRIC),
        box([-0.28, -0.02, 0], [0.05, 0.1, 0.28], FABRIC),
        box([0.28, -0.02, 0], [0.05, 0.1, 0.28], FABRIC),
        box([0, -0.4, 0], [0.28, 0.1, 0.24], BARK),
      ],
    },
    {
      name: 'goblet',
      parts: [
        revolve(
          [0, -0.5, 0],
          [0, 1, 0],
          [
            [0, 0],
            [0.22, 0],
            [0.22, 0.03],
            [0.04, 0.08],
            [0.04, 0.45],
            [0.2, 0.6],
            [0.26, 1],
            [0, 1],
          ],
          SILVER,
        ),
      ],
    },
    {
      name: 'thermos',
      parts: [cylinder(-0.5, 0.16, 0.85, GLASS), cylinder(0.35, 0.13, 0.15, RED)],
    },
    {
      name: 'walking-kid',
      parts: [
        capsule([-0.06, -0.48, 0.05], [-0.05, -0.1, 0], 0.05, DENIM),
        capsule([0.06, -0.48, -0.05], [0.05, -0.1, 0], 0.05, DENIM),
        ellipsoid([0, 0.08, 0], [0.13, 0.19, 0.09], RED),
        capsule([-0.15, 0.2, 0], [-0.2, -0.05, 0.08], 0.035, RED),
        capsule([0.15, 0.2, 0], [0.2, -0.05, -0.08], 0.035, RED),
        sphere([0, 0.38, 0], 0.1, SKIN),
      ],
    },
  ];
}
