/**
 * Encoder for the FBX binary container, version 7.4 (32-bit record offsets). Facts used: the 27-byte
 * header ("Kaydara FBX Binary  \0", 0x1A 0x00, uint32 version); node records of
 * (endOffset, propertyCount, propertyListLength: uint32; name length: uint8; name; properties; children;
 * a 13-byte null record when there are children); typed properties (Y C I F D L S R and arrays
 * i l f d b with length, encoding 0 raw / 1 zlib, compressed length); the top-level list ends with a
 * null record followed by the standard footer.
 */
import { deflateSync } from 'node:zlib';

export type FbxProp =
  | { t: 'C'; v: boolean }
  | { t: 'Y'; v: number }
  | { t: 'I'; v: number }
  | { t: 'F'; v: number }
  | { t: 'D'; v: number }
  | { t: 'L'; v: bigint | number }
  | { t: 'S'; v: string }
  | { t: 'R'; v: Uint8Array }
  | { t: 'i'; v: Int32Array }
  | { t: 'd'; v: Float64Array }
  | { t: 'f'; v: Float32Array }
  | { t: 'l'; v: BigInt64Array };

export interface FbxNode {
  name: string;
  props: FbxProp[];
  children: FbxNode[];
}

const FBX_VERSION = 7400;
/** Arrays larger than this many bytes are zlib-compressed. */
const COMPRESS_ABOVE = 128;

export function node(name: string, props: FbxProp[] = [], children: FbxNode[] = []): FbxNode {
  return { name, props, children };
}

class Writer {
  private buf = new Uint8Array(1 << 16);
  private view = new DataView(this.buf.buffer);
  length = 0;

  private ensure(n: number) {
    if (this.length + n <= this.buf.length) return;
    let size = this.buf.length * 2;
    while (size < this.length + n) size *= 2;
    const next = new Uint8Array(size);
    next.set(this.buf.subarray(0, this.length));
    this.buf = next;
    this.view = new DataView(next.buffer);
  }
  u8(v: number) {
    this.ensure(1);
    this.view.setUint8(this.length, v);
    this.length += 1;
  }
  i16(v: number) {
    this.ensure(2);
    this.view.setInt16(this.length, v, true);
    this.length += 2;
  }
  u32(v: number) {
    this.ensure(4);
    this.view.setUint32(this.length, v, true);
    this.length += 4;
  }
  i32(v: number) {
    this.ensure(4);
    this.view.setInt32(this.length, v, true);
    this.length += 4;
  }
  f32(v: number) {
    this.ensure(4);
    this.view.setFloat32(this.length, v, true);
    this.length += 4;
  }
  f64(v: number) {
    this.ensure(8);
    this.view.setFloat64(this.length, v, true);
    this.length += 8;
  }
  i64(v: bigint) {
    this.ensure(8);
    this.view.setBigInt64(this.length, v, true);
    this.length += 8;
  }
  bytes(b: Uint8Array) {
    this.ensure(b.length);
    this.buf.set(b, this.length);
    this.length += b.length;
  }
  patchU32(at: number, v: number) {
    this.view.setUint32(at, v, true);
  }
  result(): Uint8Array {
    return this.buf.slice(0, this.length);
  }
}

const latin = (s: string) => {
  // FBX strings are byte strings; names use "\0\x01" separators, so encode code units as bytes
  // except non-ASCII text, which goes out as UTF-8.
  // biome-ignore lint/suspicious/noControlCharactersInRegex: FBX names contain \0 and \x01 on purpose.
  return /^[\x00-\x7f]*$/.test(s) ? Uint8Array.from(s, (c) => c.charCodeAt(0)) : new TextEncoder().encode(s);
};

function writeArray(w: Writer, data: Uint8Array, count: number) {
  w.u32(count);
  if (data.length > COMPRESS_ABOVE) {
    // Native zlib: fflate's JavaScript deflate made the FBX the slowest format to write.
    const z = deflateSync(data, { level: 6 });
    w.u32(1);
    w.u32(z.length);
    w.bytes(z);
  } else {
    w.u32(0);
    w.u32(data.length);
    w.bytes(data);
  }
}

function le(arr: Int32Array | Float64Array | Float32Array | BigInt64Array): Uint8Array {
  // Typed arrays are little-endian on every platform Node supports (x64, arm64).
  return new Uint8Array(arr.buffer, arr.byteOffset, arr.byteLength);
}

function writeProp(w: Writer, p: FbxProp) {
  w.u8(p.t.charCodeAt(0));
  switch (p.t) {
    case 'C':
      w.u8(p.v ? 1 : 0);
      break;
    case 'Y':
      w.i16(p.v);
      break;
    case 'I':
      w.i32(p.v);
      break;
    case 'F':
      w.f32(p.v);
      break;
    case 'D':
      w.f64(p.v);
      break;
    case 'L':
      w.i64(BigInt(p.v));
      break;
    case 'S': {
      const b = latin(p.v);
      w.u32(b.length);
      w.bytes(b);
      break;
    }
    case 'R':
      w.u32(p.v.length);
      w.bytes(p.v);
      break;
    case 'i':
    case 'd':
    case 'f':
    case 'l':
      writeArray(w, le(p.v), p.v.length);
      break;
  }
}

function writeNode(w: Writer, n: FbxNode) {
  const start = w.length;
  w.u32(0); // end offset, patched below
  w.u32(n.props.length);
  w.u32(0); // property list length, patched below
  const name = latin(n.name);
  w.u8(name.length);
  w.bytes(name);
  const propsStart = w.length;
  for (const p of n.props) writeProp(w, p);
  w.patchU32(start + 8, w.length - propsStart);
  if (n.children.length > 0) {
    for (const c of n.children) writeNode(w, c);
    w.bytes(new Uint8Array(13));
  }
  w.patchU32(start, w.length);
}

const FOOTER_ID = new Uint8Array([
  0xfa, 0xbc, 0xab, 0x09, 0xd0, 0xc8, 0xd4, 0x66, 0xb1, 0x76, 0xfb, 0x83, 0x1c, 0xf7, 0x26, 0x7e,
]);
const FOOTER_MAGIC = new Uint8Array([
  0xf8, 0x5a, 0x8c, 0x6a, 0xde, 0xf5, 0xd9, 0x7e, 0xec, 0xe9, 0x0c, 0xe3, 0x75, 0x8f, 0x29, 0x0b,
]);

export function encodeFbx(nodes: FbxNode[]): Uint8Array {
  const w = new Writer();
  w.bytes(latin('Kaydara FBX Binary  \0'));
  w.u8(0x1a);
  w.u8(0x00);
  w.u32(FBX_VERSION);
  for (const n of nodes) writeNode(w, n);
  w.bytes(new Uint8Array(13));
  w.bytes(FOOTER_ID);
  w.bytes(new Uint8Array(4));
  const pad = ((w.length + 15) & ~15) - w.length;
  w.bytes(new Uint8Array(pad === 0 ? 16 : pad));
  w.u32(FBX_VERSION);
  w.bytes(new Uint8Array(120));
  w.bytes(FOOTER_MAGIC);
  return w.result();
}
