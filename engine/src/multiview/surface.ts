/**
 * The surface where a sampled field crosses a level: marching tetrahedra over the grid, each cube cut into
 * the six tetrahedra that share its main diagonal (the same cut in every cube, so neighbouring cubes agree
 * on every face). A piecewise-linear field over one consistent tetrahedral mesh has a level set that is a
 * closed 2-manifold when the grid's border is outside, so the result is a closed solid by construction; each
 * triangle's winding comes from a table worked out once from the tetrahedra's exact integer geometry
 * (outward = toward the outside corners), not from the interpolated positions, so no near-degenerate
 * triangle is ever flipped. Crossings stay 1 % away from grid points so no two vertices share a position
 * (welding by position, as STL readers and the manifold check do, must not merge them).
 *
 * Used instead of manifold-3d's level set, whose per-sample JavaScript callback cost 1–2 s per hull.
 */

/** Triangles per (tetrahedron, inside mask): each a list of 3 edges, each edge two cube-corner bits. */
const TABLE: number[][][][][] = buildTable();

function buildTable(): number[][][][][] {
  const corner = (c: number) => [c & 1, (c >> 1) & 1, (c >> 2) & 1];
  const sub = (a: number[], b: number[]) => [a[0] - b[0], a[1] - b[1], a[2] - b[2]];
  const cross = (a: number[], b: number[]) => [
    a[1] * b[2] - a[2] * b[1],
    a[2] * b[0] - a[0] * b[2],
    a[0] * b[1] - a[1] * b[0],
  ];
  const dot = (a: number[], b: number[]) => a[0] * b[0] + a[1] * b[1] + a[2] * b[2];
  const mid = (a: number, b: number) => {
    const p = corner(a);
    const q = corner(b);
    return [p[0] + q[0], p[1] + q[1], p[2] + q[2]];
  };
  const perms = [
    [0, 1, 2],
    [0, 2, 1],
    [1, 0, 2],
    [1, 2, 0],
    [2, 0, 1],
    [2, 1, 0],
  ];
  return perms.map(([a, b]) => {
    const tet = [0, 1 << a, (1 << a) | (1 << b), 7];
    const cases: number[][][][] = [];
    for (let m = 0; m < 16; m++) {
      const ins = tet.filter((_, i) => (m >> i) & 1);
      const outs = tet.filter((_, i) => !((m >> i) & 1));
      let tris: number[][][] = [];
      if (ins.length === 1)
        tris = [
          [
            [ins[0], outs[0]],
            [ins[0], outs[1]],
            [ins[0], outs[2]],
          ],
        ];
      else if (ins.length === 3)
        tris = [
          [
            [ins[0], outs[0]],
            [ins[1], outs[0]],
            [ins[2], outs[0]],
          ],
        ];
      else if (ins.length === 2) {
        const A = [ins[0], outs[0]];
        const B = [ins[0], outs[1]];
        const C = [ins[1], outs[1]];
        const D = [ins[1], outs[0]];
        tris = [
          [A, B, C],
          [A, C, D],
        ];
      }
      // Orientation at the edges' midpoints (×2, exact): the winding does not change for crossings anywhere
      // inside the edges, as no triangle can degenerate there.
      const inC = [0, 0, 0];
      const outC = [0, 0, 0];
      for (const c of ins) for (let k = 0; k < 3; k++) inC[k] += corner(c)[k] / ins.length;
      for (const c of outs) for (let k = 0; k < 3; k++) outC[k] += corner(c)[k] / outs.length;
      const away = sub(outC, inC);
      cases.push(
        tris.map((t) => {
          const [p, q, r] = t.map(([u, v]) => mid(u, v));
          return dot(cross(sub(q, p), sub(r, p)), away) > 0 ? t : [t[0], t[2], t[1]];
        }),
      );
    }
    return cases;
  });
}

export interface GridField {
  /** Values at grid points, x fastest. */
  values: Float32Array;
  nx: number;
  ny: number;
  nz: number;
  /** Position of grid point (0, 0, 0) and the spacing. */
  origin: [number, number, number];
  h: number;
}

/** The closed surface where `values` crosses `level` (inside = above it), outward-wound. */
export function levelSurface(g: GridField, level: number): { positions: Float32Array; indices: Uint32Array } {
  const { values: f, nx, ny, nz, origin, h } = g;
  const plane = nx * ny;
  const offsets = [0, 1, nx, nx + 1, plane, plane + 1, plane + nx, plane + nx + 1];
  // Every edge of the cut runs from a corner to one whose offset bits include its own: the edge is kept
  // at its lower grid point, under the direction bits (1–7), for the two slices of points in use.
  const slots = new Int32Array(2 * plane * 7).fill(-1);
  let pos = new Float32Array(1 << 16);
  let idx = new Uint32Array(1 << 17);
  let nv = 0;
  let ni = 0;
  const vertexOn = (a: number, b: number) => {
    const lo = Math.min(a, b);
    const hi = Math.max(a, b);
    const d = hi - lo;
    const dz = d >= plane ? 1 : 0;
    const dy = d - dz * plane >= nx ? 1 : 0;
    const dir = (d - dz * plane - dy * nx) | (dy << 1) | (dz << 2);
    const z = Math.floor(lo / plane);
    const slot = ((z & 1) * plane + (lo - z * plane)) * 7 + dir - 1;
    if (slots[slot] >= 0) return slots[slot];
    const t = Math.min(0.99, Math.max(0.01, (level - f[lo]) / (f[hi] - f[lo])));
    if (nv * 3 + 3 > pos.length) {
      const grown = new Float32Array(pos.length * 2);
      grown.set(pos);
      pos = grown;
    }
    const lx = lo % nx;
    const ly = Math.floor(lo / nx) % ny;
    pos[nv * 3] = origin[0] + (lx + (d - dz * plane - dy * nx) * t) * h;
    pos[nv * 3 + 1] = origin[1] + (ly + dy * t) * h;
    pos[nv * 3 + 2] = origin[2] + (z + dz * t) * h;
    slots[slot] = nv;
    return nv++;
  };
  const cornerIndex = new Int32Array(8);
  for (let z = 0; z < nz - 1; z++) {
    // Points of slice z + 1 take the half that held slice z − 1.
    slots.fill(-1, ((z + 1) & 1) * plane * 7, (((z + 1) & 1) + 1) * plane * 7);
    for (let y = 0; y < ny - 1; y++) {
      for (let x = 0; x < nx - 1; x++) {
        const base = (z * ny + y) * nx + x;
        let mask = 0;
        for (let c = 0; c < 8; c++) {
          cornerIndex[c] = base + offsets[c];
          if (f[cornerIndex[c]] > level) mask |= 1 << c;
        }
        if (mask === 0 || mask === 255) continue;
        for (let t = 0; t < 6; t++) {
          const tet = TET_CORNERS[t];
          let m = 0;
          for (let i = 0; i < 4; i++) if ((mask >> tet[i]) & 1) m |= 1 << i;
          for (const tri of TABLE[t][m]) {
            if (ni + 3 > idx.length) {
              const grown = new Uint32Array(idx.length * 2);
              grown.set(idx);
              idx = grown;
            }
            for (const [u, v] of tri) idx[ni++] = vertexOn(cornerIndex[u], cornerIndex[v]);
          }
        }
      }
    }
  }
  return { positions: pos.slice(0, nv * 3), indices: idx.slice(0, ni) };
}

const TET_CORNERS = [
  [0, 1, 3, 7],
  [0, 1, 5, 7],
  [0, 2, 3, 7],
  [0, 2, 6, 7],
  [0, 4, 5, 7],
  [0, 4, 6, 7],
];
