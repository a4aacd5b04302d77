/**
 * A service's PBR maps (Meshy's `enable_pbr`, Tripo's `pbr_model`) are kept: read into our one-texture
 * layout beside the base colour, and carried by the GLB and glTF (checked by the Khronos validator and by
 * reading the files' JSON and images directly) and the USDZ (read back by three.js's USDLoader). Base-colour
 * only answers (fal) stay as they were: no maps invented.
 */
import { strFromU8, unzipSync } from 'fflate';
import validator from 'gltf-validator';
import { parseHTML } from 'linkedom';
import sharp from 'sharp';
import type * as THREE from 'three';
import { USDLoader } from 'three/examples/jsm/loaders/USDLoader.js';
import { beforeAll, describe, expect, it } from 'vitest';
import { exportModel, normalizeSourceModel, type RgbaImage, type TexturedModel } from '../../src/index.ts';
import { PBR_PAINT, providerGlb } from '../support/provider-meshes.ts';

/** The map's pixel at a vertex's UV (nearest). */
function at(image: RgbaImage, u: number, v: number): [number, number, number] {
  const x = Math.min(image.width - 1, Math.max(0, Math.floor(u * image.width)));
  const y = Math.min(image.height - 1, Math.max(0, Math.floor(v * image.height)));
  const o = (y * image.width + x) * 4;
  return [image.data[o], image.data[o + 1], image.data[o + 2]];
}

/** Every vertex clear of the middle band samples the paint of its height. */
function expectPaintByHeight(model: TexturedModel) {
  const maps = model.maps!;
  const { positions, uvs } = model.mesh;
  let checked = 0;
  for (let v = 0; v < positions.length / 3; v++) {
    const y = positions[v * 3 + 1];
    if (Math.abs(y - 0.5) < 0.1) continue;
    const paint = y > 0.5 ? PBR_PAINT.top : PBR_PAINT.bottom;
    const [, g, b] = at(maps.metallicRoughness, uvs[v * 2], uvs[v * 2 + 1]);
    expect(Math.abs(g - paint.roughness), `roughness at y=${y.toFixed(2)}`).toBeLessThanOrEqual(3);
    expect(Math.abs(b - paint.metallic), `metallic at y=${y.toFixed(2)}`).toBeLessThanOrEqual(3);
    const n = at(maps.normal, uvs[v * 2], uvs[v * 2 + 1]);
    for (const [i, c] of n.entries()) expect(Math.abs(c - PBR_PAINT.normal[i])).toBeLessThanOrEqual(3);
    checked++;
  }
  expect(checked).toBeGreaterThan(50);
}

/** A GLB's JSON and its images, read from the container by hand (not by the library that wrote it). */
function readGlb(bytes: Uint8Array) {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const jsonLength = view.getUint32(12, true);
  const json = JSON.parse(strFromU8(bytes.subarray(20, 20 + jsonLength)));
  const binStart = 20 + jsonLength + 8;
  const image = (index: number) => {
    const bv = json.bufferViews[json.images[index].bufferView];
    return bytes.subarray(binStart + (bv.byteOffset ?? 0), binStart + (bv.byteOffset ?? 0) + bv.byteLength);
  };
  return { json, image };
}

async function distinctPixels(png: Uint8Array) {
  const { data, info } = await sharp(png).raw().toBuffer({ resolveWithObject: true });
  const seen = new Set<string>();
  for (let i = 0; i < data.length; i += info.channels)
    seen.add(Array.from(data.subarray(i, i + 3)).join(','));
  return seen;
}

describe('PBR maps from a hosted service', () => {
  let model: TexturedModel;
  beforeAll(async () => {
    ({ model } = await normalizeSourceModel(await providerGlb('animal', 'meshy-pbr'), { topology: 'low' }));
  });

  it('are read into the base colour layout and still map by the same UVs after the frame and topology steps', async () => {
    expect(model.maps).toBeDefined();
    expect(model.maps!.metallicRoughness.width).toBe(model.texture.width);
    expect(model.maps!.normal.height).toBe(model.texture.height);
    expectPaintByHeight(model);
    // Tripo's node-placed answer too.
    const tripo = await normalizeSourceModel(await providerGlb('holes', 'tripo-pbr'), { topology: 'low' });
    expectPaintByHeight(tripo.model);
  });

  it('a base-colour-only answer (fal) and a flat one bring no maps', async () => {
    for (const style of ['fal-textured', 'flat'] as const) {
      const { model: m } = await normalizeSourceModel(await providerGlb('animal', style), {
        topology: 'low',
      });
      expect(m.maps, style).toBeUndefined();
    }
  });

  it('the GLB and glTF carry base colour, metallic-roughness and normal textures, valid to the Khronos validator', async () => {
    const glb = (await exportModel(model, 'glb')).files[0].data;
    const report = await validator.validateBytes(glb, { maxIssues: 0 });
    expect(report.issues.numErrors).toBe(0);
    const { json, image } = readGlb(glb);
    expect(json.materials).toHaveLength(1);
    const m = json.materials[0];
    const pbr = m.pbrMetallicRoughness;
    expect(pbr.metallicRoughnessTexture).toBeDefined();
    expect(m.normalTexture).toBeDefined();
    // Factors of 1 (the default when absent): the maps' values hold as the service sent them.
    expect(pbr.metallicFactor ?? 1).toBe(1);
    expect(pbr.roughnessFactor ?? 1).toBe(1);
    const source = (t: { index: number }) => json.textures[t.index].source as number;
    const mr = await distinctPixels(image(source(pbr.metallicRoughnessTexture)));
    const { top, bottom } = PBR_PAINT;
    // Green = roughness, blue = metalness, both bands present.
    for (const paint of [top, bottom])
      expect([...mr].some((p) => p.endsWith(`,${paint.roughness},${paint.metallic}`))).toBe(true);
    const normal = await distinctPixels(image(source(m.normalTexture)));
    expect(normal.has(PBR_PAINT.normal.join(','))).toBe(true);

    const gltf = strFromU8((await exportModel(model, 'gltf')).files[0].data);
    const gltfReport = await validator.validateString(gltf, { maxIssues: 0 });
    expect(gltfReport.issues.numErrors).toBe(0);
    const parsed = JSON.parse(gltf);
    expect(parsed.images).toHaveLength(3);
    expect(parsed.materials[0].normalTexture).toBeDefined();
    expect(parsed.materials[0].pbrMetallicRoughness.metallicRoughnessTexture).toBeDefined();
  });

  it('the USDZ wires the maps into its UsdPreviewSurface, read back by three.js as metalness, roughness and normal maps', async () => {
    const usdz = (await exportModel(model, 'usdz')).files[0].data;
    const files = unzipSync(usdz);
    expect(Object.keys(files)).toEqual([
      'model.usda',
      'textures/color.png',
      'textures/metallic-roughness.png',
      'textures/normal.png',
    ]);
    const layer = strFromU8(files['model.usda']);
    for (const asset of layer.matchAll(/@([^@]+)@/g)) expect(files[asset[1]], asset[1]).toBeDefined();
    expect((await distinctPixels(files['textures/normal.png'])).has(PBR_PAINT.normal.join(','))).toBe(true);

    (globalThis as unknown as { document: unknown }).document = (
      parseHTML('<html></html>') as unknown as { document: unknown }
    ).document;
    const ab = usdz.buffer.slice(usdz.byteOffset, usdz.byteOffset + usdz.byteLength) as ArrayBuffer;
    const group = new USDLoader().parse(ab) as unknown as THREE.Object3D;
    const meshes: THREE.Mesh[] = [];
    group.traverse((o) => {
      if ((o as THREE.Mesh).isMesh) meshes.push(o as THREE.Mesh);
    });
    expect(meshes).toHaveLength(1);
    const material = meshes[0].material as THREE.MeshStandardMaterial;
    expect(material.map).toBeTruthy();
    expect(material.metalnessMap).toBeTruthy();
    expect(material.roughnessMap).toBeTruthy();
    expect(material.normalMap).toBeTruthy();
  });
});
