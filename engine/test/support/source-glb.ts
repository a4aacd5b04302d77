/**
 * Textured GLBs as a generation service would send them: a lathed vase (UV seam duplicated, so it is
 * closed only once welded), placed by a node transform in its own units, with a two-colour texture.
 * `open: true` leaves the top off (the STL must then be rebuilt); `extraPart` adds a second, untextured
 * primitive with a flat colour (two materials in one file).
 */
import { Document, NodeIO } from '@gltf-transform/core';
import sharp from 'sharp';

export interface SourceGlbOptions {
  open: boolean;
  segments: number;
  rings: number;
  /** Node scale and translation: the service's own units and origin. */
  scale: number;
  translate: [number, number, number];
  extraPart: boolean;
}

const SOURCE_GLB_DEFAULTS: SourceGlbOptions = {
  open: false,
  segments: 48,
  rings: 40,
  scale: 2.5,
  translate: [3, -1, 0.5],
  extraPart: false,
};

/** Radius of the vase at height t ∈ [0, 1] (its height is 1 before the node scale). */
export const vaseRadius = (t: number) => 0.18 + 0.14 * Math.sin(Math.PI * (0.15 + 0.85 * t)) * (1 - 0.4 * t);

export async function makeSourceGlb(options: Partial<SourceGlbOptions> = {}): Promise<Uint8Array> {
  const o = { ...SOURCE_GLB_DEFAULTS, ...options };
  const positions: number[] = [];
  const uvs: number[] = [];
  const indices: number[] = [];
  const cols = o.segments + 1; // the seam column is duplicated, as UV-mapped meshes are
  for (let r = 0; r <= o.rings; r++) {
    const t = r / o.rings;
    for (let s = 0; s < cols; s++) {
      const a = ((s % o.segments) / o.segments) * Math.PI * 2;
      positions.push(vaseRadius(t) * Math.sin(a), t, vaseRadius(t) * Math.cos(a));
      uvs.push(s / o.segments, 1 - t);
    }
  }
  for (let r = 0; r < o.rings; r++) {
    for (let s = 0; s < o.segments; s++) {
      const a = r * cols + s;
      const b = a + cols;
      indices.push(a, a + 1, b, a + 1, b + 1, b);
    }
  }
  // Caps: a centre vertex each (bottom always, top unless open), winding outwards.
  const cap = (ring: number, y: number, down: boolean) => {
    const c = positions.length / 3;
    positions.push(0, y, 0);
    uvs.push(0.5, down ? 0.99 : 0.01);
    for (let s = 0; s < o.segments; s++) {
      const a = ring * cols + s;
      if (down) indices.push(c, a + 1, a);
      else indices.push(c, a, a + 1);
    }
  };
  cap(0, 0, true);
  if (!o.open) cap(o.rings, 1, false);

  const doc = new Document();
  const buffer = doc.createBuffer();
  const texture = doc
    .createTexture('base')
    .setImage(await stripes())
    .setMimeType('image/png');
  const material = doc.createMaterial('vase').setBaseColorTexture(texture);
  const prim = doc
    .createPrimitive()
    .setAttribute(
      'POSITION',
      doc.createAccessor().setType('VEC3').setArray(new Float32Array(positions)).setBuffer(buffer),
    )
    .setAttribute(
      'TEXCOORD_0',
      doc.createAccessor().setType('VEC2').setArray(new Float32Array(uvs)).setBuffer(buffer),
    )
    .setIndices(doc.createAccessor().setType('SCALAR').setArray(new Uint32Array(indices)).setBuffer(buffer))
    .setMaterial(material);
  const mesh = doc.createMesh('vase').addPrimitive(prim);
  if (o.extraPart) {
    // A small flat-coloured box beside the vase.
    const box = [-1, -1, -1, 1, -1, -1, 1, 1, -1, -1, 1, -1, -1, -1, 1, 1, -1, 1, 1, 1, 1, -1, 1, 1].map(
      (v) => v * 0.05,
    );
    const quads = [0, 3, 2, 1, 4, 5, 6, 7, 0, 1, 5, 4, 2, 3, 7, 6, 1, 2, 6, 5, 0, 4, 7, 3];
    const tri: number[] = [];
    for (let q = 0; q < quads.length; q += 4)
      tri.push(quads[q], quads[q + 1], quads[q + 2], quads[q], quads[q + 2], quads[q + 3]);
    mesh.addPrimitive(
      doc
        .createPrimitive()
        .setAttribute(
          'POSITION',
          doc
            .createAccessor()
            .setType('VEC3')
            .setArray(new Float32Array(box.map((v, i) => v + (i % 3 === 0 ? 0.4 : 0.1))))
            .setBuffer(buffer),
        )
        .setIndices(doc.createAccessor().setType('SCALAR').setArray(new Uint32Array(tri)).setBuffer(buffer))
        .setMaterial(doc.createMaterial('red').setBaseColorFactor([0.8, 0.1, 0.1, 1])),
    );
  }
  const node = doc
    .createNode('vase')
    .setMesh(mesh)
    .setScale([o.scale, o.scale, o.scale])
    .setTranslation(o.translate);
  doc.createScene('scene').addChild(node);
  return new NodeIO().writeBinary(doc);
}

/** Top half blue, bottom half orange: the texture is visibly kept when both colours come back. */
async function stripes(): Promise<Uint8Array> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="64" height="64"><rect width="64" height="32" fill="#1f5fd0"/><rect y="32" width="64" height="32" fill="#f08a1c"/></svg>`;
  return new Uint8Array(await sharp(Buffer.from(svg)).png().toBuffer());
}
