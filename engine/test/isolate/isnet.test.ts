import { describe, expect, it } from 'vitest';
import { decodeImage } from '../../src/decode/decode.ts';
import { createEngine } from '../../src/index.ts';
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
      const result = await engine.convert(photo, { topology: 'low' });
      expect(result.stats.isolation).toBe('segmentation');
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
