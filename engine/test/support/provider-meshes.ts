/**
 * GLBs in the states generation services send them in, each a known defect of real provider meshes: an
 * animal built of overlapping closed parts (self-intersections, several shells), a triangle soup
 * (every vertex duplicated), T-junctions, holes, faces wound inwards, floating specks and an open relief
 * plane. Written apart from our importer and exporters so the print checks judge them independently.
 */
import { Document, NodeIO } from '@gltf-transform/core';

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

/** The mesh as a provider's GLB: one primitive, a flat base colour, in the provider's own units. */
export async function providerGlb(kind: ProviderMeshKind): Promise<Uint8Array> {
  const m = providerMesh(kind);
  const doc = new Document();
  const buffer = doc.createBuffer();
  const prim = doc
    .createPrimitive()
    .setAttribute(
      'POSITION',
      doc.createAccessor().setType('VEC3').setArray(new Float32Array(m.positions)).setBuffer(buffer),
    )
    .setIndices(doc.createAccessor().setType('SCALAR').setArray(new Uint32Array(m.indices)).setBuffer(buffer))
    .setMaterial(doc.createMaterial(kind).setBaseColorFactor([0.7, 0.5, 0.3, 1]));
  const node = doc.createNode(kind).setMesh(doc.createMesh(kind).addPrimitive(prim)).setScale([40, 40, 40]);
  doc.createScene('scene').addChild(node);
  return new NodeIO().writeBinary(doc);
}
