/**
 * Is an indexed triangle mesh a closed, 2-manifold, consistently oriented surface?
 *
 * One pass over the directed edges: in such a surface every directed edge a→b occurs exactly once and
 * its reverse b→a occurs exactly once (an undirected edge shared by two triangles that run it opposite
 * ways). A second pass checks that the triangles around each vertex form a single fan (no pinch where
 * two cones touch at a point), which the edge test alone misses. Pass `weld` (e.g. meshoptimizer's
 * position remap) to judge the mesh as an STL reader sees it: vertices at the same position merged.
 */

export interface ManifoldCheck {
  triangles: number;
  /** Undirected edges checked. */
  edges: number;
  /** Triangles with a repeated vertex. */
  degenerate: number;
  /** Undirected edges not used by exactly two triangles. */
  badEdges: number;
  /** Edges used by two triangles that run them the same way (inconsistent orientation). */
  flippedEdges: number;
  /** Vertices whose triangles do not form one closed fan. */
  nonManifoldVertices: number;
  /** Vertices (after welding) on a bad or flipped edge, of a degenerate triangle, or pinched. */
  problemVertices: number[];
  ok: boolean;
}

export function checkManifold(indices: ArrayLike<number>, weld?: ArrayLike<number>): ManifoldCheck {
  const tri = indices.length / 3;
  const idx = new Uint32Array(indices.length);
  let vertexCount = 0;
  for (let i = 0; i < indices.length; i++) {
    const v = weld ? weld[indices[i]] : indices[i];
    idx[i] = v;
    if (v + 1 > vertexCount) vertexCount = v + 1;
  }

  // Directed edge a→b keyed as a·V + b (exact in a double for any mesh that fits in memory).
  const directed = new Map<number, number>();
  let degenerate = 0;
  const problems = new Set<number>();
  for (let t = 0; t < idx.length; t += 3) {
    const a = idx[t];
    const b = idx[t + 1];
    const c = idx[t + 2];
    if (a === b || b === c || a === c) {
      degenerate++;
      problems.add(a).add(b).add(c);
      continue;
    }
    for (const key of [a * vertexCount + b, b * vertexCount + c, c * vertexCount + a]) {
      directed.set(key, (directed.get(key) ?? 0) + 1);
    }
  }
  let edges = 0;
  let badEdges = 0;
  let flippedEdges = 0;
  for (const [key, count] of directed) {
    const a = Math.floor(key / vertexCount);
    const b = key - a * vertexCount;
    const reverse = directed.get(b * vertexCount + a) ?? 0;
    if (reverse > 0 && a > b) continue; // the pair is counted once, from its smaller-first side
    edges++;
    const uses = count + reverse;
    if (uses === 2 && reverse === 1) continue;
    if (uses !== 2) badEdges++;
    else flippedEdges++;
    problems.add(a).add(b);
  }

  const nonManifoldVertices = collectPinchedVertices(idx, vertexCount, problems);
  return {
    triangles: tri,
    edges,
    degenerate,
    badEdges,
    flippedEdges,
    nonManifoldVertices,
    problemVertices: [...problems],
    ok: degenerate === 0 && badEdges === 0 && flippedEdges === 0 && nonManifoldVertices === 0,
  };
}

/** Vertices whose fan (the opposite edges b→c of their triangles a,b,c) is not one single cycle. */
function collectPinchedVertices(idx: Uint32Array, vertexCount: number, into: Set<number>): number {
  const start = new Uint32Array(vertexCount + 1);
  for (let i = 0; i < idx.length; i++) start[idx[i] + 1]++;
  for (let v = 0; v < vertexCount; v++) start[v + 1] += start[v];
  const fill = start.slice(0, vertexCount);
  const from = new Uint32Array(idx.length);
  const to = new Uint32Array(idx.length);
  for (let t = 0; t < idx.length; t += 3) {
    for (let k = 0; k < 3; k++) {
      const v = idx[t + k];
      const slot = fill[v]++;
      from[slot] = idx[t + ((k + 1) % 3)];
      to[slot] = idx[t + ((k + 2) % 3)];
    }
  }
  let pinched = 0;
  const next = new Map<number, number>();
  for (let v = 0; v < vertexCount; v++) {
    const lo = start[v];
    const n = start[v + 1] - lo;
    if (n === 0) continue;
    next.clear();
    for (let s = lo; s < lo + n; s++) next.set(from[s], to[s]);
    let cur = from[lo];
    let steps = 0;
    do {
      const nx = next.get(cur);
      if (nx === undefined) break;
      cur = nx;
      steps++;
    } while (cur !== from[lo] && steps <= n);
    if (steps !== n || cur !== from[lo]) {
      pinched++;
      into.add(v);
    }
  }
  return pinched;
}
