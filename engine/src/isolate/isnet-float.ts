/**
 * The shipped `small` IS-Net is dynamically quantised: every convolution is DynamicQuantizeLinear on its
 * input, ConvInteger with uint8 weights, then Cast, a Mul by the two scales and an Add of the bias.
 * onnxruntime's CPU ConvInteger has no fast kernel for that pattern (no NCHWc layout, no fusion), and
 * quantising every activation at run time costs a pass of its own. This rewrites each such chain into
 * one float Conv whose weights are the quantised ones dequantised, (q − zero point) · scale: the same
 * weights the model was shipped with, activations kept in float instead of re-quantised per layer.
 *
 * Measured: see engine/README.md, "Speed of one photo" (mask quality on the held-out backdrops of
 * `npm run bench:segment` and the time of one inference).
 */
import { EngineError } from '../errors.ts';
import { initializer, type Node, nodeField, quantisedConvs, readGraph, writeGraph } from './onnx-graph.ts';

function fail(why: string): EngineError {
  return new EngineError('model_unavailable', `isnet: cannot dequantise the segmentation model (${why}).`);
}

/** Returns the model with every dynamically quantised convolution replaced by a float Conv. */
export function dequantizeIsnetGraph(model: Uint8Array): Uint8Array {
  const g = readGraph(model, fail);
  const removed = new Set<Node>();
  const replaced = new Map<Node, Uint8Array>();
  const added: Uint8Array[] = [];
  for (const c of quantisedConvs(g, fail)) {
    const out = c.weightDims[0];
    const per = c.weights.length / out;
    const w = new Float32Array(c.weights.length);
    for (let o = 0; o < out; o++) {
      const s = c.weightScale[c.weightScale.length === 1 ? 0 : o];
      const z = c.weightZero[c.weightZero.length === 1 ? 0 : o];
      for (let i = o * per; i < (o + 1) * per; i++) w[i] = (c.weights[i] - z) * s;
    }
    const weightName = `${c.weightName}_dequantised`;
    added.push(...initializer(weightName, c.weightDims, w));
    replaced.set(
      c.conv,
      nodeField('Conv', `${c.conv.name}_float`, [c.input, weightName, c.bias], [c.output], c.conv.attributes),
    );
    // Each run-time quantiser feeds only its own convolution (quantisedConvs checks the pattern).
    for (const n of [c.quantise, ...c.tail]) removed.add(n);
  }
  return writeGraph(g, removed, replaced, added);
}
