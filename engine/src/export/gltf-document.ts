/** TexturedModel → glTF-Transform Document (shared by the GLB and glTF writers). */
import { Document } from '@gltf-transform/core';
import type { TexturedModel } from '../types.ts';
import { encodePng } from './png.ts';

/** A matte surface: what a photo without highlights can honestly say. */
const DEFAULT_ROUGHNESS = 0.8;

export async function toDocument(model: TexturedModel, name = 'lift3d'): Promise<Document> {
  const doc = new Document();
  doc.getRoot().getAsset().generator = 'Lift3D engine';
  const buffer = doc.createBuffer();
  const { mesh } = model;
  const position = doc.createAccessor('position').setType('VEC3').setArray(mesh.positions).setBuffer(buffer);
  const uv = doc.createAccessor('uv').setType('VEC2').setArray(mesh.uvs).setBuffer(buffer);
  const indices = doc.createAccessor('indices').setType('SCALAR').setArray(mesh.indices).setBuffer(buffer);
  const texture = doc
    .createTexture('baseColor')
    .setImage(await encodePng(model.texture))
    .setMimeType('image/png')
    .setURI('texture.png');
  const material = doc.createMaterial('surface').setBaseColorTexture(texture);
  if (model.maps) {
    // A service's own PBR maps: the factors stay 1 so the maps' values hold as sent.
    const metallicRoughness = doc
      .createTexture('metallicRoughness')
      .setImage(await encodePng(model.maps.metallicRoughness))
      .setMimeType('image/png')
      .setURI('metallic-roughness.png');
    const normal = doc
      .createTexture('normal')
      .setImage(await encodePng(model.maps.normal))
      .setMimeType('image/png')
      .setURI('normal.png');
    material
      .setMetallicRoughnessTexture(metallicRoughness)
      .setRoughnessFactor(1)
      .setMetallicFactor(1)
      .setNormalTexture(normal);
  } else material.setRoughnessFactor(model.roughness ?? DEFAULT_ROUGHNESS).setMetallicFactor(0);
  const prim = doc
    .createPrimitive()
    .setAttribute('POSITION', position)
    .setAttribute('TEXCOORD_0', uv)
    .setIndices(indices)
    .setMaterial(material);
  if (mesh.normals) {
    prim.setAttribute(
      'NORMAL',
      doc.createAccessor('normal').setType('VEC3').setArray(mesh.normals).setBuffer(buffer),
    );
  }
  const gltfMesh = doc.createMesh(name).addPrimitive(prim);
  const node = doc.createNode(name).setMesh(gltfMesh);
  doc.createScene('scene').addChild(node);
  return doc;
}
