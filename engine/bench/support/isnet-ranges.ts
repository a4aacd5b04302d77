/**
 * The IS-Net graph with the range of every tensor that the static rewrite quantises as extra outputs
 * (ReduceMin and ReduceMax to scalars in the graph, so a run keeps no activation alive for us): the input
 * of each run-time quantised convolution, its float result, and that result after its Relu where a Relu
 * is its only reader. Used by bench/isnet-calibrate.ts.
 */
import { EngineError } from '../../src/errors.ts';
import { FLOAT, nodeField, quantisedConvs, readGraph, writeGraph } from '../../src/isolate/onnx-graph.ts';
import { concat, lengthField, stringField, varintField } from '../../src/isolate/onnx-proto.ts';

export interface RangeTensors {
  conv: string;
  input: string;
  output: string;
  relu?: string;
}

const fail = (why: string) => new EngineError('model_unavailable', `isnet ranges: ${why}`);

/** keepdims = 0: with no axes every dimension is reduced, to a scalar. */
const KEEPDIMS_0 = lengthField(
  5,
  concat([stringField(1, 'keepdims'), varintField(3, 0), varintField(20, 2 /* INT */)]),
);

const floatOutput = (name: string) =>
  lengthField(12, concat([stringField(1, name), lengthField(2, lengthField(1, varintField(1, FLOAT)))]));

export function rangeGraph(model: Uint8Array): { bytes: Uint8Array; tensors: RangeTensors[] } {
  const g = readGraph(model, fail);
  const tensors: RangeTensors[] = [];
  const appended: Uint8Array[] = [];
  const watched = new Set<string>();
  const watch = (t: string) => {
    if (watched.has(t)) return;
    watched.add(t);
    appended.push(
      nodeField('ReduceMin', `${t}_range_min`, [t], [`${t}__min`], [KEEPDIMS_0]),
      nodeField('ReduceMax', `${t}_range_max`, [t], [`${t}__max`], [KEEPDIMS_0]),
      floatOutput(`${t}__min`),
      floatOutput(`${t}__max`),
    );
  };
  for (const c of quantisedConvs(g, fail)) {
    const readers = g.consumers.get(c.output) ?? [];
    const relu = readers.length === 1 && readers[0].op === 'Relu' ? readers[0].outputs[0] : undefined;
    tensors.push({ conv: c.conv.name, input: c.input, output: c.output, relu });
    for (const t of [c.input, c.output, relu]) if (t) watch(t);
  }
  return { bytes: writeGraph(g, new Set(), new Map(), [], appended), tensors };
}
