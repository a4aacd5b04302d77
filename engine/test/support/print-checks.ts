/**
 * The print test, written independently of the exporter: read a binary STL, weld it, and report what a
 * slicer would: pieces, closedness, height, lowest z, and whether the centre of mass sits over the convex
 * hull of what touches the bed.
 */
import { checkManifold, weld } from './mesh-checks.ts';

export interface PrintReport {
  pieces: number;
  badEdges: number;
  flippedEdges: number;
  volume: number;
  height: number;
  minZ: number;
  /** Centre of mass in the bed plane. */
  com: [number, number];
  /** Vertices within `bedTolerance` of z = 0. */
  contactPoints: number;
  /** Distance from the centre of mass to the contact hull's nearest edge (negative = outside). */
  standMargin: number;
}

function readStl(bytes: Uint8Array): Float32Array {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const n = view.getUint32(80, true);
  const out = new Float32Array(n * 9);
  for (let t = 0; t < n; t++)
    for (let k = 0; k < 9; k++) out[t * 9 + k] = view.getFloat32(84 + t * 50 + 12 + k * 4, true);
  return out;
}

function pieces(indices: Uint32Array, nv: number): number {
  const parent = Int32Array.from({ length: nv }, (_, i) => i);
  const find = (a: number): number => {
    while (parent[a] !== a) {
      parent[a] = parent[parent[a]];
      a = parent[a];
    }
    return a;
  };
  for (let t = 0; t < indices.length; t += 3) {
    const a = find(indices[t]);
    parent[find(indices[t + 1])] = a;
    parent[find(indices[t + 2])] = a;
  }
  const used = new Set<number>();
  for (const i of indices) used.add(find(i));
  return used.size;
}

function hull(points: [number, number][]): [number, number][] {
  const p = [...points].sort((a, b) => a[0] - b[0] || a[1] - b[1]);
  if (p.length < 3) return p;
  const cross = (o: number[], a: number[], b: number[]) =>
    (a[0] - o[0]) * (b[1] - o[1]) - (a[1] - o[1]) * (b[0] - o[0]);
  const lower: [number, number][] = [];
  for (const q of p) {
    while (lower.length >= 2 && cross(lower[lower.length - 2], lower[lower.length - 1], q) <= 0) lower.pop();
    lower.push(q);
  }
  const upper: [number, number][] = [];
  for (const q of [...p].reverse()) {
    while (upper.length >= 2 && cross(upper[upper.length - 2], upper[upper.length - 1], q) <= 0) upper.pop();
    upper.push(q);
  }
  return [...lower.slice(0, -1), ...upper.slice(0, -1)];
}

/** Signed distance of `c` to a counter-clockwise convex polygon (positive inside). */
function insideMargin(poly: [number, number][], c: [number, number]): number {
  if (poly.length < 3) return -Infinity;
  let margin = Infinity;
  for (let i = 0; i < poly.length; i++) {
    const a = poly[i];
    const b = poly[(i + 1) % poly.length];
    const len = Math.hypot(b[0] - a[0], b[1] - a[1]) || 1;
    const d = ((b[0] - a[0]) * (c[1] - a[1]) - (b[1] - a[1]) * (c[0] - a[0])) / len;
    margin = Math.min(margin, d);
  }
  return margin;
}

export function printReport(bytes: Uint8Array, bedTolerance = 0.01): PrintReport {
  const soup = readStl(bytes);
  const welded = weld(
    soup,
    Uint32Array.from({ length: soup.length / 3 }, (_, i) => i),
  );
  const report = checkManifold(welded);
  const p = welded.positions;
  let minZ = Infinity;
  let maxZ = -Infinity;
  for (let i = 2; i < p.length; i += 3) {
    minZ = Math.min(minZ, p[i]);
    maxZ = Math.max(maxZ, p[i]);
  }
  // Centre of mass of the solid: signed tetrahedra from the origin.
  let vol = 0;
  let cx = 0;
  let cy = 0;
  const idx = welded.indices;
  for (let t = 0; t < idx.length; t += 3) {
    const a = idx[t] * 3;
    const b = idx[t + 1] * 3;
    const c = idx[t + 2] * 3;
    const v =
      (p[a] * (p[b + 1] * p[c + 2] - p[b + 2] * p[c + 1]) -
        p[a + 1] * (p[b] * p[c + 2] - p[b + 2] * p[c]) +
        p[a + 2] * (p[b] * p[c + 1] - p[b + 1] * p[c])) /
      6;
    vol += v;
    cx += (v * (p[a] + p[b] + p[c])) / 4;
    cy += (v * (p[a + 1] + p[b + 1] + p[c + 1])) / 4;
  }
  const com: [number, number] = [cx / vol, cy / vol];
  const contact: [number, number][] = [];
  for (let i = 0; i < p.length; i += 3) if (p[i + 2] - minZ < bedTolerance) contact.push([p[i], p[i + 1]]);
  return {
    pieces: pieces(idx, p.length / 3),
    badEdges: report.badEdges,
    flippedEdges: report.flippedEdges,
    volume: report.volume,
    height: maxZ - minZ,
    minZ,
    com,
    contactPoints: contact.length,
    standMargin: insideMargin(hull(contact), com),
  };
}
