import { describe, expect, it } from 'vitest';
import { decodeImage } from '../../src/decode/decode.ts';
import type { ConvertResult } from '../../src/index.ts';
import { createEngine } from '../../src/index.ts';
import { cameraFrame } from '../support/frames.ts';
import { checkManifold, weld } from '../support/mesh-checks.ts';
import { listPhotos } from '../support/photos.ts';
import { silhouetteIoU } from '../support/silhouette.ts';
import { figure, png } from '../support/synthetic.ts';

const engine = createEngine();

function expectClosedSolid(result: ConvertResult) {
  const report = checkManifold(weld(result.mesh.positions, result.mesh.indices));
  expect(report.degenerate).toBe(0);
  expect(report.badEdges).toBe(0);
  expect(report.flippedEdges).toBe(0);
  expect(report.nonManifoldVertices).toBe(0);
  expect(report.volume).toBeGreaterThan(0);
}

function expectConvention(result: ConvertResult) {
  const p = result.mesh.positions;
  const min = [Infinity, Infinity, Infinity];
  const max = [-Infinity, -Infinity, -Infinity];
  for (let i = 0; i < p.length; i++) {
    min[i % 3] = Math.min(min[i % 3], p[i]);
    max[i % 3] = Math.max(max[i % 3], p[i]);
  }
  // Upright: 1 unit tall on y = 0, centred over the origin.
  expect(max[1] - min[1]).toBeCloseTo(1, 3);
  expect(Math.abs(min[1])).toBeLessThan(1e-5);
  for (const k of [0, 2]) expect(Math.abs((min[k] + max[k]) / 2)).toBeLessThan(1e-3);
}

describe('convert: synthetic figure with alpha', () => {
  it('makes a closed, outward-oriented solid whose front view matches the mask (low)', async () => {
    const image = figure(512);
    const stages: string[] = [];
    const result = await engine.convert(await png(image), {
      topology: 'low',
      onProgress: (s) => stages.push(s),
    });
    expect(stages).toEqual(['decode', 'isolate', 'geometry', 'topology', 'texture', 'done']);
    expect(result.stats.isolation).toBe('alpha');
    expect(result.stats.triangles).toBeGreaterThan(3000);
    expect(result.stats.triangles).toBeLessThanOrEqual(5000);
    expect(result.texture.width).toBe(1024);
    expectClosedSolid(result);
    expectConvention(result);
    expect(silhouetteIoU(result, image)).toBeGreaterThanOrEqual(0.97);
  });

  it('keeps the hole a hole and the thin arm thin', async () => {
    const image = figure(512);
    const result = await engine.convert(await png(image), { topology: 'high' });
    expect(result.stats.triangles).toBeGreaterThanOrEqual(30000);
    expectClosedSolid(result);
    const { unitsPerPixel: u, centrePx } = result.stats.frame;
    // Thickness (z extent) of vertices over the hole's centre, the arm, and the body's centre.
    const zExtent = (px: number, py: number, r: number) => {
      let lo = Infinity;
      let hi = -Infinity;
      const p = cameraFrame(result);
      for (let i = 0; i < p.length; i += 3) {
        const x = p[i] / u + centrePx[0];
        const y = -p[i + 1] / u + centrePx[1];
        if (Math.hypot(x - px, y - py) > r) continue;
        lo = Math.min(lo, p[i + 2]);
        hi = Math.max(hi, p[i + 2]);
      }
      return hi - lo;
    };
    expect(zExtent(230, 320, 20)).toBe(-Infinity); // no vertex inside the hole
    const arm = zExtent(420, 259, 6) / u; // in pixels
    const head = zExtent(230, 130, 6) / u;
    expect(arm).toBeLessThan(30); // the arm is 18 px wide: a round arm is ~18 px thick
    expect(head).toBeGreaterThan(120); // the head is a 140 px disc: a ball is ~140 px thick
    expect(silhouetteIoU(result, image)).toBeGreaterThanOrEqual(0.97);
  });
});

describe('convert: real photos', () => {
  const photos = listPhotos().slice(0, 3);
  it.skipIf(photos.length === 0)(
    'every photo gives a closed solid with a silhouette IoU ≥ 0.97',
    async () => {
      for (const path of photos) {
        const result = await engine.convert(path, { topology: 'low' });
        const { readFile } = await import('node:fs/promises');
        const image = await decodeImage(new Uint8Array(await readFile(path)));
        expectClosedSolid(result);
        expect(silhouetteIoU(result, image), path).toBeGreaterThanOrEqual(0.97);
      }
    },
  );
});
