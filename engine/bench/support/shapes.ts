/** The ground-truth set: 12 shapes assembled from primitives, about 1 unit tall, +Y up, front +Z. */
import { blob, box, capsule, ellipsoid, type Primitive, revolve, sphere, torus } from './primitives.ts';

export interface Shape {
  name: string;
  parts: Primitive[];
}

const RED: [number, number, number] = [200, 70, 60];
const BLUE: [number, number, number] = [70, 110, 200];
const SAND: [number, number, number] = [210, 180, 120];
const GREEN: [number, number, number] = [90, 160, 90];
const GREY: [number, number, number] = [170, 170, 175];
const BROWN: [number, number, number] = [140, 95, 60];
const WHITE: [number, number, number] = [235, 235, 230];

export function groundTruthShapes(): Shape[] {
  return [
    { name: 'ball', parts: [sphere([0, 0, 0], 0.5, RED)] },
    {
      name: 'vase',
      parts: [
        revolve(
          [0, -0.5, 0],
          [0, 1, 0],
          [
            [0, 0],
            [0.18, 0],
            [0.3, 0.25],
            [0.32, 0.45],
            [0.2, 0.75],
            [0.12, 0.9],
            [0.16, 1],
            [0, 1],
          ],
          BLUE,
        ),
      ],
    },
    { name: 'torus', parts: [torus([0, 0, 0], [0, 0, 1], 0.35, 0.13, SAND)] },
    {
      name: 'mug',
      parts: [
        revolve(
          [0, -0.4, 0],
          [0, 1, 0],
          [
            [0, 0],
            [0.3, 0],
            [0.3, 0.8],
            [0, 0.8],
          ],
          WHITE,
        ),
        torus([0.3, 0, 0], [0, 0, 1], 0.2, 0.05, WHITE),
      ],
    },
    {
      name: 'snowman',
      parts: [
        sphere([0, -0.3, 0], 0.3, WHITE),
        sphere([0, 0.12, 0], 0.22, WHITE),
        sphere([0, 0.42, 0], 0.14, WHITE),
        capsule([0, 0.42, 0.1], [0, 0.42, 0.28], 0.03, RED),
      ],
    },
    {
      name: 'dog',
      parts: [
        ellipsoid([0, 0, 0], [0.4, 0.18, 0.17], BROWN),
        sphere([0.45, 0.18, 0], 0.14, BROWN),
        ellipsoid([0.58, 0.14, 0], [0.09, 0.06, 0.06], SAND),
        capsule([0.22, -0.05, 0.09], [0.22, -0.38, 0.09], 0.055, BROWN),
        capsule([0.22, -0.05, -0.09], [0.22, -0.38, -0.09], 0.055, BROWN),
        capsule([-0.25, -0.05, 0.09], [-0.25, -0.38, 0.09], 0.055, BROWN),
        capsule([-0.25, -0.05, -0.09], [-0.25, -0.38, -0.09], 0.055, BROWN),
        capsule([-0.38, 0.05, 0], [-0.55, 0.25, 0], 0.035, BROWN),
      ],
    },
    {
      name: 'character',
      parts: [
        capsule([0, -0.05, 0], [0, 0.2, 0], 0.16, BLUE),
        sphere([0, 0.5, 0], 0.15, SAND),
        capsule([0.17, 0.25, 0], [0.4, 0.02, 0], 0.05, BLUE),
        capsule([-0.17, 0.25, 0], [-0.4, 0.02, 0], 0.05, BLUE),
        capsule([0.08, -0.15, 0], [0.1, -0.5, 0], 0.065, GREY),
        capsule([-0.08, -0.15, 0], [-0.1, -0.5, 0], 0.065, GREY),
      ],
    },
    {
      name: 'stool',
      parts: [
        revolve(
          [0, 0.3, 0],
          [0, 1, 0],
          [
            [0, 0],
            [0.35, 0],
            [0.35, 0.08],
            [0, 0.08],
          ],
          BROWN,
        ),
        capsule([0.25, 0.3, 0.0], [0.3, -0.5, 0.0], 0.025, BROWN),
        capsule([-0.125, 0.3, 0.217], [-0.15, -0.5, 0.26], 0.025, BROWN),
        capsule([-0.125, 0.3, -0.217], [-0.15, -0.5, -0.26], 0.025, BROWN),
      ],
    },
    { name: 'blob', parts: [blob([0, 0, 0], 0.42, GREEN)] },
    { name: 'crate', parts: [box([0, 0, 0], [0.45, 0.3, 0.3], SAND)] },
    {
      name: 'rocket',
      parts: [
        revolve(
          [0, -0.5, 0],
          [0, 1, 0],
          [
            [0, 0],
            [0.12, 0],
            [0.14, 0.5],
            [0.1, 0.8],
            [0, 1],
          ],
          GREY,
        ),
        box([0.16, -0.38, 0], [0.1, 0.1, 0.012], RED),
        box([-0.16, -0.38, 0], [0.1, 0.1, 0.012], RED),
      ],
    },
    {
      name: 'mushroom',
      parts: [
        revolve(
          [0, -0.5, 0],
          [0, 1, 0],
          [
            [0, 0],
            [0.12, 0],
            [0.1, 0.55],
            [0, 0.55],
          ],
          WHITE,
        ),
        revolve(
          [0, 0.0, 0],
          [0, 1, 0],
          [
            [0, 0],
            [0.45, 0],
            [0.42, 0.12],
            [0.3, 0.3],
            [0.15, 0.42],
            [0, 0.45],
          ],
          RED,
        ),
      ],
    },
  ];
}
