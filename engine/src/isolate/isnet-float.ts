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
import {
  concat,
  type Field,
  fields,
  lengthField,
  stringField,
  text,
  varint,
  varintField,
} from './onnx-proto.ts';

interface Node {
  part: Field;
  op: string;
  name: string;
  inputs: string[];
  outputs: string[];
  /** Raw attribute fields (key included): copied as they are onto the replacing Conv. */
  attributes: Uint8Array[];
}

interface Tensor {
  part: Field;
  dims: number[];
  dataType: number;
  raw?: Field;
  /** Unpacked or packed float_data (4) / int32_data (5) fields. */
  values: Field[];
}

const FLOAT = 1;
const UINT8 = 2;

function fail(why: string): EngineError {
  return new EngineError('model_unavailable', `isnet: cannot dequantise the segmentation model (${why}).`);
}

function readNode(model: Uint8Array, part: Field): Node {
  const sub = [...fields(model, part.start, part.end)];
  const strings = (k: number) => sub.filter((s) => s.field === k).map((s) => text(model, s));
  return {
    part,
    op: strings(4)[0] ?? '',
    name: strings(3)[0] ?? '',
    inputs: strings(1),
    outputs: strings(2),
    attributes: sub.filter((s) => s.field === 5).map((s) => model.subarray(s.at, s.end)),
  };
}

function readTensor(model: Uint8Array, part: Field): [string, Tensor] {
  const t: Tensor = { part, dims: [], dataType: 0, values: [] };
  let name = '';
  for (const s of fields(model, part.start, part.end)) {
    if (s.field === 1 && s.wire === 0) t.dims.push(s.value);
    else if (s.field === 1 && s.wire === 2) t.dims.push(...packedVarints(model, s));
    else if (s.field === 2) t.dataType = s.value;
    else if (s.field === 8) name = text(model, s);
    else if (s.field === 9) t.raw = s;
    else if (s.field === 4 || s.field === 5) t.values.push(s);
  }
  return [name, t];
}

function packedVarints(model: Uint8Array, f: Field): number[] {
  const out: number[] = [];
  let i = f.start;
  while (i < f.end) {
    let v = 0;
    let shift = 0;
    let byte: number;
    do {
      byte = model[i++];
      v += (byte & 0x7f) * 2 ** shift;
      shift += 7;
    } while (byte & 0x80);
    out.push(v);
  }
  return out;
}

/** A float tensor's values (raw_data or float_data). */
function floats(model: Uint8Array, t: Tensor): Float32Array {
  if (t.dataType !== FLOAT) throw fail('a scale is not float');
  const view = new DataView(model.buffer, model.byteOffset);
  const out: number[] = [];
  if (t.raw) for (let i = t.raw.start; i < t.raw.end; i += 4) out.push(view.getFloat32(i, true));
  for (const f of t.values) {
    if (f.wire === 5) out.push(view.getFloat32(f.start, true));
    else for (let i = f.start; i < f.end; i += 4) out.push(view.getFloat32(i, true));
  }
  return Float32Array.from(out);
}

/** A uint8 tensor's values (raw_data, or int32_data as varints). */
function bytes(model: Uint8Array, t: Tensor): Uint8Array {
  if (t.dataType !== UINT8) throw fail('a quantised tensor is not uint8');
  if (t.raw) return model.subarray(t.raw.start, t.raw.end);
  const out: number[] = [];
  for (const f of t.values) out.push(...(f.wire === 0 ? [f.value] : packedVarints(model, f)));
  return Uint8Array.from(out);
}

const LITTLE_ENDIAN = new Uint8Array(new Float32Array([1]).buffer)[3] === 0x3f;

/**
 * An initializer field (GraphProto.initializer) holding float `values`, as chunks: the weights are
 * ~176 MB in all, so they are copied once, into the final model, not through every enclosing message.
 */
function floatInitializer(name: string, dims: number[], values: Float32Array): Uint8Array[] {
  let raw = new Uint8Array(values.buffer, values.byteOffset, values.byteLength);
  if (!LITTLE_ENDIAN) {
    raw = new Uint8Array(values.length * 4);
    const view = new DataView(raw.buffer);
    for (let i = 0; i < values.length; i++) view.setFloat32(i * 4, values[i], true);
  }
  const head = concat([...dims.map((d) => varintField(1, d)), varintField(2, FLOAT), stringField(8, name)]);
  const rawKey = Uint8Array.from([...varint(9 * 8 + 2), ...varint(raw.length)]);
  const tensorLength = head.length + rawKey.length + raw.length;
  return [Uint8Array.from([...varint(5 * 8 + 2), ...varint(tensorLength)]), head, rawKey, raw];
}

/** Returns the model with every dynamically quantised convolution replaced by a float Conv. */
export function dequantizeIsnetGraph(model: Uint8Array): Uint8Array {
  const top = [...fields(model, 0, model.length)];
  const graph = top.find((f) => f.field === 7);
  if (!graph) throw fail('no graph');
  const parts = [...fields(model, graph.start, graph.end)];
  const nodes: Node[] = [];
  const tensors = new Map<string, Tensor>();
  for (const p of parts) {
    if (p.field === 1) nodes.push(readNode(model, p));
    else if (p.field === 5) {
      const [name, t] = readTensor(model, p);
      tensors.set(name, t);
    }
  }
  const producer = new Map<string, Node>();
  const consumers = new Map<string, Node[]>();
  for (const n of nodes) {
    for (const o of n.outputs) producer.set(o, n);
    for (const i of n.inputs) {
      const list = consumers.get(i);
      if (list) list.push(n);
      else consumers.set(i, [n]);
    }
  }
  const only = (name: string, op: string) => {
    const c = consumers.get(name) ?? [];
    if (c.length !== 1 || c[0].op !== op) throw fail(`${name} does not feed one ${op}`);
    return c[0];
  };
  const removed = new Set<Node>();
  const replaced = new Map<Node, Uint8Array>();
  const added: Uint8Array[] = [];
  const used = new Set<string>();
  for (const conv of nodes) {
    if (conv.op !== 'ConvInteger') continue;
    const [xq, wq, , wzp] = conv.inputs;
    const quantise = producer.get(xq);
    if (quantise?.op !== 'DynamicQuantizeLinear')
      throw fail(`${conv.name} input is not quantised at run time`);
    const cast = only(conv.outputs[0], 'Cast');
    const scaled = only(cast.outputs[0], 'Mul');
    const biased = only(scaled.outputs[0], 'Add');
    const scales = producer.get(scaled.inputs.find((i) => i !== cast.outputs[0]) ?? '');
    const wScaleName = scales?.inputs.find((i) => tensors.has(i));
    const reshape = producer.get(biased.inputs.find((i) => i !== scaled.outputs[0]) ?? '');
    const bias = reshape?.op === 'Reshape' ? reshape.inputs[0] : undefined;
    const wTensor = tensors.get(wq);
    const zTensor = tensors.get(wzp);
    if (!scales || !wScaleName || !bias || !tensors.has(bias) || !wTensor || !zTensor)
      throw fail(`${conv.name} is not the expected pattern`);
    const q = bytes(model, wTensor);
    const zero = bytes(model, zTensor);
    const scale = floats(model, tensors.get(wScaleName) as Tensor);
    const out = wTensor.dims[0];
    const per = q.length / out;
    if (
      !Number.isInteger(per) ||
      (scale.length !== 1 && scale.length !== out) ||
      zero.length !== scale.length
    )
      throw fail(`${conv.name} has scales of an unexpected shape`);
    const w = new Float32Array(q.length);
    for (let o = 0; o < out; o++) {
      const s = scale[scale.length === 1 ? 0 : o];
      const z = zero[zero.length === 1 ? 0 : o];
      for (let i = o * per; i < (o + 1) * per; i++) w[i] = (q[i] - z) * s;
    }
    const weightName = `${wq}_dequantised`;
    used.add(bias);
    added.push(...floatInitializer(weightName, wTensor.dims, w));
    replaced.set(
      conv,
      lengthField(
        1,
        concat([
          stringField(1, quantise.inputs[0]),
          stringField(1, weightName),
          stringField(1, bias),
          stringField(2, biased.outputs[0]),
          stringField(3, `${conv.name}_float`),
          stringField(4, 'Conv'),
          ...conv.attributes,
        ]),
      ),
    );
    for (const n of [cast, scaled, biased, scales, reshape as Node]) removed.add(n);
  }
  if (replaced.size === 0) throw fail('no quantised convolution found');
  // A run-time quantiser is gone once nothing reads its outputs any more.
  for (const n of nodes) {
    if (n.op !== 'DynamicQuantizeLinear') continue;
    const readers = n.outputs.flatMap((o) => consumers.get(o) ?? []);
    if (readers.every((r) => removed.has(r) || replaced.has(r))) removed.add(n);
  }
  for (const n of nodes) if (!removed.has(n) && !replaced.has(n)) for (const i of n.inputs) used.add(i);
  const nodeAt = new Map(nodes.map((n) => [n.part.at, n]));
  const tensorAt = new Map([...tensors].map(([name, t]) => [t.part.at, name]));
  const out: Uint8Array[] = [];
  for (const p of parts) {
    if (p.field === 13) continue; // shape annotations of tensors that no longer exist
    if (p.field === 1) {
      const n = nodeAt.get(p.at) as Node;
      if (removed.has(n)) continue;
      out.push(replaced.get(n) ?? model.subarray(p.at, p.end));
      continue;
    }
    if (p.field === 5) {
      if (!used.has(tensorAt.get(p.at) ?? '')) continue;
    }
    out.push(model.subarray(p.at, p.end));
  }
  out.push(...added);
  const graphLength = out.reduce((n, c) => n + c.length, 0);
  const chunks: Uint8Array[] = [];
  for (const f of top) {
    if (f.field !== 7) chunks.push(model.subarray(f.at, f.end));
    else chunks.push(Uint8Array.from([...varint(7 * 8 + 2), ...varint(graphLength)]), ...out);
  }
  return concat(chunks);
}
