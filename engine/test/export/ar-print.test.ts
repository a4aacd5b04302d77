/** USDZ and 3MF read back by readers we did not write (three.js's USDZ and 3MF loaders) plus format checks. */

import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { strFromU8, unzipSync } from 'fflate';
import { parseHTML } from 'linkedom';
import * as THREE from 'three';
import { USDLoader } from 'three/examples/jsm/loaders/USDLoader.js';
import { beforeAll, describe, expect, it } from 'vitest';
import { exportModel } from '../../src/index.ts';
import { assimpInfo, HAS_ASSIMP } from '../support/assimp.ts';
import { checkManifold } from '../support/mesh-checks.ts';
import { figureModel } from '../support/model.ts';

const dir = mkdtempSync(join(tmpdir(), 'lift3d-ar-print-'));

function ab(bytes: Uint8Array): ArrayBuffer {
  return bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer;
}

/** Entries of a zip read from its central directory: name, compression method and where the data starts. */
function zipEntries(
  zip: Uint8Array,
): Array<{ name: string; method: number; dataOffset: number; size: number }> {
  const view = new DataView(zip.buffer, zip.byteOffset, zip.byteLength);
  let eocd = zip.length - 22;
  while (eocd >= 0 && view.getUint32(eocd, true) !== 0x06054b50) eocd--;
  expect(eocd).toBeGreaterThanOrEqual(0);
  const count = view.getUint16(eocd + 10, true);
  let p = view.getUint32(eocd + 16, true);
  const out = [];
  for (let i = 0; i < count; i++) {
    expect(view.getUint32(p, true)).toBe(0x02014b50);
    const method = view.getUint16(p + 10, true);
    const size = view.getUint32(p + 20, true);
    const nameLen = view.getUint16(p + 28, true);
    const extraLen = view.getUint16(p + 30, true);
    const commentLen = view.getUint16(p + 32, true);
    const local = view.getUint32(p + 42, true);
    const name = strFromU8(zip.subarray(p + 46, p + 46 + nameLen));
    expect(view.getUint32(local, true)).toBe(0x04034b50);
    const dataOffset = local + 30 + view.getUint16(local + 26, true) + view.getUint16(local + 28, true);
    out.push({ name, method, dataOffset, size });
    p += 46 + nameLen + extraLen + commentLen;
  }
  return out;
}

describe('export: USDZ for AR Quick Look', () => {
  let bytes: Uint8Array;
  beforeAll(async () => {
    const { files } = await exportModel(await figureModel(), 'usdz', { baseName: 'figure' });
    expect(files.map((f) => f.name)).toEqual(['figure.usdz']);
    expect(files[0].contentType).toBe('model/vnd.usdz+zip');
    bytes = files[0].data;
  });

  it('is an uncompressed zip, USD layer first, every entry 64-byte aligned', () => {
    const entries = zipEntries(bytes);
    expect(entries.map((e) => e.name)).toEqual(['model.usda', 'textures/color.png']);
    for (const e of entries) {
      expect(e.method, e.name).toBe(0);
      expect(e.dataOffset % 64, e.name).toBe(0);
    }
    const png = bytes.subarray(entries[1].dataOffset, entries[1].dataOffset + 4);
    expect(strFromU8(png.subarray(1, 4))).toBe('PNG');
  });

  it('three.js USDLoader reads a textured mesh, metres, standing on the floor', async () => {
    // The loader hands the PNG to an <img>; linkedom's document lets it create one (the pixels are not needed).
    (globalThis as unknown as { document: unknown }).document = (
      parseHTML('<html></html>') as unknown as { document: unknown }
    ).document;
    const model = await figureModel();
    const group = await new Promise<THREE.Group>((resolve, reject) => {
      try {
        const result = new USDLoader().parse(ab(bytes)) as unknown;
        if (result instanceof THREE.Object3D) resolve(result as THREE.Group);
        else reject(new Error('USDLoader returned no scene'));
      } catch (e) {
        reject(e);
      }
    });
    const meshes: THREE.Mesh[] = [];
    group.traverse((o) => {
      if ((o as THREE.Mesh).isMesh) meshes.push(o as THREE.Mesh);
    });
    expect(meshes).toHaveLength(1);
    const geo = meshes[0].geometry as THREE.BufferGeometry;
    const triangles = geo.index ? geo.index.count / 3 : geo.getAttribute('position').count / 3;
    expect(triangles).toBe(model.mesh.indices.length / 3);
    expect(geo.getAttribute('uv')).toBeDefined();
    group.updateMatrixWorld(true);
    const box = new THREE.Box3().setFromObject(group);
    expect(box.max.y - box.min.y).toBeCloseTo(0.5, 3);
    expect(box.min.y).toBeCloseTo(0, 4);
    const material = meshes[0].material as THREE.MeshStandardMaterial;
    expect(material.isMeshStandardMaterial).toBe(true);
  });

  it('the layer says metres and Y up, binds the texture through UsdPreviewSurface', () => {
    const layer = strFromU8(unzipSync(bytes)['model.usda']);
    expect(layer.startsWith('#usda 1.0')).toBe(true);
    expect(layer).toContain('metersPerUnit = 1');
    expect(layer).toContain('upAxis = "Y"');
    expect(layer).toContain('defaultPrim = "Root"');
    expect(layer).toContain('asset inputs:file = @textures/color.png@');
    expect(layer).toContain('uniform token info:id = "UsdPreviewSurface"');
  });
});

describe('export: 3MF for slicers', () => {
  const CORE = 'http://schemas.microsoft.com/3dmanufacturing/core/2015/02';
  const MATERIAL = 'http://schemas.microsoft.com/3dmanufacturing/material/2015/02';

  const loaded = new Map<number, ReturnType<typeof read>>();
  const load = (flatBaseMm: number) => {
    if (!loaded.has(flatBaseMm)) loaded.set(flatBaseMm, read(flatBaseMm));
    return loaded.get(flatBaseMm) as ReturnType<typeof read>;
  };

  /** Read by fast-xml-parser (three's 3MFLoader needs a browser DOM: it matches prefixed tags by local name). */
  async function read(flatBaseMm: number) {
    const { files } = await exportModel(await figureModel(), '3mf', { baseName: 'figure', flatBaseMm });
    expect(files.map((f) => f.name)).toEqual(['figure.3mf']);
    expect(files[0].contentType).toBe('model/3mf');
    const entries = unzipSync(files[0].data);
    expect(Object.keys(entries).sort()).toEqual(['3D/3dmodel.model', '[Content_Types].xml', '_rels/.rels']);
    expect(strFromU8(entries['_rels/.rels'])).toContain('Target="/3D/3dmodel.model"');
    const text = strFromU8(entries['3D/3dmodel.model']);
    expect(XMLValidator.validate(text)).toBe(true);
    const parser = new XMLParser({
      ignoreAttributes: false,
      attributeNamePrefix: '',
      parseAttributeValue: false,
    });
    const model = parser.parse(text).model;
    expect(model.xmlns).toBe(CORE);
    expect(model['xmlns:m']).toBe(MATERIAL);
    const object = model.resources.object;
    const list = <T>(x: T | T[]): T[] => (Array.isArray(x) ? x : [x]);
    const positions = list(object.mesh.vertices.vertex).flatMap((v: Record<string, string>) => [
      Number(v.x),
      Number(v.y),
      Number(v.z),
    ]);
    const triangles = list(object.mesh.triangles.triangle) as Record<string, string>[];
    const indices = triangles.flatMap((t) => [Number(t.v1), Number(t.v2), Number(t.v3)]);
    const colourRefs = triangles.flatMap((t) => [Number(t.p1), Number(t.p2), Number(t.p3)]);
    expect(object.pid).toBe(model.resources['m:colorgroup'].id);
    const colours = list(model.resources['m:colorgroup']['m:color']).map(
      (c: Record<string, string>) => c.color,
    );
    const path = join(dir, `figure-${flatBaseMm}.3mf`);
    writeFileSync(path, files[0].data);
    return { unit: model.unit as string, positions, indices, colourRefs, colours, path };
  }

  function zRange(positions: number[]): [number, number] {
    let lo = Infinity,
      hi = -Infinity;
    for (let i = 2; i < positions.length; i += 3) {
      lo = Math.min(lo, positions[i]);
      hi = Math.max(hi, positions[i]);
    }
    return [lo, hi];
  }

  it('millimetres, 100 mm tall on the bed, closed and 2-manifold by its own vertex indices', async () => {
    const { unit, positions, indices } = await load(0);
    expect(unit).toBe('millimeter');
    const report = checkManifold({
      positions: Float64Array.from(positions),
      indices: Uint32Array.from(indices),
    });
    expect(report.degenerate).toBe(0);
    expect(report.badEdges).toBe(0);
    expect(report.flippedEdges).toBe(0);
    expect(report.nonManifoldVertices).toBe(0);
    expect(report.volume).toBeGreaterThan(0);
    const [lo, hi] = zRange(positions);
    expect(lo).toBeCloseTo(0, 2);
    expect(hi - lo).toBeCloseTo(100, 1);
  });

  it('carries the photo colours per vertex (not one flat colour)', async () => {
    const { positions, colourRefs, colours } = await load(0);
    expect(colours).toHaveLength(positions.length / 3);
    for (const c of colours) expect(c).toMatch(/^#[0-9A-F]{6}$/);
    for (const r of colourRefs) expect(r).toBeLessThan(colours.length);
    expect(new Set(colours).size).toBeGreaterThan(10);
  });

  it('with a flat base (the default): the STL solid, cut, still closed, 100 mm, every vertex coloured like the uncut model', async () => {
    const { positions, indices, colours } = await load(5);
    expect(colours).toHaveLength(positions.length / 3);
    const report = checkManifold({
      positions: Float64Array.from(positions),
      indices: Uint32Array.from(indices),
    });
    expect(report.badEdges).toBe(0);
    expect(report.nonManifoldVertices).toBe(0);
    expect(report.volume).toBeGreaterThan(0);
    const [lo, hi] = zRange(positions);
    expect(lo).toBeCloseTo(0, 2);
    expect(hi - lo).toBeCloseTo(100, 1);
    // The topmost vertex is the same point of the model with or without the base: the same colour.
    const uncut = await load(0);
    const top = (p: number[]) => {
      let best = 0;
      for (let v = 0; v < p.length / 3; v++) if (p[v * 3 + 2] > p[best * 3 + 2]) best = v;
      return best;
    };
    expect(colours[top(positions)]).toBe(uncut.colours[top(uncut.positions)]);
    let onBed = 0;
    for (let i = 2; i < positions.length; i += 3) if (positions[i] < 1e-3) onBed++;
    expect(onBed).toBeGreaterThan(3);
  });

  it.skipIf(!HAS_ASSIMP)('assimp imports it: one mesh, every triangle, within the 100 mm box', async () => {
    const { indices, path } = await load(0);
    const info = assimpInfo(path);
    expect(info.meshes).toBe(1);
    expect(info.faces).toBe(indices.length / 3);
    const max = info.output.match(/Maximum point\s+\(([-\d.]+) ([-\d.]+) ([-\d.]+)\)/);
    expect(Number(max?.[3])).toBeCloseTo(100, 1);
  });
});
