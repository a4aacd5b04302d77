/**
 * The whole matrix: every service's way of packing its answer (Meshy's and Tripo's PBR GLBs, fal's
 * base-colour GLB, a plain flat one) × every defect provider meshes come with (repair.ts's kinds) →
 * normalised and repaired → every format the product serves. Each STL is one closed, outward-oriented
 * solid 100 mm tall that stands on its base (read by a reader written apart from the exporters, and by
 * assimp with its 3MF); each GLB and glTF passes the Khronos validator and carries the PBR maps exactly
 * when the service sent them; each USDZ is read by three.js with those maps wired; the OBJ zip and the
 * FBX are complete. Textures are read at 256-pixel tiles here: the matrix is about shape and wiring.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { strFromU8, unzipSync } from 'fflate';
import validator from 'gltf-validator';
import { parseHTML } from 'linkedom';
import type * as THREE from 'three';
import { USDLoader } from 'three/examples/jsm/loaders/USDLoader.js';
import { afterAll, describe, expect, it } from 'vitest';
import { EXPORT_FORMATS, exportModel, normalizeSourceModel } from '../../src/index.ts';
import { assimpMesh, HAS_ASSIMP } from '../support/assimp.ts';
import { checkManifold, weld } from '../support/mesh-checks.ts';
import { printReport } from '../support/print-checks.ts';
import { PROVIDER_MESH_KINDS, PROVIDER_STYLES, providerGlb } from '../support/provider-meshes.ts';

const dir = mkdtempSync(join(tmpdir(), 'provider-matrix-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const PBR = new Set(['meshy-pbr', 'tripo-pbr']);

function glbJson(bytes: Uint8Array) {
  const length = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength).getUint32(12, true);
  return JSON.parse(strFromU8(bytes.subarray(20, 20 + length)));
}

describe.each(PROVIDER_STYLES)('%s', (style) => {
  it.each(PROVIDER_MESH_KINDS)('%s: every format, a closed standing STL, the maps as sent', async (kind) => {
    const { model, printable } = await normalizeSourceModel(await providerGlb(kind, style), {
      topology: 'low',
      read: { tileSize: 256 },
    });
    const files: Record<string, Uint8Array> = {};
    for (const format of EXPORT_FORMATS) {
      const print = format === 'stl' || format === '3mf';
      files[format] = (
        await exportModel(print ? printable : model, format, { baseName: kind })
      ).files[0].data;
    }
    const label = `${style} ${kind}`;

    const stl = printReport(files.stl);
    expect(stl, label).toMatchObject({ pieces: 1, badEdges: 0, flippedEdges: 0 });
    expect(stl.volume, label).toBeGreaterThan(0);
    expect(stl.height, label).toBeCloseTo(100, 3);
    expect(Math.abs(stl.minZ), label).toBeLessThan(1e-3);
    // Stands: the centre of mass is over what touches the bed.
    expect(stl.standMargin, `${label}: centre of mass over its base`).toBeGreaterThan(0);

    if (HAS_ASSIMP) {
      for (const format of ['stl', '3mf'] as const) {
        const path = join(dir, `${style}-${kind}.${format}`);
        writeFileSync(path, files[format]);
        const read = assimpMesh(path);
        const check = checkManifold(weld(read.positions, read.indices));
        expect(check, `${label}.${format} read by assimp`).toMatchObject({
          badEdges: 0,
          flippedEdges: 0,
          nonManifoldVertices: 0,
        });
        expect(check.volume).toBeGreaterThan(0);
      }
    }

    const glbReport = await validator.validateBytes(files.glb, { maxIssues: 0 });
    expect(glbReport.issues.numErrors, label).toBe(0);
    const gltfReport = await validator.validateString(strFromU8(files.gltf), { maxIssues: 0 });
    expect(gltfReport.issues.numErrors, label).toBe(0);
    const material = glbJson(files.glb).materials[0];
    expect(!!material.normalTexture, `${label}: normal map`).toBe(PBR.has(style));
    expect(!!material.pbrMetallicRoughness.metallicRoughnessTexture, `${label}: metal-rough map`).toBe(
      PBR.has(style),
    );

    (globalThis as unknown as { document: unknown }).document = (
      parseHTML('<html></html>') as unknown as { document: unknown }
    ).document;
    const usdz = files.usdz;
    const group = new USDLoader().parse(
      usdz.buffer.slice(usdz.byteOffset, usdz.byteOffset + usdz.byteLength) as ArrayBuffer,
    ) as unknown as THREE.Object3D;
    const meshes: THREE.Mesh[] = [];
    group.traverse((o) => {
      if ((o as THREE.Mesh).isMesh) meshes.push(o as THREE.Mesh);
    });
    expect(meshes, label).toHaveLength(1);
    const usdMaterial = meshes[0].material as THREE.MeshStandardMaterial;
    expect(!!usdMaterial.normalMap, `${label}: USDZ normal map`).toBe(PBR.has(style));
    expect(!!usdMaterial.metalnessMap, `${label}: USDZ metalness map`).toBe(PBR.has(style));

    const obj = unzipSync(files.obj);
    const names = Object.keys(obj);
    expect(names.some((n) => n.endsWith('.mtl')) && names.some((n) => n.endsWith('.png'))).toBe(true);
    const objText = strFromU8(obj[names.find((n) => n.endsWith('.obj'))!]);
    expect(objText.match(/^f /gm)?.length).toBe(model.mesh.indices.length / 3);
    expect(strFromU8(files.fbx.subarray(0, 18))).toBe('Kaydara FBX Binary');
  });
});
