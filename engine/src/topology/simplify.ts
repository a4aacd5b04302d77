/**
 * After simplification (`simplify-manifold.ts`): the simplifier only collapses edges between existing
 * vertices, so the returned indices still point into the original vertex arrays and per-vertex tags
 * (front/back side, image position) stay valid; `compact` then keeps only the vertices still used.
 */

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
