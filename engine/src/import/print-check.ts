/**
 * The closed-manifold test on the files a user prints, read back from their bytes as a slicer reads
 * them: a binary STL welded by position, a 3MF's indexed mesh. Every STL and 3MF passes it before a job
 * completes, whichever backend made the shape.
 */
import { unzipSync } from 'fflate';
import { EngineError } from '../errors.ts';
import { checkManifold } from '../topology/check-manifold.ts';

export interface PrintFileCheck {
  triangles: number;
  badEdges: number;
  flippedEdges: number;
  nonManifoldVertices: number;
  degenerate: number;
  /** Signed volume in the file's units: positive when the solid is wound outwards. */
  volume: number;
  ok: boolean;
}

export function checkPrintFile(format: 'stl' | '3mf', bytes: Uint8Array): PrintFileCheck {
  const { positions, indices } = format === 'stl' ? readStl(bytes) : read3mf(bytes);
  const check = checkManifold(indices);
  let volume = 0;
  const p = positions;
  for (let t = 0; t < indices.length; t += 3) {
    const a = indices[t] * 3;
    const b = indices[t + 1] * 3;
    const c = indices[t + 2] * 3;
    volume +=
      (p[a] * (p[b + 1] * p[c + 2] - p[b + 2] * p[c + 1]) -
        p[a + 1] * (p[b] * p[c + 2] - p[b + 2] * p[c]) +
        p[a + 2] * (p[b] * p[c + 1] - p[b + 1] * p[c])) /
      6;
  }
  return {
    triangles: check.triangles,
    badEdges: check.badEdges,
    flippedEdges: check.flippedEdges,
    nonManifoldVertices: check.nonManifoldVertices,
    degenerate: check.degenerate,
    volume,
    ok: check.ok && check.triangles > 0 && volume > 0,
  };
}

/** Throws (internal: the job fails and refunds) unless the file is one closed, outward-oriented solid. */
export function assertPrintable(format: 'stl' | '3mf', bytes: Uint8Array): PrintFileCheck {
  const c = checkPrintFile(format, bytes);
  if (!c.ok) {
    throw new EngineError(
      'internal',
      `export: the ${format.toUpperCase()} is not a closed solid (${c.badEdges} open or shared edges, ${c.flippedEdges} flipped, ${c.nonManifoldVertices} pinched vertices, ${c.degenerate} degenerate triangles, volume ${c.volume.toFixed(1)}).`,
    );
  }
  return c;
}

function readStl(bytes: Uint8Array) {
  if (bytes.byteLength < 84) throw new EngineError('internal', 'export: the STL is shorter than its header.');
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const n = view.getUint32(80, true);
  if (84 + n * 50 !== bytes.byteLength)
    throw new EngineError('internal', 'export: the STL triangle count does not match its size.');
  const ids = new Map<string, number>();
  const positions: number[] = [];
  const indices = new Uint32Array(n * 3);
  for (let t = 0; t < n; t++) {
    for (let k = 0; k < 3; k++) {
      const o = 84 + t * 50 + 12 + k * 12;
      const x = view.getFloat32(o, true);
      const y = view.getFloat32(o + 4, true);
      const z = view.getFloat32(o + 8, true);
      const key = `${x},${y},${z}`;
      let id = ids.get(key);
      if (id === undefined) {
        id = positions.length / 3;
        ids.set(key, id);
        positions.push(x, y, z);
      }
      indices[t * 3 + k] = id;
    }
  }
  return { positions: Float64Array.from(positions), indices };
}

function read3mf(bytes: Uint8Array) {
  const files = unzipSync(bytes);
  const model = Object.entries(files).find(([name]) => name.toLowerCase().endsWith('.model'))?.[1];
  if (!model) throw new EngineError('internal', 'export: the 3MF has no model part.');
  const xml = new TextDecoder().decode(model);
  const positions: number[] = [];
  const indices: number[] = [];
  const attr = (tag: string, name: string) => Number(tag.match(new RegExp(`\\s${name}="([^"]*)"`))?.[1]);
  for (const tag of xml.match(/<vertex\s[^>]*>/g) ?? [])
    positions.push(attr(tag, 'x'), attr(tag, 'y'), attr(tag, 'z'));
  for (const tag of xml.match(/<triangle\s[^>]*>/g) ?? [])
    indices.push(attr(tag, 'v1'), attr(tag, 'v2'), attr(tag, 'v3'));
  // 3MF indexes its vertices, but a writer may still repeat one: judge it by position, as for the STL.
  const ids = new Map<string, number>();
  const remap: number[] = [];
  const welded: number[] = [];
  for (let v = 0; v < positions.length / 3; v++) {
    const key = `${positions[v * 3]},${positions[v * 3 + 1]},${positions[v * 3 + 2]}`;
    let id = ids.get(key);
    if (id === undefined) {
      id = welded.length / 3;
      ids.set(key, id);
      welded.push(positions[v * 3], positions[v * 3 + 1], positions[v * 3 + 2]);
    }
    remap.push(id);
  }
  return { positions: Float64Array.from(welded), indices: Uint32Array.from(indices, (i) => remap[i] ?? 0) };
}
