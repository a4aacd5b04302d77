/**
 * A second hidden set, written after the hull method's options were frozen and never run while choosing
 * them: everyday objects of the kinds users send (a chair with a backrest, a bottle, a trophy, a robot toy,
 * a bird, a hydrant, a shoe, a potted plant), at a third camera (yaw and elevation unlike both other sets).
 */
import { blob, box, capsule, ellipsoid, revolve, sphere, torus } from './primitives.ts';
import type { Shape } from './shapes.ts';

const WOOD: [number, number, number] = [150, 100, 60];
const GLASS: [number, number, number] = [70, 140, 90];
const GOLD: [number, number, number] = [210, 170, 60];
const STEEL: [number, number, number] = [140, 150, 165];
const RED: [number, number, number] = [190, 50, 45];
const SKY: [number, number, number] = [90, 140, 210];
const CLAY: [number, number, number] = [185, 110, 80];
const LEAF: [number, number, number] = [70, 140, 60];

/** Yaw of the front view and the walk's elevation (degrees) for this set. */
export const UNSEEN_CAMERA = { yaw: 28, pitch: 8 };

export function unseenShapes(): Shape[] {
  return [
    {
      name: 'chair',
      parts: [
        box([0, -0.05, 0], [0.2, 0.025, 0.2], WOOD),
        box([0, 0.25, -0.18], [0.2, 0.28, 0.02], WOOD),
        capsule([0.17, -0.07, 0.17], [0.17, -0.5, 0.17], 0.022, WOOD),
        capsule([-0.17, -0.07, 0.17], [-0.17, -0.5, 0.17], 0.022, WOOD),
        capsule([0.17, -0.07, -0.17], [0.17, -0.5, -0.17], 0.022, WOOD),
        capsule([-0.17, -0.07, -0.17], [-0.17, -0.5, -0.17], 0.022, WOOD),
      ],
    },
    {
      name: 'bottle',
      parts: [
        revolve(
          [0, -0.5, 0],
          [0, 1, 0],
          [
            [0, 0],
            [0.16, 0],
            [0.17, 0.55],
            [0.07, 0.75],
            [0.06, 0.95],
            [0, 0.95],
          ],
          GLASS,
        ),
      ],
    },
    {
      name: 'trophy',
      parts: [
        box([0, -0.42, 0], [0.16, 0.06, 0.16], WOOD),
        capsule([0, -0.36, 0], [0, -0.05, 0], 0.035, GOLD),
        revolve(
          [0, -0.08, 0],
          [0, 1, 0],
          [
            [0, 0],
            [0.08, 0.02],
            [0.2, 0.2],
            [0.22, 0.45],
            [0, 0.45],
          ],
          GOLD,
        ),
        torus([0.26, 0.2, 0], [0, 0, 1], 0.08, 0.02, GOLD),
        torus([-0.26, 0.2, 0], [0, 0, 1], 0.08, 0.02, GOLD),
      ],
    },
    {
      name: 'robot',
      parts: [
        box([0, 0.0, 0], [0.18, 0.2, 0.12], STEEL),
        box([0, 0.32, 0], [0.12, 0.1, 0.1], STEEL),
        sphere([0.05, 0.34, 0.1], 0.025, RED),
        sphere([-0.05, 0.34, 0.1], 0.025, RED),
        capsule([0.23, 0.15, 0], [0.27, -0.15, 0.04], 0.045, STEEL),
        capsule([-0.23, 0.15, 0], [-0.27, -0.15, 0.04], 0.045, STEEL),
        box([0.09, -0.37, 0], [0.06, 0.16, 0.07], STEEL),
        box([-0.09, -0.37, 0], [0.06, 0.16, 0.07], STEEL),
      ],
    },
    {
      name: 'bird',
      parts: [
        ellipsoid([0, -0.05, 0], [0.28, 0.18, 0.16], SKY),
        sphere([0.24, 0.16, 0], 0.12, SKY),
        ellipsoid([0.38, 0.15, 0], [0.07, 0.025, 0.03], GOLD),
        ellipsoid([-0.32, 0.06, 0], [0.14, 0.03, 0.08], SKY),
        capsule([0.05, -0.2, 0.06], [0.05, -0.42, 0.06], 0.015, GOLD),
        capsule([0.05, -0.2, -0.06], [0.05, -0.42, -0.06], 0.015, GOLD),
      ],
    },
    {
      name: 'hydrant',
      parts: [
        revolve(
          [0, -0.5, 0],
          [0, 1, 0],
          [
            [0, 0],
            [0.2, 0],
            [0.2, 0.06],
            [0.13, 0.08],
            [0.13, 0.7],
            [0, 0.85],
          ],
          RED,
        ),
        capsule([0.1, 0.0, 0], [0.24, 0.0, 0], 0.06, RED),
        capsule([-0.1, 0.0, 0], [-0.24, 0.0, 0], 0.06, RED),
        capsule([0, 0.05, 0.1], [0, 0.05, 0.2], 0.05, RED),
      ],
    },
    {
      name: 'shoe',
      parts: [
        box([0, -0.42, 0], [0.4, 0.04, 0.13], STEEL),
        ellipsoid([0.05, -0.28, 0], [0.38, 0.12, 0.13], SKY),
        capsule([-0.2, -0.25, 0], [-0.2, -0.02, 0], 0.11, SKY),
      ],
    },
    {
      name: 'plant',
      parts: [
        revolve(
          [0, -0.5, 0],
          [0, 1, 0],
          [
            [0, 0],
            [0.14, 0],
            [0.19, 0.35],
            [0, 0.35],
          ],
          CLAY,
        ),
        blob([0, 0.15, 0], 0.3, LEAF),
        sphere([0.18, 0.3, 0.08], 0.12, LEAF),
      ],
    },
  ];
}
