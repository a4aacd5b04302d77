/**
 * Reduces the solid to the topology budget with meshoptimizer. The simplifier only collapses edges
 * between existing vertices, so the returned indices still point into the original vertex arrays and
 * per-vertex tags (front/back side, image position) stay valid.
 */
import { MeshoptSimplifier } from 'meshoptimizer';

export interface SimplifyOptions {
  targetTriangles: number;
  /** Largest allowed deviation relative to the mesh extent (meshoptimizer's target_error). */
  maxError: number;
}

export const SIMPLIFY_DEFAULTS: SimplifyOptions = { targetTriangles: 5000, maxError: 0.05 };

export async function simplifyIndices(
  positions: Float32Array,
  indices: Uint32Array,
  options: Partial<SimplifyOptions> = {},
): Promise<Uint32Array> {
  const opts = { ...SIMPLIFY_DEFAULTS, ...options };
  if (indices.length / 3 <= opts.targetTriangles) return indices;
  await MeshoptSimplifier.ready;
  const [out] = MeshoptSimplifier.simplify(
    indices,
    positions,
    3,
    opts.targetTriangles * 3,
    opts.maxError,
    [],
  );
  return out;
}

/** Drops unreferenced vertices; returns the old index of each kept vertex and the remapped indices. */
export function compact(
  indices: Uint32Array,
  vertexCount: number,
): { keep: Uint32Array; indices: Uint32Array } {
  const map = new Int32Array(vertexCount).fill(-1);
  const keep: number[] = [];
  const out = new Uint32Array(indices.length);
  for (let i = 0; i < indices.length; i++) {
    const v = indices[i];
    if (map[v] < 0) {
      map[v] = keep.length;
      keep.push(v);
    }
    out[i] = map[v];
  }
  return { keep: Uint32Array.from(keep), indices: out };
}
