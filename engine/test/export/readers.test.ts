/** Each format read back by a reader we did not write: three.js loaders and Debian's assimp. */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { unzipSync } from 'fflate';
import type * as THREE from 'three';
import { FBXLoader } from 'three/examples/jsm/loaders/FBXLoader.js';
import { OBJLoader } from 'three/examples/jsm/loaders/OBJLoader.js';
import { STLLoader } from 'three/examples/jsm/loaders/STLLoader.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { exportModel } from '../../src/index.ts';
import { assimpInfo, HAS_ASSIMP } from '../support/assimp.ts';
import { checkManifold, weld } from '../support/mesh-checks.ts';
import { figureModel } from '../support/model.ts';

const dir = mkdtempSync(join(tmpdir(), 'lift3d-export-'));

function ab(bytes: Uint8Array): ArrayBuffer {
  return bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer;
}

describe('export: OBJ zip', () => {
  it('zips OBJ + MTL + PNG that three OBJLoader reads with UVs and normals', async () => {
    const model = await figureModel();
    const { files } = await exportModel(model, 'obj', { baseName: 'figure' });
    expect(files.map((f) => f.name)).toEqual(['figure.zip']);
    const entries = unzipSync(files[0].data);
    expect(Object.keys(entries).sort()).toEqual(['figure.mtl', 'figure.obj', 'figure.png']);
    expect(new TextDecoder().decode(entries['figure.mtl'])).toContain('map_Kd figure.png');
    expect([...entries['figure.png'].subarray(1, 4)].map((c) => String.fromCharCode(c)).join('')).toBe('PNG');
    const group = new OBJLoader().parse(new TextDecoder().decode(entries['figure.obj']));
    const mesh = group.children[0] as THREE.Mesh;
    const geo = mesh.geometry as THREE.BufferGeometry;
    expect(geo.getAttribute('position').count).toBe(model.mesh.indices.length);
    expect(geo.getAttribute('uv')).toBeDefined();
    expect(geo.getAttribute('normal')).toBeDefined();
    for (const [name, data] of Object.entries(entries)) writeFileSync(join(dir, name), data);
  });

  it.skipIf(!HAS_ASSIMP)('assimp reads the OBJ with its material', async () => {
    const model = await figureModel();
    const info = assimpInfo(join(dir, 'figure.obj'));
    expect(info.meshes).toBe(1);
    expect(info.faces).toBe(model.mesh.indices.length / 3);
  });
});

describe('export: STL', () => {
  let bytes: Uint8Array;
  beforeAll(async () => {
    // Without the flat base every triangle of the model is written as is.
    const { files } = await exportModel(await figureModel(), 'stl', { flatBaseMm: 0 });
    bytes = files[0].data;
    writeFileSync(join(dir, 'figure.stl'), bytes);
  });

  it('is binary, 100 mm tall, Z up, on the bed, watertight and 2-manifold (three STLLoader)', async () => {
    const model = await figureModel();
    const geo = new STLLoader().parse(ab(bytes));
    const pos = geo.getAttribute('position').array as Float32Array;
    expect(pos.length / 9).toBe(model.mesh.indices.length / 3);
    geo.computeBoundingBox();
    const box = geo.boundingBox!;
    expect(box.max.z - box.min.z).toBeCloseTo(100, 2);
    expect(box.min.z).toBeCloseTo(0, 4);
    const soup = Uint32Array.from({ length: pos.length / 3 }, (_, i) => i);
    const report = checkManifold(weld(pos, soup));
    expect(report.badEdges).toBe(0);
    expect(report.flippedEdges).toBe(0);
    expect(report.nonManifoldVertices).toBe(0);
    expect(report.degenerate).toBe(0);
    expect(report.volume).toBeGreaterThan(0);
  });

  it('flat base (by default): cut and capped, still watertight, standing on a face at z = 0', async () => {
    const { files } = await exportModel(await figureModel(), 'stl');
    const geo = new STLLoader().parse(ab(files[0].data));
    const pos = geo.getAttribute('position').array as Float32Array;
    let minZ = Infinity;
    let onBed = 0;
    for (let i = 2; i < pos.length; i += 3) minZ = Math.min(minZ, pos[i]);
    for (let t = 0; t < pos.length; t += 9)
      if (Math.abs(pos[t + 2]) < 1e-3 && Math.abs(pos[t + 5]) < 1e-3 && Math.abs(pos[t + 8]) < 1e-3) onBed++;
    expect(minZ).toBeCloseTo(0, 3);
    expect(onBed).toBeGreaterThan(2); // the cap is a flat face on the bed
    const soup = Uint32Array.from({ length: pos.length / 3 }, (_, i) => i);
    const report = checkManifold(weld(pos, soup));
    expect(report.badEdges).toBe(0);
    expect(report.flippedEdges).toBe(0);
    expect(report.volume).toBeGreaterThan(0);
  });

  it.skipIf(!HAS_ASSIMP)('assimp reads the STL', async () => {
    const model = await figureModel();
    const info = assimpInfo(join(dir, 'figure.stl'));
    expect(info.meshes).toBe(1);
    expect(info.faces).toBe(model.mesh.indices.length / 3);
  });
});

describe('export: GLB read by assimp', () => {
  it.skipIf(!HAS_ASSIMP)('assimp reads the GLB with one mesh and its faces', async () => {
    const model = await figureModel();
    const { files } = await exportModel(model, 'glb');
    writeFileSync(join(dir, 'figure.glb'), files[0].data);
    const info = assimpInfo(join(dir, 'figure.glb'));
    expect(info.meshes).toBe(1);
    expect(info.faces).toBe(model.mesh.indices.length / 3);
  });
});

describe('export: binary FBX 7.4 with embedded texture', () => {
  // FBXLoader turns the embedded PNG into a blob URL and hands it to an image element. Node has Blob
  // and URL.createObjectURL but no DOM: a minimal `document` stands in, and we capture the blob.
  const blobs = new Map<string, Blob>();
  const original = {
    createObjectURL: URL.createObjectURL,
    document: (globalThis as { document?: unknown }).document,
  };
  beforeAll(() => {
    URL.createObjectURL = (blob: Blob) => {
      const url = `blob:lift3d/${blobs.size}`;
      blobs.set(url, blob);
      return url;
    };
    (globalThis as { document?: unknown }).document = {
      createElementNS: () => ({ addEventListener() {}, removeEventListener() {}, set src(_v: string) {} }),
    };
  });
  afterAll(() => {
    URL.createObjectURL = original.createObjectURL;
    (globalThis as { document?: unknown }).document = original.document;
  });

  it('three FBXLoader reads geometry, UVs, normals and a material whose map is the embedded PNG', async () => {
    const model = await figureModel();
    const { files } = await exportModel(model, 'fbx', { baseName: 'figure' });
    expect(files[0].name).toBe('figure.fbx');
    const data = files[0].data;
    expect(new TextDecoder().decode(data.subarray(0, 18))).toBe('Kaydara FBX Binary');
    expect(new DataView(data.buffer, data.byteOffset).getUint32(23, true)).toBe(7400);
    writeFileSync(join(dir, 'figure.fbx'), data);
    const group = new FBXLoader().parse(ab(data), '');
    const meshes: THREE.Mesh[] = [];
    group.traverse((o) => {
      if ((o as THREE.Mesh).isMesh) meshes.push(o as THREE.Mesh);
    });
    expect(meshes).toHaveLength(1);
    const geo = meshes[0].geometry as THREE.BufferGeometry;
    expect(geo.getAttribute('position').count).toBe(model.mesh.indices.length);
    expect(geo.getAttribute('uv')).toBeDefined();
    expect(geo.getAttribute('normal')).toBeDefined();
    // Positions round-trip (first triangle).
    const p = geo.getAttribute('position');
    const i0 = model.mesh.indices[0];
    expect(p.getX(0)).toBeCloseTo(model.mesh.positions[i0 * 3], 5);
    expect(p.getY(0)).toBeCloseTo(model.mesh.positions[i0 * 3 + 1], 5);
    const material = meshes[0].material as THREE.MeshPhongMaterial;
    expect(material.map).toBeTruthy();
    expect(blobs.size).toBe(1);
    const blob = [...blobs.values()][0];
    expect(blob.type).toBe('image/png');
    const png = new Uint8Array(await blob.arrayBuffer());
    expect(png.length).toBeGreaterThan(1000);
    expect(String.fromCharCode(...png.subarray(1, 4))).toBe('PNG');
  });

  it.skipIf(!HAS_ASSIMP)('assimp also imports it, with the texture embedded', async () => {
    const info = assimpInfo(join(dir, 'figure.fbx'));
    expect(info.meshes).toBe(1);
    expect(info.embeddedTextures).toBe(1);
  });
});
