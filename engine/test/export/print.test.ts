/**
 * The print test: the STL of a standing thing is one closed solid, 100 mm tall, on z = 0, levelled to the
 * real vertical, and stands (centre of mass over the convex hull of what touches the bed). Checked on an
 * upright bar the test draws, on the real photos and on the benchmark's ground-truth shapes.
 */
import { readFileSync } from 'node:fs';
import { basename } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { groundTruthShapes } from '../../bench/support/shapes.ts';
import { renderTruth } from '../../bench/support/truth.ts';
import { createEngine, EngineError } from '../../src/index.ts';
import type { RgbaImage } from '../../src/types.ts';
import { listPhotos } from '../support/photos.ts';
import { printReport } from '../support/print-checks.ts';
import { png } from '../support/synthetic.ts';

const engine = createEngine();
afterAll(() => engine.close());

/** A shaded upright bar (a post) on a small foot, transparent around it. */
function post(size = 320): RgbaImage {
  const data = new Uint8Array(size * size * 4);
  for (let y = 0; y < size; y++) {
    for (let x = 0; x < size; x++) {
      const bar = Math.abs(x - 160) < 28 && y > 20 && y < 280;
      const foot = Math.abs(x - 160) < 70 && y >= 280 && y < 300;
      if (!bar && !foot) continue;
      const o = (y * size + x) * 4;
      const s = 0.55 + 0.45 * Math.cos(((x - 160) / 70) * (Math.PI / 2));
      data.set([150 * s, 120 * s, 90 * s, 255], o);
    }
  }
  return { width: size, height: size, data };
}

function expectPrintable(bytes: Uint8Array, label: string) {
  const r = printReport(bytes);
  expect(r.pieces, label).toBe(1);
  expect(r.badEdges, label).toBe(0);
  expect(r.flippedEdges, label).toBe(0);
  expect(r.volume, label).toBeGreaterThan(0);
  expect(r.height, label).toBeCloseTo(100, 1);
  expect(Math.abs(r.minZ), label).toBeLessThan(1e-3);
  expect(r.contactPoints, label).toBeGreaterThanOrEqual(3);
  expect(r.standMargin, label).toBeGreaterThan(0);
}

/** Mean bed-plane position of the vertices in a height band (mm). */
function bandCentre(bytes: Uint8Array, z0: number, z1: number): [number, number] {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const n = view.getUint32(80, true);
  let sx = 0;
  let sy = 0;
  let c = 0;
  for (let t = 0; t < n; t++) {
    for (let k = 0; k < 3; k++) {
      const o = 84 + t * 50 + 12 + k * 12;
      const z = view.getFloat32(o + 8, true);
      if (z < z0 || z > z1) continue;
      sx += view.getFloat32(o, true);
      sy += view.getFloat32(o + 4, true);
      c++;
    }
  }
  return [sx / c, sy / c];
}

describe('print: STL stands', () => {
  it('levels an upright post: its top is over its foot in the STL and in the model itself', async () => {
    const model = await engine.convert(await png(post()), { topology: 'low' });
    // The 15° camera lean is undone once, in the engine: the model is upright, the exporters add nothing.
    expect(model.stats.level.elevationDeg).toBe(15);
    expect(model.elevationDeg).toBe(0);
    const stl = (await engine.exportModel(model, 'stl')).files[0].data;
    expectPrintable(stl, 'post');
    const top = bandCentre(stl, 80, 95);
    const low = bandCentre(stl, 12, 25);
    // Left in the camera frame the top would sit tan(15°)·(~65 mm) ≈ 17 mm behind the bottom.
    expect(Math.abs(top[1] - low[1])).toBeLessThan(3);
    expect(Math.abs(top[0] - low[0])).toBeLessThan(3);
    // The GLB's mesh too: the top's depth is the bottom's (in the camera frame it was > 0.05 nearer).
    const p = model.mesh.positions;
    let topZ = 0;
    let topN = 0;
    let lowZ = 0;
    let lowN = 0;
    for (let i = 0; i < p.length; i += 3) {
      if (p[i + 1] > 0.8) {
        topZ += p[i + 2];
        topN++;
      } else if (p[i + 1] < 0.3 && p[i + 1] > 0.15) {
        lowZ += p[i + 2];
        lowN++;
      }
    }
    expect(Math.abs(topZ / topN - lowZ / lowN)).toBeLessThan(0.02);
  });

  it('--flat-base 0 keeps the levelled model whole (no cut face), still 100 mm on z = 0', async () => {
    const model = await engine.convert(await png(post()), { topology: 'low' });
    const cut = printReport((await engine.exportModel(model, 'stl')).files[0].data);
    const whole = printReport((await engine.exportModel(model, 'stl', { flatBaseMm: 0 })).files[0].data);
    expect(whole.height).toBeCloseTo(100, 1);
    expect(Math.abs(whole.minZ)).toBeLessThan(1e-3);
    expect(whole.contactPoints).toBeLessThan(cut.contactPoints);
  });

  it('refuses a base deeper than 10 mm with a clear error', async () => {
    const model = await engine.convert(await png(post()), { topology: 'low' });
    const err = await engine.exportModel(model, 'stl', { flatBaseMm: 25 }).catch((e) => e);
    expect(err).toBeInstanceOf(EngineError);
    expect(err.code).toBe('invalid_option');
  });

  const photos = listPhotos();
  it.skipIf(photos.length === 0)('every photo prints as one standing solid', async () => {
    for (const p of photos) {
      const model = await engine.convert(new Uint8Array(readFileSync(p)), { topology: 'low' });
      expectPrintable((await engine.exportModel(model, 'stl')).files[0].data, basename(p));
    }
  });

  it('every benchmark shape prints as one standing solid', async () => {
    for (const shape of groundTruthShapes()) {
      const bytes = await png(renderTruth(shape, 100).image);
      const model = await engine.convert(bytes, { topology: 'low' });
      expectPrintable((await engine.exportModel(model, 'stl')).files[0].data, shape.name);
    }
  });
});
