/**
 * GLBs in the states generation services send them in, each a known defect of real provider meshes: an
 * animal built of overlapping closed parts (self-intersections, several shells), a triangle soup
 * (every vertex duplicated), T-junctions, holes, faces wound inwards, floating specks and an open relief
 * plane. Written apart from our importer and exporters so the print checks judge them independently.
 */
import { Document, NodeIO } from '@gltf-transform/core';
import sharp from 'sharp';

interface Mesh {
  positions: number[];
  indices: number[];
}

export const PROVIDER_MESH_KINDS = [
  'animal',
  'soup',
  't-junctions',
  'holes',
  'inward',
  'specks',
  'open-plane',
] as const;
export type ProviderMeshKind = (typeof PROVIDER_MESH_KINDS)[number];

/** A closed ellipsoid, outward-wound, `rings` × `segments`. */
function ellipsoid(
  c: [number, number, number],
  r: [number, number, number],
  rings = 16,
  segments = 24,
): Mesh {
  const positions: number[] = [];
  const indices: number[] = [];
  positions.push(c[0], c[1] + r[1], c[2]);
  for (let i = 1; i < rings; i++) {
    const phi = (Math.PI * i) / rings;
    for (let j = 0; j < segments; j++) {
      const th = (2 * Math.PI * j) / segments;
      positions.push(
        c[0] + r[0] * Math.sin(phi) * Math.sin(th),
        c[1] + r[1] * Math.cos(phi),
        c[2] + r[2] * Math.sin(phi) * Math.cos(th),
      );
    }
  }
  positions.push(c[0], c[1] - r[1], c[2]);
  const bottom = positions.length / 3 - 1;
  const ring = (i: number, j: number) => 1 + (i - 1) * segments + (j % segments);
  for (let j = 0; j < segments; j++) indices.push(0, ring(1, j), ring(1, j + 1));
  for (let i = 1; i < rings - 1; i++) {
    for (let j = 0; j < segments; j++) {
      const a = ring(i, j);
      const b = ring(i, j + 1);
      const d = ring(i + 1, j);
      const e = ring(i + 1, j + 1);
      indices.push(a, d, b, b, d, e);
    }
  }
  for (let j = 0; j < segments; j++) indices.push(ring(rings - 1, j), bottom, ring(rings - 1, j + 1));
  return { positions, indices };
}

function merge(...parts: Mesh[]): Mesh {
  const out: Mesh = { positions: [], indices: [] };
  for (const p of parts) {
    const base = out.positions.length / 3;
    out.positions.push(...p.positions);
    out.indices.push(...p.indices.map((i) => i + base));
  }
  return out;
}

/** A four-legged animal: body, head, ears, tail and legs as separate closed parts that overlap. */
function animal(): Mesh {
  const legs = [-1, 1].flatMap((x) =>
    [-1, 1].map((z) => ellipsoid([x * 0.18, 0.22, z * 0.35], [0.08, 0.22, 0.08], 10, 12)),
  );
  return merge(
    ellipsoid([0, 0.5, 0], [0.35, 0.25, 0.6]),
    ellipsoid([0, 0.72, 0.55], [0.18, 0.18, 0.2]),
    ellipsoid([-0.1, 0.9, 0.55], [0.04, 0.08, 0.03], 8, 10),
    ellipsoid([0.1, 0.9, 0.55], [0.04, 0.08, 0.03], 8, 10),
    ellipsoid([0, 0.6, -0.7], [0.04, 0.04, 0.2], 8, 10),
    ...legs,
  );
}

/** Every triangle with its own three vertices (as many exporters write them). */
function soup(m: Mesh): Mesh {
  const positions: number[] = [];
  for (const i of m.indices)
    positions.push(m.positions[i * 3], m.positions[i * 3 + 1], m.positions[i * 3 + 2]);
  return { positions, indices: Array.from({ length: positions.length / 3 }, (_, i) => i) };
}

/** A box whose top is split into four triangles around a midpoint on one edge's neighbour: T-junctions. */
function tJunctions(): Mesh {
  const p = [
    -0.5, 0, -0.5, 0.5, 0, -0.5, 0.5, 1, -0.5, -0.5, 1, -0.5, -0.5, 0, 0.5, 0.5, 0, 0.5, 0.5, 1, 0.5,
  ];
  p.push(-0.5, 1, 0.5);
  // Midpoints of the top's front and back edges: used by the top, not by the front and back sides.
  p.push(0, 1, 0.5, 0, 1, -0.5);
  const quads = [
    [0, 3, 2, 1],
    [4, 5, 6, 7],
    [0, 1, 5, 4],
    [1, 2, 6, 5],
    [0, 4, 7, 3],
  ];
  const indices: number[] = [];
  for (const [a, b, c, d] of quads) indices.push(a, b, c, a, c, d);
  // Top (y = 1), outward up: split at the midpoints 8 (z = 0.5) and 9 (z = -0.5).
  indices.push(3, 7, 8, 3, 8, 9, 9, 8, 6, 9, 6, 2);
  return { positions: p, indices };
}

/** Triangles missing here and there: holes. */
function holes(): Mesh {
  const m = ellipsoid([0, 0.5, 0], [0.4, 0.5, 0.3], 20, 28);
  const indices: number[] = [];
  for (let t = 0; t < m.indices.length / 3; t++) {
    if (t % 37 === 5 || t % 53 === 11) continue;
    indices.push(m.indices[t * 3], m.indices[t * 3 + 1], m.indices[t * 3 + 2]);
  }
  return { positions: m.positions, indices };
}

/** A closed solid with every triangle wound inwards. */
function inward(): Mesh {
  const m = ellipsoid([0, 0.5, 0], [0.3, 0.5, 0.4]);
  const indices: number[] = [];
  for (let t = 0; t < m.indices.length; t += 3)
    indices.push(m.indices[t], m.indices[t + 2], m.indices[t + 1]);
  return { positions: m.positions, indices };
}

/** A body with small detached shells floating around it (scan and generation debris). */
function specks(): Mesh {
  const bits = Array.from({ length: 5 }, (_, i) =>
    ellipsoid([0.6 * Math.cos(i), 0.3 + 0.1 * i, 0.6 * Math.sin(i)], [0.02, 0.02, 0.02], 6, 8),
  );
  return merge(ellipsoid([0, 0.5, 0], [0.3, 0.5, 0.3]), ...bits);
}

/** A single open relief sheet (a "bas-relief" answer): no volume at all. */
function openPlane(): Mesh {
  const n = 20;
  const positions: number[] = [];
  const indices: number[] = [];
  for (let i = 0; i <= n; i++)
    for (let j = 0; j <= n; j++) {
      const x = i / n - 0.5;
      const y = j / n;
      positions.push(x, y, 0.1 * Math.sin(x * 6) * Math.cos(y * 5));
    }
  for (let i = 0; i < n; i++)
    for (let j = 0; j < n; j++) {
      const a = i * (n + 1) + j;
      indices.push(a, a + n + 1, a + 1, a + 1, a + n + 1, a + n + 2);
    }
  return { positions, indices };
}

export function providerMesh(kind: ProviderMeshKind): Mesh {
  switch (kind) {
    case 'animal':
      return animal();
    case 'soup':
      return soup(animal());
    case 't-junctions':
      return tJunctions();
    case 'holes':
      return holes();
    case 'inward':
      return inward();
    case 'specks':
      return specks();
    case 'open-plane':
      return openPlane();
  }
}

/**
 * How each service packs its answer, from its documentation: Meshy (`enable_pbr`) and Tripo (`pbr`, its
 * `pbr_model`) send base colour, metallic-roughness and normal maps; fal's TRELLIS and Hunyuan3D send a
 * base-colour texture only. `flat` is the plain answer with no texture at all.
 */
export const PROVIDER_STYLES = ['meshy-pbr', 'tripo-pbr', 'fal-textured', 'flat'] as const;
export type ProviderStyle = (typeof PROVIDER_STYLES)[number];

/** What the PBR styles paint, by height: metal above the middle, rough dielectric below. */
export const PBR_PAINT = {
  top: { roughness: 40, metallic: 250 },
  bottom: { roughness: 220, metallic: 0 },
  /** A tilted tangent-space normal everywhere (not the flat 128,128,255): kept only if really carried. */
  normal: [170, 110, 230] as const,
  baseColor: [200, 120, 60] as const,
};

/** Two-band RGB image, top band `a`, bottom `b`, as a PNG. */
async function bands(a: readonly number[], b: readonly number[]): Promise<Uint8Array> {
  const side = 64;
  const data = Buffer.alloc(side * side * 3);
  for (let y = 0; y < side; y++)
    for (let x = 0; x < side; x++) data.set(y < side / 2 ? a : b, (y * side + x) * 3);
  return new Uint8Array(
    await sharp(data, { raw: { width: side, height: side, channels: 3 } })
      .png()
      .toBuffer(),
  );
}

/**
 * The mesh as a provider's GLB, in the provider's own units: a flat base colour (`flat`), or UV-mapped
 * (u around the vertical axis, v down the height) with the style's textures.
 */
export async function providerGlb(
  kind: ProviderMeshKind,
  style: ProviderStyle = 'flat',
): Promise<Uint8Array> {
  const m = providerMesh(kind);
  const doc = new Document();
  const buffer = doc.createBuffer();
  const material = doc.createMaterial(kind);
  const prim = doc
    .createPrimitive()
    .setAttribute(
      'POSITION',
      doc.createAccessor().setType('VEC3').setArray(new Float32Array(m.positions)).setBuffer(buffer),
    )
    .setIndices(doc.createAccessor().setType('SCALAR').setArray(new Uint32Array(m.indices)).setBuffer(buffer))
    .setMaterial(material);
  if (style === 'flat') material.setBaseColorFactor([0.7, 0.5, 0.3, 1]);
  else {
    let minY = Infinity;
    let maxY = -Infinity;
    for (let i = 1; i < m.positions.length; i += 3) {
      minY = Math.min(minY, m.positions[i]);
      maxY = Math.max(maxY, m.positions[i]);
    }
    const uv = new Float32Array((m.positions.length / 3) * 2);
    for (let v = 0; v < m.positions.length / 3; v++) {
      const [x, y, z] = m.positions.slice(v * 3, v * 3 + 3);
      uv[v * 2] = (Math.atan2(x, z) / (2 * Math.PI) + 1) % 1;
      uv[v * 2 + 1] = 1 - (y - minY) / (maxY - minY);
    }
    prim.setAttribute('TEXCOORD_0', doc.createAccessor().setType('VEC2').setArray(uv).setBuffer(buffer));
    const png = (name: string, image: Uint8Array) =>
      doc.createTexture(name).setImage(image).setMimeType('image/png');
    const c = PBR_PAINT.baseColor;
    material.setBaseColorTexture(png('base', await bands(c, c)));
    if (style !== 'fal-textured') {
      const { top, bottom } = PBR_PAINT;
      material
        .setMetallicRoughnessTexture(
          png('mr', await bands([0, top.roughness, top.metallic], [0, bottom.roughness, bottom.metallic])),
        )
        .setNormalTexture(png('normal', await bands(PBR_PAINT.normal, PBR_PAINT.normal)));
    }
  }
  // Tripo places its model by a node transform; the others scale the vertices' units.
  const node = doc.createNode(kind).setMesh(doc.createMesh(kind).addPrimitive(prim));
  if (style === 'tripo-pbr') node.setScale([2, 2, 2]).setTranslation([0.3, -0.7, 0.1]);
  else node.setScale([40, 40, 40]);
  doc.createScene('scene').addChild(node);
  return new NodeIO().writeBinary(doc);
}
