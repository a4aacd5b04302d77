/**
 * Makes any triangle soup a closed, 2-manifold solid: the surface is drawn into a voxel grid, gaps up to
 * one voxel are closed (the surface is thickened by a voxel, then the outside is filled from a corner), and manifold-3d's level set rebuilds a surface
 * from the smoothed occupancy. Used for the STL when a service's mesh is open or self-touching and cannot
 * be printed as it is; the shape is kept to about one voxel.
 */
import Module from 'manifold-3d';
import { EngineError } from '../errors.ts';

export interface RemeshOptions {
  /** Voxels along the longest side of the mesh. */
  resolution: number;
}

const REMESH_DEFAULTS: RemeshOptions = { resolution: 64 };

type Toplevel = Awaited<ReturnType<typeof Module>>;
let toplevel: Promise<Toplevel> | undefined;
const manifold = () => {
  toplevel ??= Module().then((m) => {
    m.setup();
    return m;
  });
  return toplevel;
};

export async function remeshSolid(
  positions: Float32Array,
  indices: Uint32Array,
  options: Partial<RemeshOptions> = {},
): Promise<{ positions: Float32Array; indices: Uint32Array }> {
  const opts = { ...REMESH_DEFAULTS, ...options };
  const min = [Infinity, Infinity, Infinity];
  const max = [-Infinity, -Infinity, -Infinity];
  for (let i = 0; i < positions.length; i++) {
    min[i % 3] = Math.min(min[i % 3], positions[i]);
    max[i % 3] = Math.max(max[i % 3], positions[i]);
  }
  const h = Math.max(max[0] - min[0], max[1] - min[1], max[2] - min[2]) / opts.resolution;
  if (!(h > 0))
    throw new EngineError('corrupt_model', 'import: the model has no extent to build a solid from.');
  const pad = 3;
  const dims = [0, 1, 2].map((a) => Math.ceil((max[a] - min[a]) / h) + 2 * pad + 1);
  const [nx, ny, nz] = dims;
  const origin = [0, 1, 2].map((a) => min[a] - pad * h);
  const at = (x: number, y: number, z: number) => (z * ny + y) * nx + x;
  const total = nx * ny * nz;

  // 1. Surface voxels: every triangle sampled finer than a voxel.
  let shell: Uint8Array = new Uint8Array(total);
  const vx = (v: number, a: number) => (positions[v * 3 + a] - origin[a]) / h;
  for (let t = 0; t < indices.length; t += 3) {
    const a = indices[t];
    const b = indices[t + 1];
    const c = indices[t + 2];
    const pa = [vx(a, 0), vx(a, 1), vx(a, 2)];
    const pb = [vx(b, 0), vx(b, 1), vx(b, 2)];
    const pc = [vx(c, 0), vx(c, 1), vx(c, 2)];
    const edge = Math.max(
      Math.hypot(pb[0] - pa[0], pb[1] - pa[1], pb[2] - pa[2]),
      Math.hypot(pc[0] - pa[0], pc[1] - pa[1], pc[2] - pa[2]),
      Math.hypot(pc[0] - pb[0], pc[1] - pb[1], pc[2] - pb[2]),
    );
    const n = Math.max(1, Math.ceil(edge * 2));
    for (let i = 0; i <= n; i++) {
      for (let j = 0; i + j <= n; j++) {
        const u = i / n;
        const w = j / n;
        const x = Math.floor(pa[0] + (pb[0] - pa[0]) * u + (pc[0] - pa[0]) * w);
        const y = Math.floor(pa[1] + (pb[1] - pa[1]) * u + (pc[1] - pa[1]) * w);
        const z = Math.floor(pa[2] + (pb[2] - pa[2]) * u + (pc[2] - pa[2]) * w);
        shell[at(x, y, z)] = 1;
      }
    }
  }
  // 2. Close one-voxel gaps (dilate), fill the outside from a corner: everything else is solid. An open
  // shell (a cup) becomes a wall about two voxels thick, which prints.
  shell = morph(shell, dims, 1);
  const solid = new Uint8Array(total).fill(1);
  const queue = new Int32Array(total);
  let head = 0;
  let tail = 0;
  queue[tail++] = 0;
  solid[0] = 0;
  while (head < tail) {
    const i = queue[head++];
    const x = i % nx;
    const y = Math.floor(i / nx) % ny;
    const z = Math.floor(i / (nx * ny));
    const visit = (j: number) => {
      if (solid[j] && !shell[j]) {
        solid[j] = 0;
        queue[tail++] = j;
      }
    };
    if (x > 0) visit(i - 1);
    if (x < nx - 1) visit(i + 1);
    if (y > 0) visit(i - nx);
    if (y < ny - 1) visit(i + nx);
    if (z > 0) visit(i - nx * ny);
    if (z < nz - 1) visit(i + nx * ny);
  }

  // 3. Smoothed occupancy (3×3×3 box) sampled trilinearly: positive inside, the surface at 0.
  const field = new Float32Array(total).fill(-0.5);
  for (let z = 1; z < nz - 1; z++) {
    for (let y = 1; y < ny - 1; y++) {
      for (let x = 1; x < nx - 1; x++) {
        let sum = 0;
        for (let dz = -1; dz <= 1; dz++)
          for (let dy = -1; dy <= 1; dy++)
            for (let dx = -1; dx <= 1; dx++) sum += solid[at(x + dx, y + dy, z + dz)];
        field[at(x, y, z)] = sum / 27 - 0.5;
      }
    }
  }
  const sample = ([px, py, pz]: [number, number, number]) => {
    const fx = Math.min(nx - 1.001, Math.max(0, (px - origin[0]) / h - 0.5));
    const fy = Math.min(ny - 1.001, Math.max(0, (py - origin[1]) / h - 0.5));
    const fz = Math.min(nz - 1.001, Math.max(0, (pz - origin[2]) / h - 0.5));
    const x = Math.floor(fx);
    const y = Math.floor(fy);
    const z = Math.floor(fz);
    const tx = fx - x;
    const ty = fy - y;
    const tz = fz - z;
    const lerp = (a: number, b: number, t: number) => a + (b - a) * t;
    const c = (dx: number, dy: number, dz: number) => field[at(x + dx, y + dy, z + dz)];
    return lerp(
      lerp(lerp(c(0, 0, 0), c(1, 0, 0), tx), lerp(c(0, 1, 0), c(1, 1, 0), tx), ty),
      lerp(lerp(c(0, 0, 1), c(1, 0, 1), tx), lerp(c(0, 1, 1), c(1, 1, 1), tx), ty),
      tz,
    );
  };

  const m = await manifold();
  const surface = m.Manifold.levelSet(
    sample,
    {
      min: origin as [number, number, number],
      max: [0, 1, 2].map((a) => origin[a] + dims[a] * h) as [number, number, number],
    },
    h,
  );
  // Marching tetrahedra leaves slivers and coincident vertices (a pinch once an STL reader merges them):
  // manifold-3d's simplify collapses them while keeping the solid closed.
  const result = surface.simplify(h * 0.2);
  surface.delete();
  try {
    if (result.status() !== 'NoError' || result.isEmpty()) {
      throw new EngineError('corrupt_model', 'import: the model does not enclose any volume to print.');
    }
    const mesh = result.getMesh();
    return weldClean(Float32Array.from(mesh.vertProperties), Uint32Array.from(mesh.triVerts));
  } finally {
    result.delete();
  }
}

/**
 * Merges vertices at the same position (as an STL reader does) and drops the triangles that this makes
 * degenerate (the zero-length edges of collapsed slivers), so the solid is judged as it will be printed.
 */
function weldClean(positions: Float32Array, indices: Uint32Array) {
  const ids = new Map<string, number>();
  const remap = new Uint32Array(positions.length / 3);
  const out: number[] = [];
  for (let v = 0; v < remap.length; v++) {
    const key = `${positions[v * 3]},${positions[v * 3 + 1]},${positions[v * 3 + 2]}`;
    let id = ids.get(key);
    if (id === undefined) {
      id = out.length / 3;
      ids.set(key, id);
      out.push(positions[v * 3], positions[v * 3 + 1], positions[v * 3 + 2]);
    }
    remap[v] = id;
  }
  const kept: number[] = [];
  for (let t = 0; t < indices.length; t += 3) {
    const a = remap[indices[t]];
    const b = remap[indices[t + 1]];
    const c = remap[indices[t + 2]];
    if (a !== b && b !== c && a !== c) kept.push(a, b, c);
  }
  return { positions: Float32Array.from(out), indices: Uint32Array.from(kept) };
}

/** One step of 6-neighbour dilation (`set` 1) or erosion (`set` 0). */
function morph(grid: Uint8Array, [nx, ny, nz]: number[], set: 0 | 1): Uint8Array {
  const out = grid.slice();
  const plane = nx * ny;
  for (let z = 1; z < nz - 1; z++) {
    for (let y = 1; y < ny - 1; y++) {
      for (let x = 1; x < nx - 1; x++) {
        const i = z * plane + y * nx + x;
        if (grid[i] === set) continue;
        if (
          grid[i - 1] === set ||
          grid[i + 1] === set ||
          grid[i - nx] === set ||
          grid[i + nx] === set ||
          grid[i - plane] === set ||
          grid[i + plane] === set
        )
          out[i] = set;
      }
    }
  }
  return out;
}
