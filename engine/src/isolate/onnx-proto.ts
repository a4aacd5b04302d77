/**
 * Just enough protobuf to read and rewrite an ONNX graph without a protobuf library: fields of a
 * message as byte ranges, and the encoders a rewrite needs. ONNX field numbers used by the callers:
 * ModelProto.graph = 7; GraphProto.node = 1, initializer = 5, input = 11, output = 12, value_info = 13;
 * NodeProto.input = 1, output = 2, name = 3, op_type = 4, attribute = 5; TensorProto.dims = 1,
 * data_type = 2, float_data = 4, int32_data = 5, name = 8, raw_data = 9.
 */

export interface Field {
  field: number;
  wire: number;
  /** Start and end of the whole field (key included) and of its payload. */
  at: number;
  start: number;
  end: number;
  value: number;
}

function readVarint(buf: Uint8Array, i: number): [number, number] {
  let v = 0;
  let shift = 0;
  let byte: number;
  do {
    byte = buf[i++];
    v += (byte & 0x7f) * 2 ** shift;
    shift += 7;
  } while (byte & 0x80);
  return [v, i];
}

export function* fields(buf: Uint8Array, start: number, end: number): Generator<Field> {
  let i = start;
  while (i < end) {
    const at = i;
    const [key, j] = readVarint(buf, i);
    i = j;
    const field = Math.floor(key / 8);
    const wire = key % 8;
    if (wire === 0) {
      const [value, k] = readVarint(buf, i);
      yield { field, wire, at, start: i, end: k, value };
      i = k;
    } else if (wire === 2) {
      const [len, k] = readVarint(buf, i);
      yield { field, wire, at, start: k, end: k + len, value: len };
      i = k + len;
    } else if (wire === 1 || wire === 5) {
      const n = wire === 1 ? 8 : 4;
      yield { field, wire, at, start: i, end: i + n, value: 0 };
      i += n;
    } else throw new Error(`unsupported protobuf wire type ${wire}`);
  }
}

export function varint(n: number): number[] {
  const out: number[] = [];
  let v = n;
  while (v > 0x7f) {
    out.push((v & 0x7f) | 0x80);
    v = Math.floor(v / 128);
  }
  out.push(v);
  return out;
}

const decoder = new TextDecoder();
export const text = (buf: Uint8Array, f: Field) => decoder.decode(buf.subarray(f.start, f.end));

/** A length-delimited field: key, length, payload. */
export function lengthField(field: number, payload: Uint8Array): Uint8Array {
  return concat([Uint8Array.from([...varint(field * 8 + 2), ...varint(payload.length)]), payload]);
}

export function stringField(field: number, s: string): Uint8Array {
  return lengthField(field, new TextEncoder().encode(s));
}

export function varintField(field: number, n: number): Uint8Array {
  return Uint8Array.from([...varint(field * 8), ...varint(n)]);
}

export function concat(chunks: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(chunks.reduce((n, c) => n + c.length, 0));
  let o = 0;
  for (const c of chunks) {
    out.set(c, o);
    o += c.length;
  }
  return out;
}
