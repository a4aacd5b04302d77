/**
 * Upright output: standing figures (made for this test, not used to tune anything) photographed from a
 * little above come out standing, main axis within 5° of +Y, on y = 0 and centred; every format agrees.
 */
import { NodeIO } from '@gltf-transform/core';
import { unzipSync } from 'fflate';
import { OBJLoader } from 'three/examples/jsm/loaders/OBJLoader.js';
import { STLLoader } from 'three/examples/jsm/loaders/STLLoader.js';
import { describe, expect, it } from 'vitest';
import { leanFromVertical } from '../../bench/support/lean.ts';
import { box, capsule, ellipsoid, revolve, sphere } from '../../bench/support/primitives.ts';
import type { Shape } from '../../bench/support/shapes.ts';
import { renderTruth } from '../../bench/support/truth.ts';
import { type ConvertResult, createEngine } from '../../src/index.ts';
import { cameraFrame } from '../support/frames.ts';
import { png } from '../support/synthetic.ts';

const SKIN: [number, number, number] = [220, 180, 150];
const SHIRT: [number, number, number] = [60, 120, 190];
const DARK: [number, number, number] = [50, 50, 60];
const GOLD: [number, number, number] = [210, 170, 60];

function figures(): Shape[] {
  return [
    {
      name: 'person',
      parts: [
        capsule([-0.07, -0.5, 0], [-0.07, -0.05, 0], 0.06, DARK),
        capsule([0.07, -0.5, 0], [0.07, -0.05, 0], 0.06, DARK),
        ellipsoid([0, 0.13, 0], [0.17, 0.22, 0.1], SHIRT),
        capsule([-0.2, 0.3, 0], [-0.24, -0.05, 0], 0.045, SHIRT),
        capsule([0.2, 0.3, 0], [0.24, -0.05, 0], 0.045, SHIRT),
        sphere([0, 0.43, 0], 0.09, SKIN),
      ],
    },
    {
      name: 'penguin',
      parts: [
        ellipsoid([0, -0.12, 0], [0.2, 0.33, 0.18], DARK),
        sphere([0, 0.3, 0], 0.14, DARK),
        ellipsoid([0, -0.12, 0.1], [0.13, 0.26, 0.1], [235, 235, 230]),
        box([0, -0.47, 0.08], [0.12, 0.02, 0.08], GOLD),
      ],
    },
    {
      name: 'statuette',
      parts: [
        box([0, -0.47, 0], [0.18, 0.03, 0.18], DARK),
        revolve(
          [0, -0.44, 0],
          [0, 1, 0],
          [
            [0, 0],
            [0.1, 0],
            [0.07, 0.3],
            [0.12, 0.6],
            [0.06, 0.8],
            [0.09, 0.9],
            [0, 0.94],
          ],
          GOLD,
        ),
      ],
    },
  ];
}

function bounds(p: ArrayLike<number>) {
  const min = [Infinity, Infinity, Infinity];
  const max = [-Infinity, -Infinity, -Infinity];
  for (let i = 0; i < p.length; i++) {
    min[i % 3] = Math.min(min[i % 3], p[i]);
    max[i % 3] = Math.max(max[i % 3], p[i]);
  }
  return { min, max };
}

/**
 * Proportions of a Y-up point set (ranges only, so a format that repeats vertices per corner reads the
 * same): width and depth over height, and how far the top tenth's depth centre sits from the bottom's.
 */
function proportions(p: ArrayLike<number>) {
  const { min, max } = bounds(p);
  const h = max[1] - min[1];
  const top = [Infinity, -Infinity];
  const low = [Infinity, -Infinity];
  for (let i = 0; i < p.length; i += 3) {
    const t = (p[i + 1] - min[1]) / h;
    const band = t > 0.9 ? top : t < 0.1 ? low : null;
    if (!band) continue;
    band[0] = Math.min(band[0], p[i + 2]);
    band[1] = Math.max(band[1], p[i + 2]);
  }
  return {
    width: (max[0] - min[0]) / h,
    depth: (max[2] - min[2]) / h,
    topOverFoot: ((top[0] + top[1]) / 2 - (low[0] + low[1]) / 2) / h,
  };
}

describe('upright output', () => {
  const engine = createEngine();
  const results = new Map<string, ConvertResult>();
  const convert = async (shape: Shape, pitch: number) => {
    const key = `${shape.name}@${pitch}`;
    const cached = results.get(key);
    if (cached) return cached;
    const truth = renderTruth(shape, 100, { yaw: 25, pitch });
    const r = await engine.convert(await png(truth.image), { topology: 'low' });
    results.set(key, r);
    return r;
  };

  it('stands figures photographed from 12–18° above within 5° of +Y, on y = 0, centred', async () => {
    for (const shape of figures()) {
      for (const pitch of [12, 18]) {
        const r = await convert(shape, pitch);
        const lean = leanFromVertical(r.mesh.positions, r.mesh.indices);
        expect(lean, `${shape.name} at ${pitch}°`).toBeLessThan(5);
        // In the camera frame (what the GLB was before) the same figure leans by about the elevation.
        expect(
          leanFromVertical(cameraFrame(r), r.mesh.indices),
          `${shape.name} camera frame`,
        ).toBeGreaterThan(9);
        const { min, max } = bounds(r.mesh.positions);
        expect(min[1]).toBeCloseTo(0, 5);
        expect(max[1]).toBeCloseTo(1, 5);
        expect((min[0] + max[0]) / 2).toBeCloseTo(0, 5);
        expect((min[2] + max[2]) / 2).toBeCloseTo(0, 5);
        // Read from the photo where it can tell (within a few degrees), else the 15° prior.
        const { source, degrees } = r.stats.elevation;
        expect(r.stats.level.elevationDeg).toBe(degrees);
        if (source === 'estimated') expect(Math.abs(degrees - pitch)).toBeLessThan(6);
        else expect(degrees).toBe(15);
      }
    }
  });

  it('GLB, OBJ, USDZ and STL agree: same proportions, same lean (none)', async () => {
    const r = await convert(figures()[0], 12);
    const reference = proportions(r.mesh.positions);
    expect(Math.abs(reference.topOverFoot)).toBeLessThan(0.08);

    const glb = (await engine.exportModel(r, 'glb')).files[0].data;
    const doc = await new NodeIO().readBinary(glb);
    const glbPos = doc.getRoot().listMeshes()[0].listPrimitives()[0].getAttribute('POSITION')!.getArray()!;

    const zip = unzipSync((await engine.exportModel(r, 'obj')).files[0].data);
    const obj = new OBJLoader().parse(new TextDecoder().decode(zip['model.obj']));
    let objPos: ArrayLike<number> = [];
    obj.traverse((o) => {
      const g = (o as { geometry?: { getAttribute(n: string): { array: ArrayLike<number> } } }).geometry;
      if (g) objPos = g.getAttribute('position').array;
    });

    const usdz = unzipSync((await engine.exportModel(r, 'usdz')).files[0].data);
    const usda = new TextDecoder().decode(usdz['model.usda']);
    const pointsText = usda.match(/point3f\[\] points = \[([^\]]*)\]/)![1];
    const usdPos = (pointsText.match(/-?[\d.e-]+/g) ?? []).map(Number);

    const stl = (await engine.exportModel(r, 'stl', { flatBaseMm: 0 })).files[0].data;
    const geo = new STLLoader().parse(
      stl.buffer.slice(stl.byteOffset, stl.byteOffset + stl.byteLength) as ArrayBuffer,
    );
    const zUp = geo.getAttribute('position').array as Float32Array;
    // Slicer Z up → glTF Y up: (x, y, z) → (x, z, −y).
    const stlPos = new Float32Array(zUp.length);
    for (let i = 0; i < zUp.length; i += 3) {
      stlPos[i] = zUp[i];
      stlPos[i + 1] = zUp[i + 2];
      stlPos[i + 2] = -zUp[i + 1];
    }
    const usdBounds = bounds(usdPos);
    expect(usdBounds.min[1]).toBeCloseTo(0, 5);
    for (const [name, pos] of [
      ['glb', glbPos],
      ['obj', objPos],
      ['usdz', usdPos],
      ['stl', stlPos],
    ] as const) {
      const got = proportions(pos);
      expect(got.width, name).toBeCloseTo(reference.width, 3);
      expect(got.depth, name).toBeCloseTo(reference.depth, 3);
      expect(got.topOverFoot, name).toBeCloseTo(reference.topOverFoot, 3);
    }
  });
});
