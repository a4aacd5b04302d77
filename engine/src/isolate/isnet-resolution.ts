/**
 * Runs the shipped IS-Net graph at a smaller input size. The graph was exported for 1024² with every
 * upsampling target folded into constant `sizes` tensors ([1, C, H, W] int64) and with shape
 * annotations (value_info) for 1024². The network itself is fully convolutional, so we rewrite the
 * graph: scale H and W of every Resize `sizes` constant, drop the stale value_info, and set the declared
 * input/output sizes. Minimal protobuf handling (ONNX field numbers: ModelProto.graph = 7;
 * GraphProto.node = 1, initializer = 5, input = 11, output = 12, value_info = 13; NodeProto.input = 1,
 * op_type = 4; TensorProto.dims = 1, name = 8, raw_data = 9; TypeProto.Tensor.shape.dim.dim_value).
 *
 * Measured on this machine (2 cores): 1024² ≈ 7.8 s of CPU per photo, 512² ≈ a quarter of it.
 */
import { EngineError } from '../errors.ts';
import { concat, fields, text, varint } from './onnx-proto.ts';

function fail(why: string): EngineError {
  return new EngineError(
    'model_unavailable',
    `isnet: cannot run the segmentation model at a custom size (${why}).`,
  );
}

/** Returns a copy of the model that takes [1,3,R,R] input and gives [1,1,R,R] outputs. */
export function resizeIsnetGraph(model: Uint8Array, resolution: number): Uint8Array {
  if (resolution === 1024) return model;
  const factor = resolution / 1024;
  const top = [...fields(model, 0, model.length)];
  const graph = top.find((f) => f.field === 7);
  if (!graph) throw fail('no graph');
  const parts = [...fields(model, graph.start, graph.end)];
  // Names of the constant `sizes` inputs of every Resize node (4th input).
  const sizeNames = new Set<string>();
  for (const p of parts) {
    if (p.field !== 1) continue;
    const sub = [...fields(model, p.start, p.end)];
    const op = sub.find((s) => s.field === 4);
    if (!op || text(model, op) !== 'Resize') continue;
    const inputs = sub.filter((s) => s.field === 1).map((s) => text(model, s));
    if (inputs[3]) sizeNames.add(inputs[3]);
  }
  if (sizeNames.size === 0) throw fail('no Resize sizes found');
  // Declared input [1,3,1024,1024] and outputs [1,1,1024,1024]: 1024 is the two-byte varint 80 08, and
  // so is any size from 128 to 16383, so these patches keep every length prefix valid.
  const lo = (resolution & 0x7f) | 0x80;
  const hi = resolution >> 7;
  const patchShapes = (bytes: Uint8Array) => {
    for (const c of [3, 1]) {
      const shape = [
        0x0a,
        0x02,
        0x08,
        0x01,
        0x0a,
        0x02,
        0x08,
        c,
        0x0a,
        0x03,
        0x08,
        0x80,
        0x08,
        0x0a,
        0x03,
        0x08,
        0x80,
        0x08,
      ];
      outer: for (let i = 0; i + shape.length <= bytes.length; i++) {
        for (let k = 0; k < shape.length; k++) if (bytes[i + k] !== shape[k]) continue outer;
        bytes[i + 11] = lo;
        bytes[i + 12] = hi;
        bytes[i + 16] = lo;
        bytes[i + 17] = hi;
      }
    }
  };
  // Only the parts that change are copied: the weights (44 MB, 176 MB as floats) are passed through as
  // views and copied once, into the result.
  const out: Uint8Array[] = [];
  let patchedSizes = 0;
  for (const p of parts) {
    if (p.field === 13) continue; // stale 1024² shape annotations
    if (p.field === 11 || p.field === 12) {
      const bytes = model.slice(p.at, p.end);
      patchShapes(bytes);
      out.push(bytes);
      continue;
    }
    if (p.field !== 5) {
      out.push(model.subarray(p.at, p.end));
      continue;
    }
    const sub = [...fields(model, p.start, p.end)];
    const name = sub.find((s) => s.field === 8);
    if (!name || !sizeNames.has(text(model, name))) {
      out.push(model.subarray(p.at, p.end));
      continue;
    }
    const raw = sub.find((s) => s.field === 9);
    if (!raw || raw.end - raw.start !== 32) throw fail('unexpected sizes tensor');
    const bytes = model.slice(p.at, p.end);
    const view = new DataView(model.buffer, model.byteOffset + raw.start, 32);
    for (const k of [2, 3]) {
      const v = Number(view.getBigInt64(k * 8, true)) * factor;
      if (!Number.isInteger(v)) throw fail(`size ${v} is not whole; use a multiple of 64`);
      const le = new DataView(new ArrayBuffer(8));
      le.setBigInt64(0, BigInt(v), true);
      bytes.set(new Uint8Array(le.buffer), raw.start - p.at + k * 8);
    }
    patchedSizes++;
    out.push(bytes);
  }
  if (patchedSizes !== sizeNames.size) throw fail('some Resize sizes are not constants');
  const graphLength = out.reduce((n, c) => n + c.length, 0);
  const result: Uint8Array[] = [];
  for (const f of top) {
    if (f.field === 7) result.push(Uint8Array.from([0x3a, ...varint(graphLength)]), ...out);
    else result.push(model.subarray(f.at, f.end));
  }
  return concat(result);
}
