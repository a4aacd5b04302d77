import { describe, expect, it } from 'vitest';
import { BACKDROPS, composite } from '../../bench/support/backdrops.ts';
import { decodeImage } from '../../src/decode/decode.ts';
import { EngineError } from '../../src/errors.ts';
import { createIsnetSegmenter, loadIsnetModel } from '../../src/isolate/isnet.ts';
import { ISNET_CALIBRATION } from '../../src/isolate/isnet-calibration.ts';
import { dequantizeIsnetGraph } from '../../src/isolate/isnet-float.ts';
import { quantizeIsnetGraphStatic, rangeParams } from '../../src/isolate/isnet-static.ts';
import { opCounts } from '../support/onnx.ts';
import { figure } from '../support/synthetic.ts';

function iou(a: Float32Array, b: Float32Array): { iou: number; area: number } {
  let inter = 0;
  let union = 0;
  for (let i = 0; i < a.length; i++) {
    inter += a[i] >= 0.5 && b[i] >= 0.5 ? 1 : 0;
    union += a[i] >= 0.5 || b[i] >= 0.5 ? 1 : 0;
  }
  return { iou: union ? inter / union : 1, area: union / a.length };
}

describe('isolate: statically quantised IS-Net', () => {
  it('maps a range onto uint8 with zero exact', () => {
    const [s, z] = rangeParams(-1, 3);
    expect(s).toBeCloseTo(4 / 255, 9);
    expect(z).toBe(64); // round(1 / (4 / 255)) = round(63.75)
    // A range that does not reach zero is widened to it (padding must stay exact).
    expect(rangeParams(2, 5)).toEqual([5 / 255, 0]);
    expect(rangeParams(-4, -1)).toEqual([4 / 255, 255]);
  });

  it('replaces every run-time quantised chain by QLinearConv, Relus folded, uint8 passed between', async () => {
    const shipped = await loadIsnetModel('small');
    const before = opCounts(shipped);
    const convs = before.get('ConvInteger') ?? 0;
    expect(convs).toBeGreaterThan(100);
    const folded = Object.values(ISNET_CALIBRATION.ranges).filter((r) => r.length === 6).length;
    expect(folded).toBeGreaterThan(100);
    // Every result dequantised, every input quantised: one Quantize and one Dequantize per convolution.
    const plain = opCounts(quantizeIsnetGraphStatic(shipped, ISNET_CALIBRATION, { uint8Between: false }));
    expect(plain.get('QLinearConv')).toBe(convs);
    expect(plain.get('QuantizeLinear')).toBe(convs);
    expect(plain.get('DequantizeLinear')).toBe(convs);
    expect(plain.get('Relu') ?? 0).toBe((before.get('Relu') ?? 0) - folded);
    for (const gone of ['ConvInteger', 'DynamicQuantizeLinear', 'Cast', 'Reshape'])
      expect(plain.get(gone)).toBeUndefined();
    // Convolutions fed by another's result (directly or through a MaxPool) read its uint8 tensor.
    const after = opCounts(quantizeIsnetGraphStatic(shipped));
    expect(after.get('QLinearConv')).toBe(convs);
    expect(after.get('QuantizeLinear')).toBeLessThan(convs - 40);
    expect(after.get('DequantizeLinear')).toBeLessThan(convs);
    // The network's own operators are kept (MaxPool now on uint8).
    for (const op of ['MaxPool', 'Resize', 'Concat', 'Sigmoid']) expect(after.get(op)).toBe(before.get(op));
  });

  it('refuses a graph it was not calibrated for', async () => {
    const shipped = await loadIsnetModel('small');
    expect(() => quantizeIsnetGraphStatic(dequantizeIsnetGraph(shipped))).toThrow(EngineError);
    const [first] = Object.keys(ISNET_CALIBRATION.ranges);
    const { [first]: _, ...rest } = ISNET_CALIBRATION.ranges;
    expect(() => quantizeIsnetGraphStatic(shipped, { ...ISNET_CALIBRATION, ranges: rest })).toThrow(
      /no calibration/,
    );
    await expect(createIsnetSegmenter({ precision: 'static', resolution: 448 })).rejects.toThrow(
      /calibrated at 512/,
    );
  });

  it("gives the shipped graph's mask on a busy backdrop, closely enough to catch a broken rewrite", async () => {
    // A cluttered scene, where the mask depends on the network's finer evidence: on it a static graph
    // with its ranges halved, or its biases doubled, moved the mask by 0.0027–0.0051 on average (max
    // 0.48–0.58), the correct one by 0.0004 (max 0.15). On a plain backdrop all three find the figure.
    const clutter = BACKDROPS.find((b) => b.name === 'clutter-a')!;
    const photo = await decodeImage((await composite(figure(384), clutter)).jpeg);
    const masks: Float32Array[] = [];
    for (const precision of ['int8', 'static'] as const) {
      const s = await createIsnetSegmenter({ precision });
      try {
        masks.push(await s.segment(photo));
      } finally {
        await s.close();
      }
    }
    const same = iou(masks[0], masks[1]);
    expect(same.area).toBeGreaterThan(0.05);
    expect(same.iou).toBeGreaterThan(0.98);
    let moved = 0;
    for (let i = 0; i < masks[0].length; i++) moved += Math.abs(masks[0][i] - masks[1][i]);
    expect(moved / masks[0].length).toBeLessThan(0.0015);
  });
});
