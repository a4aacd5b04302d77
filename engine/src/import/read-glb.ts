/**
 * A generation service's GLB → one indexed triangle mesh in world space with one base-colour texture.
 *
 * glTF-Transform parses and validates the container (magic, JSON, buffers, accessor bounds); we then check
 * what it cannot: triangle counts, finite positions, index ranges and texture sizes, so a malformed or
 * hostile file is refused with a clear error before any heavy work. Several materials become one texture:
 * each primitive's base-colour image (or flat colour) is one tile of a horizontal strip and its UVs are
 * moved into that tile.
 */
import { type Document, type Material, NodeIO, type Primitive } from '@gltf-transform/core';
import { KHRONOS_EXTENSIONS } from '@gltf-transform/extensions';
import sharp from 'sharp';
import { EngineError } from '../errors.ts';
import type { RgbaImage } from '../types.ts';

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
}

const TRIANGLES = 4;
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
    const hasTexture = tileIndex[k] >= 0 && tiles[tile].getBaseColorTexture() !== null && uv !== null;
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
        // Repeat wrapping, then clamp into the tile so neighbouring tiles never bleed in.
        u = Math.min(0.999, Math.max(0.001, t[0] - Math.floor(t[0])));
        w = Math.min(0.999, Math.max(0.001, t[1] - Math.floor(t[1])));
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

  const texture = await mergeTiles(tiles, opts);
  return { positions, uvs, indices: indices.subarray(0, iOut), texture };
}

async function mergeTiles(tiles: Material[], opts: ReadGlbOptions): Promise<RgbaImage> {
  const count = Math.max(1, tiles.length);
  const side = Math.max(16, Math.min(opts.tileSize, Math.floor(8192 / count)));
  const width = side * count;
  const data = new Uint8Array(width * side * 4).fill(255);
  for (const [i, material] of tiles.entries()) {
    const factor = material.getBaseColorFactor();
    const image = material.getBaseColorTexture()?.getImage();
    let tile: Uint8Array;
    if (image) {
      try {
        tile = new Uint8Array(
          await sharp(image, { limitInputPixels: opts.maxTexturePixels, failOn: 'error' })
            .resize(side, side, { fit: 'fill' })
            .ensureAlpha()
            .raw()
            .toBuffer(),
        );
      } catch (cause) {
        throw bad(`a texture of the model cannot be read (${(cause as Error).message}).`, cause);
      }
    } else tile = new Uint8Array(side * side * 4).fill(255);
    // The base-colour factor multiplies the texture (glTF), in linear space; sRGB bytes are close enough
    // for the factors generation services write (1 or a flat colour).
    const srgb = factor.slice(0, 3).map((c) => Math.round(255 * Math.min(1, Math.max(0, c)) ** (1 / 2.2)));
    for (let y = 0; y < side; y++) {
      for (let x = 0; x < side; x++) {
        const s = (y * side + x) * 4;
        const d = (y * width + i * side + x) * 4;
        for (let c = 0; c < 3; c++) data[d + c] = Math.round((tile[s + c] * srgb[c]) / 255);
        data[d + 3] = 255;
      }
    }
  }
  return { width, height: side, data };
}
