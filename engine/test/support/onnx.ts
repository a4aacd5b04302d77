/**
 * Writes a tiny ONNX model by hand (protobuf wire format), so the depth-model loading path is tested
 * without downloading anything: depth = mean of the three normalised input channels (ReduceMean over
 * axis 1), input "image" [1,3,S,S] → output "depth" [1,1,S,S], opset 13. Also counts a model's operators,
 * for the tests of the IS-Net graph rewrites.
 */
import { fields, text, varint } from '../../src/isolate/onnx-proto.ts';

const key = (field: number, wire: number) => varint(field * 8 + wire);
const int = (field: number, v: number) => [...key(field, 0), ...varint(v)];
const bytes = (field: number, b: number[]) => [...key(field, 2), ...varint(b.length), ...b];
const str = (field: number, s: string) => bytes(field, [...new TextEncoder().encode(s)]);

function tensorType(dims: number[]): number[] {
  const shape = dims.flatMap((d) => bytes(1, int(1, d)));
  return bytes(1, [...int(1, 1 /* FLOAT */), ...bytes(2, shape)]);
}
const valueInfo = (name: string, dims: number[]) => [...str(1, name), ...bytes(2, tensorType(dims))];

export function meanDepthModel(size: number): Uint8Array {
  const axes = [...str(1, 'axes'), ...int(8, 1), ...int(20, 7 /* INTS */)];
  const keepdims = [...str(1, 'keepdims'), ...int(3, 1), ...int(20, 2 /* INT */)];
  const node = [
    ...str(1, 'image'),
    ...str(2, 'depth'),
    ...str(3, 'mean'),
    ...str(4, 'ReduceMean'),
    ...bytes(5, axes),
    ...bytes(5, keepdims),
  ];
  const graph = [
    ...bytes(1, node),
    ...str(2, 'tiny-depth'),
    ...bytes(11, valueInfo('image', [1, 3, size, size])),
    ...bytes(12, valueInfo('depth', [1, 1, size, size])),
  ];
  const model = [
    ...int(1, 7 /* ir_version */),
    ...str(2, 'lift3d-test'),
    ...bytes(7, graph),
    ...bytes(8, [...str(1, ''), ...int(2, 13)]),
  ];
  return Uint8Array.from(model);
}

/** How many nodes of each operator type a model's graph holds. */
export function opCounts(model: Uint8Array): Map<string, number> {
  const graph = [...fields(model, 0, model.length)].find((f) => f.field === 7)!;
  const counts = new Map<string, number>();
  for (const p of fields(model, graph.start, graph.end)) {
    if (p.field !== 1) continue;
    const op = [...fields(model, p.start, p.end)].find((s) => s.field === 4)!;
    counts.set(text(model, op), (counts.get(text(model, op)) ?? 0) + 1);
  }
  return counts;
}
