/**
 * A service's mesh → one closed, outward-oriented solid to print. Provider meshes arrive duplicated
 * (one vertex per corner), with T-junctions, holes, faces wound inwards, overlapping parts (an animal's
 * legs pushed into its body) and floating specks. A mesh that welds into closed, 2-manifold shells is
 * kept exactly: each shell is turned outwards, the shells are merged by manifold-3d's union (which
 * resolves where they cut each other) and specks are dropped. Anything that does not weld closed (holes,
 * T-junctions, open sheets) is rebuilt by the voxel remesh (remesh.ts), which closes it at the cost of
 * about one voxel of detail.
 */
import Module from 'manifold-3d';
import { EngineError } from '../errors.ts';
import { checkManifold } from '../topology/check-manifold.ts';
import { type RemeshOptions, remeshSolid } from './remesh.ts';

export interface RepairOptions {
  /** Vertices closer than this (relative to the mesh's largest side) are one vertex. */
  weldTolerance: number;
  /** Shells smaller than this share of the largest one's volume are specks and dropped. */
  speckVolume: number;
  remesh: Partial<RemeshOptions>;
}

const REPAIR_DEFAULTS: RepairOptions = { weldTolerance: 1e-6, speckVolume: 0.002, remesh: {} };

export interface RepairedSolid {
  positions: Float32Array;
  indices: Uint32Array;
  /** 'welded': the mesh was closed once welded (kept exactly); 'unioned': its shells were turned, merged or
   * cleaned of specks; 'remeshed': rebuilt through the voxel grid. */
  from: 'welded' | 'unioned' | 'remeshed';
}

type Toplevel = Awaited<ReturnType<typeof Module>>;
let toplevel: Promise<Toplevel> | undefined;
const manifold = () => {
  toplevel ??= Module().then((m) => {
    m.setup();
    return m;
  });
  return toplevel;
};

export async function repairSolid(
  positions: Float32Array,
  indices: Uint32Array,
  options: Partial<RepairOptions> = {},
): Promise<RepairedSolid> {
  const o = { ...REPAIR_DEFAULTS, ...options };
  const welded = weldNear(positions, indices, o.weldTolerance);
  if (welded.indices.length > 0 && checkManifold(welded.indices).ok) {
    const shells = orientShells(welded.positions, welded.indices);
    const kept = await mergeShells(welded.positions, shells.indices, o.speckVolume);
    if (kept) {
      const from = shells.flipped || kept.changed ? 'unioned' : 'welded';
      return {
        ...(kept.changed ? kept.mesh : { positions: welded.positions, indices: shells.indices }),
        from,
      };
    }
  }
  const rebuilt = await remeshSolid(positions, indices, o.remesh);
  const kept = await mergeShells(rebuilt.positions, rebuilt.indices, o.speckVolume);
  const mesh = kept?.mesh ?? rebuilt;
  if (!checkManifold(mesh.indices).ok)
    throw new EngineError('internal', 'import: the printable solid could not be made closed.');
  return { ...mesh, from: 'remeshed' };
}

/**
 * Merges vertices within `tolerance` of the extent (a duplicated-vertex soup becomes a mesh) and drops
 * the triangles this makes degenerate, exact repeats, and pairs of one face wound both ways (an internal
 * wall between two parts).
 */
function weldNear(
  positions: Float32Array,
  indices: Uint32Array,
  tolerance: number,
): { positions: Float32Array; indices: Uint32Array } {
  let extent = 0;
  const min = [Infinity, Infinity, Infinity];
  const max = [-Infinity, -Infinity, -Infinity];
  for (let i = 0; i < positions.length; i++) {
    min[i % 3] = Math.min(min[i % 3], positions[i]);
    max[i % 3] = Math.max(max[i % 3], positions[i]);
  }
  for (let a = 0; a < 3; a++) extent = Math.max(extent, max[a] - min[a]);
  const cell = Math.max(extent * tolerance, 1e-12);
  const ids = new Map<string, number>();
  const remap = new Uint32Array(positions.length / 3);
  const out: number[] = [];
  for (let v = 0; v < remap.length; v++) {
    const key = `${Math.round(positions[v * 3] / cell)},${Math.round(positions[v * 3 + 1] / cell)},${Math.round(positions[v * 3 + 2] / cell)}`;
    let id = ids.get(key);
    if (id === undefined) {
      id = out.length / 3;
      ids.set(key, id);
      out.push(positions[v * 3], positions[v * 3 + 1], positions[v * 3 + 2]);
    }
    remap[v] = id;
  }
  const faces = new Map<string, { at: number; key: string }>();
  const tris: Array<[number, number, number] | null> = [];
  for (let t = 0; t < indices.length; t += 3) {
    const a = remap[indices[t]];
    const b = remap[indices[t + 1]];
    const c = remap[indices[t + 2]];
    if (a === b || b === c || a === c) continue;
    const sorted = [a, b, c].sort((x, y) => x - y).join(',');
    // The same rotation class of (a, b, c) is the same winding.
    const lo = Math.min(a, b, c);
    const wind = lo === a ? `${a},${b},${c}` : lo === b ? `${b},${c},${a}` : `${c},${a},${b}`;
    const seen = faces.get(sorted);
    if (seen) {
      // A repeat keeps the first; a face and its reverse cancel out.
      if (seen.key !== wind && tris[seen.at]) tris[seen.at] = null;
      continue;
    }
    faces.set(sorted, { at: tris.length, key: wind });
    tris.push([a, b, c]);
  }
  const idx: number[] = [];
  for (const t of tris) if (t) idx.push(...t);
  return { positions: Float32Array.from(out), indices: Uint32Array.from(idx) };
}

/** Connected pieces of a mesh (by shared vertices), each turned so its signed volume is positive. */
function orientShells(positions: Float32Array, indices: Uint32Array) {
  const n = positions.length / 3;
  const parent = Int32Array.from({ length: n }, (_, i) => i);
  const find = (a: number): number => {
    while (parent[a] !== a) {
      parent[a] = parent[parent[a]];
      a = parent[a];
    }
    return a;
  };
  for (let t = 0; t < indices.length; t += 3) {
    const r = find(indices[t]);
    parent[find(indices[t + 1])] = r;
    parent[find(indices[t + 2])] = r;
  }
  const volume = new Map<number, number>();
  const p = positions;
  for (let t = 0; t < indices.length; t += 3) {
    const a = indices[t] * 3;
    const b = indices[t + 1] * 3;
    const c = indices[t + 2] * 3;
    const v =
      p[a] * (p[b + 1] * p[c + 2] - p[b + 2] * p[c + 1]) -
      p[a + 1] * (p[b] * p[c + 2] - p[b + 2] * p[c]) +
      p[a + 2] * (p[b] * p[c + 1] - p[b + 1] * p[c]);
    const r = find(indices[t]);
    volume.set(r, (volume.get(r) ?? 0) + v / 6);
  }
  const out = indices.slice();
  let flipped = false;
  for (let t = 0; t < out.length; t += 3) {
    if ((volume.get(find(out[t])) ?? 0) < 0) {
      flipped = true;
      const b = out[t + 1];
      out[t + 1] = out[t + 2];
      out[t + 2] = b;
    }
  }
  return { indices: out, flipped };
}

/**
 * The mesh's shells as manifold-3d solids, specks dropped, the rest united (resolving where parts cut
 * into each other). Null when manifold-3d does not take the mesh as an oriented 2-manifold.
 */
async function mergeShells(positions: Float32Array, indices: Uint32Array, speckVolume: number) {
  const m = await manifold();
  let whole: InstanceType<Toplevel['Manifold']>;
  try {
    whole = new m.Manifold(new m.Mesh({ numProp: 3, vertProperties: positions, triVerts: indices }));
  } catch {
    return null;
  }
  const parts = whole.decompose();
  whole.delete();
  try {
    const largest = Math.max(0, ...parts.map((part) => part.volume()));
    if (!(largest > 0)) return null;
    const kept = parts.filter((part) => part.volume() >= largest * speckVolume);
    if (kept.length === parts.length && kept.length === 1)
      return { changed: false, mesh: { positions, indices } };
    const united = m.Manifold.union(kept);
    try {
      if (united.status() !== 'NoError' || united.isEmpty()) return null;
      const mesh = united.getMesh();
      const out = weldNear(Float32Array.from(mesh.vertProperties), Uint32Array.from(mesh.triVerts), 1e-9);
      if (!checkManifold(out.indices).ok) return null;
      return { changed: true, mesh: out };
    } finally {
      united.delete();
    }
  } finally {
    for (const part of parts) part.delete();
  }
}

/**
 * UVs for a rebuilt solid: each vertex takes the UV of the textured model's nearest vertex, so the 3MF's
 * colours follow the texture even when the shape had to be rebuilt.
 */
export function nearestUvs(
  target: Float32Array,
  source: Float32Array,
  sourceUvs: Float32Array,
): Float32Array {
  const out = new Float32Array((target.length / 3) * 2);
  const ns = source.length / 3;
  if (ns === 0) return out;
  let extent = 0;
  for (let i = 0; i < source.length; i++) extent = Math.max(extent, Math.abs(source[i]));
  const cell = Math.max(1e-9, (2 * extent) / Math.cbrt(ns));
  const grid = new Map<string, number[]>();
  const key = (x: number, y: number, z: number) => `${x},${y},${z}`;
  for (let v = 0; v < ns; v++) {
    const k = key(
      Math.floor(source[v * 3] / cell),
      Math.floor(source[v * 3 + 1] / cell),
      Math.floor(source[v * 3 + 2] / cell),
    );
    const list = grid.get(k);
    if (list) list.push(v);
    else grid.set(k, [v]);
  }
  for (let v = 0; v < target.length / 3; v++) {
    const x = target[v * 3];
    const y = target[v * 3 + 1];
    const z = target[v * 3 + 2];
    const cx = Math.floor(x / cell);
    const cy = Math.floor(y / cell);
    const cz = Math.floor(z / cell);
    let best = -1;
    let bestD = Infinity;
    // Rings of cells outwards until a vertex is found and no nearer cell can hold a closer one.
    for (let r = 0; r < 64 && (best < 0 || (r - 1) * cell < Math.sqrt(bestD)); r++) {
      for (let dx = -r; dx <= r; dx++)
        for (let dy = -r; dy <= r; dy++)
          for (let dz = -r; dz <= r; dz++) {
            if (Math.max(Math.abs(dx), Math.abs(dy), Math.abs(dz)) !== r) continue;
            for (const s of grid.get(key(cx + dx, cy + dy, cz + dz)) ?? []) {
              const d =
                (source[s * 3] - x) ** 2 + (source[s * 3 + 1] - y) ** 2 + (source[s * 3 + 2] - z) ** 2;
              if (d < bestD) {
                bestD = d;
                best = s;
              }
            }
          }
    }
    if (best >= 0) {
      out[v * 2] = sourceUvs[best * 2];
      out[v * 2 + 1] = sourceUvs[best * 2 + 1];
    }
  }
  return out;
}
