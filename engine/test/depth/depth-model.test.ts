import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createDepthEstimator } from '../../src/depth/depth-model.ts';
import { createEngine, EngineError } from '../../src/index.ts';
import type { RgbaImage } from '../../src/types.ts';
import { cameraFrame } from '../support/frames.ts';
import { checkManifold, weld } from '../support/mesh-checks.ts';
import { meanDepthModel } from '../support/onnx.ts';
import { png } from '../support/synthetic.ts';

const dir = mkdtempSync(join(tmpdir(), 'lift3d-depth-'));
const modelPath = join(dir, 'tiny-depth.onnx');
writeFileSync(modelPath, meanDepthModel(64));

/** A disc whose left half is bright and right half dark: brightness = nearness for the tiny model. */
function halfBright(size = 256): RgbaImage {
  const data = new Uint8Array(size * size * 4);
  for (let y = 0; y < size; y++) {
    for (let x = 0; x < size; x++) {
      if (Math.hypot(x - size / 2, y - size / 2) > size * 0.4) continue;
      const o = (y * size + x) * 4;
      const v = x < size / 2 ? 240 : 30;
      data.set([v, v, v, 255], o);
    }
  }
  return { width: size, height: size, data };
}

describe('optional ONNX depth model', () => {
  it('loads a model file, reads its static input size and returns a per-pixel depth map', async () => {
    const est = await createDepthEstimator(modelPath);
    const image = halfBright(128);
    const depth = await est.estimate(image);
    expect(depth).toHaveLength(128 * 128);
    const left = depth[64 * 128 + 30];
    const right = depth[64 * 128 + 98];
    expect(left).toBeGreaterThan(right);
    await est.close();
  });

  it('replaces the front surface: bright (near) side stands out, the solid stays closed', async () => {
    const bytes = await png(halfBright(256));
    const plain = await createEngine().convert(bytes, { topology: 'low', lift: { relief: 0 } });
    const withDepth = await createEngine({ depthModel: modelPath }).convert(bytes, {
      topology: 'low',
      lift: { relief: 0 },
    });
    const frontZ = (r: typeof plain, side: 'left' | 'right') => {
      let best = -Infinity;
      const p = cameraFrame(r);
      for (let i = 0; i < p.length; i += 3) {
        const inSide = side === 'left' ? p[i] < -0.2 : p[i] > 0.2;
        if (inSide && Math.abs(p[i + 1]) < 0.1) best = Math.max(best, p[i + 2]);
      }
      return best;
    };
    // Without depth the inflation is symmetric; with it the bright half is clearly nearer.
    expect(Math.abs(frontZ(plain, 'left') - frontZ(plain, 'right'))).toBeLessThan(0.03);
    expect(frontZ(withDepth, 'left') - frontZ(withDepth, 'right')).toBeGreaterThan(0.05);
    const report = checkManifold(weld(withDepth.mesh.positions, withDepth.mesh.indices));
    expect(report.badEdges).toBe(0);
    expect(report.volume).toBeGreaterThan(0);
  });

  it('a missing or invalid model file is a clear error', async () => {
    await expect(createDepthEstimator(join(dir, 'missing.onnx'))).rejects.toThrow(
      /cannot read the depth model/,
    );
    const junk = join(dir, 'junk.onnx');
    writeFileSync(junk, 'not onnx');
    const err = await createDepthEstimator(junk).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(EngineError);
    expect((err as EngineError).message).toMatch(/not a valid ONNX model/);
  });
});
