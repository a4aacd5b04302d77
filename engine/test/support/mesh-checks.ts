/** Independent checks of a triangle soup: welding, 2-manifoldness, orientation, volume. */

export interface Welded {
  positions: Float64Array;
  indices: Uint32Array;
}

/** Merges vertices with bit-identical positions (what an STL reader sees). */
export function weld(positions: ArrayLike<number>, indices: ArrayLike<number>): Welded {
  const map = new Map<string, number>();
  const remap = new Uint32Array(positions.length / 3);
  const out: number[] = [];
  for (let v = 0; v < remap.length; v++) {
    const key = `${positions[v * 3]},${positions[v * 3 + 1]},${positions[v * 3 + 2]}`;
    let id = map.get(key);
    if (id === undefined) {
      id = out.length / 3;
      map.set(key, id);
      out.push(positions[v * 3], positions[v * 3 + 1], positions[v * 3 + 2]);
    }
    remap[v] = id;
  }
  const idx = new Uint32Array(indices.length);
  for (let i = 0; i < indices.length; i++) idx[i] = remap[indices[i]];
  return { positions: Float64Array.from(out), indices: idx };
}

export interface ManifoldReport {
  triangles: number;
  degenerate: number;
  /** Undirected edges not used by exactly two triangles. */
  badEdges: number;
  /** Edges whose two triangles run them the same way (inconsistent orientation). */
  flippedEdges: number;
  /** Vertices whose triangle fan is not a single disc (pinches). */
  nonManifoldVertices: number;
  volume: number;
}

export function checkManifold(mesh: Welded): ManifoldReport {
  const { indices } = mesh;
  const edges = new Map<string, number[]>();
  let degenerate = 0;
  for (let t = 0; t < indices.length; t += 3) {
    const tri = [indices[t], indices[t + 1], indices[t + 2]];
    if (tri[0] === tri[1] || tri[1] === tri[2] || tri[0] === tri[2]) {
      degenerate++;
      continue;
    }
    for (let k = 0; k < 3; k++) {
      const a = tri[k];
      const b = tri[(k + 1) % 3];
      const key = a < b ? `${a},${b}` : `${b},${a}`;
      let list = edges.get(key);
      if (!list) {
        list = [];
        edges.set(key, list);
      }
      list.push(a < b ? 1 : -1);
    }
  }
  let badEdges = 0;
  let flippedEdges = 0;
  for (const list of edges.values()) {
    if (list.length !== 2) badEdges++;
    else if (list[0] === list[1]) flippedEdges++;
  }
  // Vertex manifoldness: the triangles around a vertex must form one connected fan.
  const fans = new Map<number, [number, number][]>();
  for (let t = 0; t < indices.length; t += 3) {
    for (let k = 0; k < 3; k++) {
      const v = indices[t + k];
      const a = indices[t + ((k + 1) % 3)];
      const b = indices[t + ((k + 2) % 3)];
      let list = fans.get(v);
      if (!list) {
        list = [];
        fans.set(v, list);
      }
      list.push([a, b]);
    }
  }
  let nonManifoldVertices = 0;
  for (const list of fans.values()) {
    const next = new Map<number, number>();
    for (const [a, b] of list) next.set(a, b);
    let steps = 0;
    let cur = list[0][0];
    do {
      const n = next.get(cur);
      if (n === undefined) break;
      cur = n;
      steps++;
    } while (cur !== list[0][0] && steps <= list.length);
    if (steps !== list.length) nonManifoldVertices++;
  }
  const p = mesh.positions;
  let volume = 0;
  for (let t = 0; t < indices.length; t += 3) {
    const a = indices[t] * 3,
      b = indices[t + 1] * 3,
      c = indices[t + 2] * 3;
    volume +=
      (p[a] * (p[b + 1] * p[c + 2] - p[b + 2] * p[c + 1]) -
        p[a + 1] * (p[b] * p[c + 2] - p[b + 2] * p[c]) +
        p[a + 2] * (p[b] * p[c + 1] - p[b + 1] * p[c])) /
      6;
  }
  return { triangles: indices.length / 3, degenerate, badEdges, flippedEdges, nonManifoldVertices, volume };
}
