/**
 * A generation service's GLB → one indexed triangle mesh in world space with one base-colour texture.
 *
 * glTF-Transform parses and validates the container (magic, JSON, buffers, accessor bounds); we then check
 * what it cannot: triangle counts, finite positions, index ranges and texture sizes, so a malformed or
 * hostile file is refused with a clear error before any heavy work. Several materials become one texture:
 * each primitive's base-colour image (or flat colour) is one tile of a horizontal strip and its UVs are
 * moved into that tile; a service's metal-rough and normal maps come along in the same layout
 * (material-strips.ts).
 */
import { type Document, type Material, NodeIO, type Primitive } from '@gltf-transform/core';
import { KHRONOS_EXTENSIONS } from '@gltf-transform/extensions';
import { EngineError } from '../errors.ts';
import type { MaterialMaps, RgbaImage } from '../types.ts';
import { materialStrips } from './material-strips.ts';

export interface ReadGlbOptions {
  maxBytes: number;
  maxTriangles: number;
  /** Largest decoded texture (pixels) accepted from the file. */
  maxTexturePixels: number;
  /** Side of each texture tile in the merged strip. */
  tileSize: number;
}

export const READ_GLB_DEFAULTS: ReadGlbOptions = {
  maxBytes: 200 * 1024 * 1024,
  maxTriangles: 3_000_000,
  maxTexturePixels: 8192 * 8192,
  tileSize: 2048,
};

export interface SourceMesh {
  positions: Float32Array;
  uvs: Float32Array;
  indices: Uint32Array;
  texture: RgbaImage;
  /** The service's metal-rough and normal maps, when it sent any. */
  maps?: MaterialMaps;
}

const TRIANGLES = 4;
const wrap = (t: number) => (t >= 0 && t <= 1 ? t : t - Math.floor(t));
const bad = (message: string, cause?: unknown) =>
  new EngineError('corrupt_model', `import: ${message}`, cause ? { cause } : undefined);

export async function readSourceGlb(
  bytes: Uint8Array,
  options: Partial<ReadGlbOptions> = {},
): Promise<SourceMesh> {
  const opts = { ...READ_GLB_DEFAULTS, ...options };
  if (bytes.byteLength > opts.maxBytes) {
    throw bad(`the model is ${bytes.byteLength} bytes, more than the ${opts.maxBytes}-byte limit.`);
  }
  // glTF-Transform reads a file cut short without complaint when only image bytes are missing.
  const header = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (
    bytes.byteLength >= 12 &&
    header.getUint32(0, true) === 0x46546c67 &&
    header.getUint32(8, true) !== bytes.byteLength
  ) {
    throw bad(
      `the model is not a valid GLB (its header says ${header.getUint32(8, true)} bytes, the file has ${bytes.byteLength}: truncated?).`,
    );
  }
  let doc: Document;
  try {
    // glTF-Transform views the chunks as 32-bit words: bytes that arrive at an odd offset (a slice of an
    // IPC or network buffer) are copied to a buffer of their own first.
    const aligned = bytes.byteOffset % 4 === 0 ? bytes : bytes.slice();
    doc = await new NodeIO().registerExtensions(KHRONOS_EXTENSIONS).readBinary(aligned);
  } catch (cause) {
    throw bad(`the model is not a valid GLB (${(cause as Error).message}).`, cause);
  }

  type Part = { prim: Primitive; matrix: number[] };
  const parts: Part[] = [];
  const scene = doc.getRoot().getDefaultScene() ?? doc.getRoot().listScenes()[0];
  if (!scene) throw bad('the model has no scene.');
  scene.traverse((node) => {
    const mesh = node.getMesh();
    if (!mesh) return;
    for (const prim of mesh.listPrimitives()) {
      if (prim.getMode() === TRIANGLES && prim.getAttribute('POSITION')) {
        parts.push({ prim, matrix: node.getWorldMatrix() as number[] });
      }
    }
  });
  let triangles = 0;
  let vertices = 0;
  for (const { prim } of parts) {
    const count = prim.getIndices()?.getCount() ?? prim.getAttribute('POSITION')!.getCount();
    triangles += Math.floor(count / 3);
    vertices += prim.getAttribute('POSITION')!.getCount();
  }
  if (triangles === 0) throw bad('the model has no triangles.');
  if (triangles > opts.maxTriangles) {
    throw bad(`the model has ${triangles} triangles, more than the ${opts.maxTriangles} limit.`);
  }

  // One tile per distinct material look (texture or flat colour).
  const tiles: Material[] = [];
  const tileOf = (m: Material | null) => {
    if (!m) return -1;
    let i = tiles.indexOf(m);
    if (i < 0) i = tiles.push(m) - 1;
    return i;
  };
  const tileIndex = parts.map(({ prim }) => tileOf(prim.getMaterial()));
  const tileCount = Math.max(1, tiles.length);

  const positions = new Float32Array(vertices * 3);
  const uvs = new Float32Array(vertices * 2);
  const indices = new Uint32Array(triangles * 3);
  let vBase = 0;
  let iOut = 0;
  const p = [0, 0, 0];
  for (const [k, { prim, matrix: m }] of parts.entries()) {
    const pos = prim.getAttribute('POSITION')!;
    const uv = prim.getAttribute('TEXCOORD_0');
    const n = pos.getCount();
    const tile = Math.max(0, tileIndex[k]);
    const material = tileIndex[k] >= 0 ? tiles[tile] : null;
    const hasTexture =
      !!material &&
      uv !== null &&
      (material.getBaseColorTexture() ??
        material.getMetallicRoughnessTexture() ??
        material.getNormalTexture()) !== null;
    for (let v = 0; v < n; v++) {
      pos.getElement(v, p);
      const [x, y, z] = p;
      const o = (vBase + v) * 3;
      positions[o] = m[0] * x + m[4] * y + m[8] * z + m[12];
      positions[o + 1] = m[1] * x + m[5] * y + m[9] * z + m[13];
      positions[o + 2] = m[2] * x + m[6] * y + m[10] * z + m[14];
      if (!Number.isFinite(positions[o] + positions[o + 1] + positions[o + 2])) {
        throw bad('the model has vertex positions that are not finite numbers.');
      }
      let u = 0.5;
      let w = 0.5;
      if (hasTexture) {
        const t = uv!.getElement(v, [0, 0]);
        // Repeat wrapping outside 0..1 (1 itself is the texture's last row or column, not its first),
        // then clamp into the tile so neighbouring tiles never bleed in.
        u = Math.min(0.999, Math.max(0.001, wrap(t[0])));
        w = Math.min(0.999, Math.max(0.001, wrap(t[1])));
      }
      uvs[(vBase + v) * 2] = (tile + u) / tileCount;
      uvs[(vBase + v) * 2 + 1] = w;
    }
    const idx = prim.getIndices();
    const count = Math.floor((idx?.getCount() ?? n) / 3) * 3;
    for (let i = 0; i < count; i++) {
      const v = idx ? idx.getScalar(i) : i;
      if (!(v >= 0 && v < n)) throw bad(`an index (${v}) points past the ${n} vertices of its mesh.`);
      indices[iOut++] = vBase + v;
    }
    vBase += n;
  }

  const { texture, maps } = await materialStrips(tiles, opts);
  return { positions, uvs, indices: indices.subarray(0, iOut), texture, ...(maps ? { maps } : {}) };
}
