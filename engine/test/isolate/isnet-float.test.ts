import { describe, expect, it } from 'vitest';
import { decodeImage } from '../../src/decode/decode.ts';
import { EngineError } from '../../src/errors.ts';
import { createIsnetSegmenter, loadIsnetModel } from '../../src/isolate/isnet.ts';
import { dequantizeIsnetGraph } from '../../src/isolate/isnet-float.ts';
import { opCounts } from '../support/onnx.ts';
import { figure, onBackground, png } from '../support/synthetic.ts';

describe('isolate: IS-Net with float convolutions', () => {
  it('replaces every run-time quantised convolution chain by one Conv', async () => {
    const shipped = await loadIsnetModel('small');
    const before = opCounts(shipped);
    const float = dequantizeIsnetGraph(shipped);
    const after = opCounts(float);
    expect(after.get('Conv')).toBe(before.get('ConvInteger'));
    for (const gone of ['ConvInteger', 'DynamicQuantizeLinear', 'Cast', 'Reshape'])
      expect(after.get(gone)).toBeUndefined();
    // The scale Mul and bias Add of each chain are gone; the network's own are kept.
    expect(after.get('Mul') ?? 0).toBe((before.get('Mul') ?? 0) - 2 * (before.get('ConvInteger') ?? 0));
    expect(after.get('Relu')).toBe(before.get('Relu'));
    expect(() => dequantizeIsnetGraph(float)).toThrow(EngineError);
  });

  it('finds the same subject as the shipped graph', async () => {
    const photo = await decodeImage(await onBackground(await png(figure(384)), 'plain', 'jpeg'));
    const masks: Float32Array[] = [];
    for (const precision of ['int8', 'float'] as const) {
      const s = await createIsnetSegmenter({ precision });
      try {
        masks.push(await s.segment(photo));
      } finally {
        await s.close();
      }
    }
    let inter = 0;
    let union = 0;
    for (let i = 0; i < masks[0].length; i++) {
      const a = masks[0][i] >= 0.5;
      const b = masks[1][i] >= 0.5;
      inter += a && b ? 1 : 0;
      union += a || b ? 1 : 0;
    }
    expect(union).toBeGreaterThan(0.05 * masks[0].length);
    expect(inter / union).toBeGreaterThan(0.98);
  });
});
