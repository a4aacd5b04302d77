import { describe, expect, it } from 'vitest';
import { decodeImage } from '../../src/decode/decode.ts';
import { createEngine, EngineError } from '../../src/index.ts';
import { loadIsnetModel } from '../../src/isolate/isnet.ts';
import { resizeIsnetGraph } from '../../src/isolate/isnet-resolution.ts';
import { checkManifold, weld } from '../support/mesh-checks.ts';
import { silhouetteIoU } from '../support/silhouette.ts';
import { figure, onBackground, png } from '../support/synthetic.ts';

describe('isolate: IS-Net segmentation for images without alpha', () => {
  it('finds the subject of a JPEG photo on a plain backdrop and models only the subject', async () => {
    const truth = figure(512);
    const photo = await onBackground(await png(truth), 'plain', 'jpeg');
    const decoded = await decodeImage(photo);
    expect(decoded.format).toBe('jpeg');
    const engine = createEngine();
    try {
      // The plain backdrop would take the fast matte (backdrop-matte.test.ts); this test is the model's.
      const result = await engine.convert(photo, {
        topology: 'low',
        isolate: { backdrop: { enabled: false } },
      });
      expect(result.stats.isolation).toBe('segmentation');
      expect(result.stats.segmenter).toBe('isnet');
      const report = checkManifold(weld(result.mesh.positions, result.mesh.indices));
      expect(report.badEdges).toBe(0);
      expect(report.volume).toBeGreaterThan(0);
      // The model's outline is the figure's, not the backdrop's rectangle.
      expect(silhouetteIoU(result, truth)).toBeGreaterThan(0.9);
    } finally {
      await engine.close();
    }
  });
});

describe('isolate: IS-Net graph resizing', () => {
  it('rewrites the fixed 1024² graph for another size, and refuses sizes that do not divide evenly', async () => {
    const model = await loadIsnetModel('small');
    const small = resizeIsnetGraph(model, 512);
    expect(small.length).toBeLessThan(model.length); // stale shape annotations dropped
    expect(resizeIsnetGraph(model, 1024)).toBe(model);
    expect(() => resizeIsnetGraph(model, 500)).toThrow(EngineError);
    expect(() => resizeIsnetGraph(model, 500)).toThrow(/multiple of 64/);
  });
});
