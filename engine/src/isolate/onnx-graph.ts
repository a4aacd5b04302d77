/**
 * An ONNX graph read into nodes and initializers (as byte ranges of the model, nothing copied), the
 * dynamically quantised convolution chains of the shipped `small` IS-Net found in it, and the rewritten
 * model written back. Shared by the rewrites of those chains (isnet-float.ts, isnet-static.ts).
 */
import type { EngineError } from '../errors.ts';
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

export interface Node {
  part: Field;
  op: string;
  name: string;
  inputs: string[];
  outputs: string[];
  /** Raw attribute fields (key included): copied as they are onto a replacing node. */
  attributes: Uint8Array[];
}

export interface Tensor {
  part: Field;
  dims: number[];
  dataType: number;
  raw?: Field;
  /** Unpacked or packed float_data (4) / int32_data (5) fields. */
  values: Field[];
}

export interface Graph {
  model: Uint8Array;
  top: Field[];
  /** The graph's fields in order (nodes, initializers, inputs, outputs, …). */
  parts: Field[];
  nodes: Node[];
  tensors: Map<string, Tensor>;
  producer: Map<string, Node>;
  consumers: Map<string, Node[]>;
  /** Names of the graph's outputs. */
  outputs: Set<string>;
}

/** ONNX TensorProto data types used here. */
export const FLOAT = 1;
const UINT8 = 2;
const INT8 = 3;
const INT32 = 6;

export type Fail = (why: string) => EngineError;

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

export function readGraph(model: Uint8Array, fail: Fail): Graph {
  const top = [...fields(model, 0, model.length)];
  const graph = top.find((f) => f.field === 7);
  if (!graph) throw fail('no graph');
  const parts = [...fields(model, graph.start, graph.end)];
  const nodes: Node[] = [];
  const tensors = new Map<string, Tensor>();
  const outputs = new Set<string>();
  for (const p of parts) {
    if (p.field === 12)
      for (const s of fields(model, p.start, p.end)) if (s.field === 1) outputs.add(text(model, s));
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
  return { model, top, parts, nodes, tensors, producer, consumers, outputs };
}

/** A float tensor's values (raw_data or float_data). */
export function floats(model: Uint8Array, t: Tensor, fail: Fail): Float32Array {
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
function bytes(model: Uint8Array, t: Tensor, fail: Fail): Uint8Array {
  if (t.dataType !== UINT8) throw fail('a quantised tensor is not uint8');
  if (t.raw) return model.subarray(t.raw.start, t.raw.end);
  const out: number[] = [];
  for (const f of t.values) out.push(...(f.wire === 0 ? [f.value] : packedVarints(model, f)));
  return Uint8Array.from(out);
}

const LITTLE_ENDIAN = new Uint8Array(new Float32Array([1]).buffer)[3] === 0x3f;

/**
 * An initializer field (GraphProto.initializer) as chunks: the float weights are ~176 MB in all, so they
 * are copied once, into the final model, not through every enclosing message.
 */
export function initializer(
  name: string,
  dims: number[],
  values: Float32Array | Int32Array | Uint8Array | Int8Array,
): Uint8Array[] {
  const dataType =
    values instanceof Float32Array
      ? FLOAT
      : values instanceof Int32Array
        ? INT32
        : values instanceof Int8Array
          ? INT8
          : UINT8;
  let raw = new Uint8Array(values.buffer, values.byteOffset, values.byteLength);
  if (!LITTLE_ENDIAN && values.BYTES_PER_ELEMENT === 4) {
    raw = new Uint8Array(values.length * 4);
    const view = new DataView(raw.buffer);
    for (let i = 0; i < values.length; i++)
      if (dataType === FLOAT) view.setFloat32(i * 4, values[i], true);
      else view.setInt32(i * 4, values[i], true);
  }
  const head = concat([
    ...dims.map((d) => varintField(1, d)),
    varintField(2, dataType),
    stringField(8, name),
  ]);
  const rawKey = Uint8Array.from([...varint(9 * 8 + 2), ...varint(raw.length)]);
  const tensorLength = head.length + rawKey.length + raw.length;
  return [Uint8Array.from([...varint(5 * 8 + 2), ...varint(tensorLength)]), head, rawKey, raw];
}

/** A NodeProto field (GraphProto.node). `attributes` are whole AttributeProto fields, key included. */
export function nodeField(
  op: string,
  name: string,
  inputs: string[],
  outputs: string[],
  attributes: Uint8Array[] = [],
): Uint8Array {
  return lengthField(
    1,
    concat([
      ...inputs.map((i) => stringField(1, i)),
      ...outputs.map((o) => stringField(2, o)),
      stringField(3, name),
      stringField(4, op),
      ...attributes,
    ]),
  );
}

/** One DynamicQuantizeLinear → ConvInteger → Cast → Mul(scales) → Add(bias) chain. */
export interface QuantisedConv {
  quantise: Node;
  conv: Node;
  /** The float tensor quantised at run time, and the chain's float result (after the bias). */
  input: string;
  output: string;
  weightName: string;
  weightDims: number[];
  /** uint8 weights with their per-tensor or per-output-channel scales and zero points. */
  weights: Uint8Array;
  weightScale: Float32Array;
  weightZero: Uint8Array;
  /** The float bias initializer's name. */
  bias: string;
  /** The chain's nodes after the convolution (Cast, Mul, Add, the scales' Mul, the bias's Reshape). */
  tail: Node[];
}

export function quantisedConvs(g: Graph, fail: Fail): QuantisedConv[] {
  const only = (name: string, op: string) => {
    const c = g.consumers.get(name) ?? [];
    if (c.length !== 1 || c[0].op !== op) throw fail(`${name} does not feed one ${op}`);
    return c[0];
  };
  const out: QuantisedConv[] = [];
  for (const conv of g.nodes) {
    if (conv.op !== 'ConvInteger') continue;
    const [xq, wq, , wzp] = conv.inputs;
    const quantise = g.producer.get(xq);
    if (quantise?.op !== 'DynamicQuantizeLinear')
      throw fail(`${conv.name} input is not quantised at run time`);
    const cast = only(conv.outputs[0], 'Cast');
    const readers = quantise.outputs.flatMap((o) => g.consumers.get(o) ?? []);
    const scaled = only(cast.outputs[0], 'Mul');
    const biased = only(scaled.outputs[0], 'Add');
    const scales = g.producer.get(scaled.inputs.find((i) => i !== cast.outputs[0]) ?? '');
    const wScaleName = scales?.inputs.find((i) => g.tensors.has(i));
    const reshape = g.producer.get(biased.inputs.find((i) => i !== scaled.outputs[0]) ?? '');
    const bias = reshape?.op === 'Reshape' ? reshape.inputs[0] : undefined;
    const wTensor = g.tensors.get(wq);
    const zTensor = g.tensors.get(wzp);
    if (!scales || !wScaleName || !reshape || !bias || !g.tensors.has(bias) || !wTensor || !zTensor)
      throw fail(`${conv.name} is not the expected pattern`);
    // The rewrites drop the run-time quantiser with its convolution: nothing else may read it.
    if (readers.some((r) => r !== conv && r !== scales))
      throw fail(`${quantise.name} feeds more than its convolution`);
    const weights = bytes(g.model, wTensor, fail);
    const weightZero = bytes(g.model, zTensor, fail);
    const weightScale = floats(g.model, g.tensors.get(wScaleName) as Tensor, fail);
    const channels = wTensor.dims[0];
    if (
      !Number.isInteger(weights.length / channels) ||
      (weightScale.length !== 1 && weightScale.length !== channels) ||
      weightZero.length !== weightScale.length
    )
      throw fail(`${conv.name} has scales of an unexpected shape`);
    out.push({
      quantise,
      conv,
      input: quantise.inputs[0],
      output: biased.outputs[0],
      weightName: wq,
      weightDims: wTensor.dims,
      weights,
      weightScale,
      weightZero,
      bias,
      tail: [cast, scaled, biased, scales, reshape],
    });
  }
  if (out.length === 0) throw fail('no quantised convolution found');
  return out;
}

/**
 * The model with `removed` nodes left out, `replaced` ones swapped for new node fields (in place, so the
 * order stays topological; a replacement may be several nodes), `added` initializer chunks appended,
 * initializers no node reads any more dropped, and the stale shape annotations (value_info) dropped.
 */
export function writeGraph(
  g: Graph,
  removed: Set<Node>,
  replaced: Map<Node, Uint8Array>,
  added: Uint8Array[],
  /** Further graph fields (nodes, outputs) appended after everything else. */
  appended: Uint8Array[] = [],
): Uint8Array {
  const used = new Set<string>();
  for (const n of g.nodes) if (!removed.has(n) && !replaced.has(n)) for (const i of n.inputs) used.add(i);
  for (const field of replaced.values())
    for (const f of fields(field, 0, field.length))
      for (const s of fields(field, f.start, f.end)) if (s.field === 1) used.add(text(field, s));
  const nodeAt = new Map(g.nodes.map((n) => [n.part.at, n]));
  const tensorAt = new Map([...g.tensors].map(([name, t]) => [t.part.at, name]));
  const model = g.model;
  const out: Uint8Array[] = [];
  for (const p of g.parts) {
    if (p.field === 13) continue; // shape annotations of tensors that may no longer exist
    if (p.field === 1) {
      const n = nodeAt.get(p.at) as Node;
      if (removed.has(n)) continue;
      out.push(replaced.get(n) ?? model.subarray(p.at, p.end));
      continue;
    }
    if (p.field === 5 && !used.has(tensorAt.get(p.at) ?? '')) continue;
    out.push(model.subarray(p.at, p.end));
  }
  out.push(...added, ...appended);
  const graphLength = out.reduce((n, c) => n + c.length, 0);
  const chunks: Uint8Array[] = [];
  for (const f of g.top) {
    if (f.field !== 7) chunks.push(model.subarray(f.at, f.end));
    else chunks.push(Uint8Array.from([...varint(7 * 8 + 2), ...varint(graphLength)]), ...out);
  }
  return concat(chunks);
}
