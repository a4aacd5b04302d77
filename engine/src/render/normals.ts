/**
 * Smooth vertex normals for meshes that come without them.
 *
 * UV seams duplicate vertices, so plain per-index averaging would light the two sides of a seam
 * differently and draw a visible line. Vertices at the same position (quantised to ~1/60000 of the model's
 * extent) therefore share one area-weighted normal.
 */
import type { Mesh } from '../types.ts';

export function smoothNormals(mesh: Mesh): Float32Array {
  const { positions, indices } = mesh;
  const vertexCount = positions.length / 3;

  // Weld: map each vertex to the first vertex at the same quantised position. The key packs three
  // 17-bit grid coordinates into one exact double (a string key was 10× slower).
  const weld = new Uint32Array(vertexCount);
  const seen = new Map<number, number>();
  let extent = 0;
  for (let i = 0; i < positions.length; i++) extent = Math.max(extent, Math.abs(positions[i]));
  const q = 60_000 / Math.max(extent, 1e-9);
  const span = 131_072;
  for (let i = 0; i < vertexCount; i++) {
    const kx = Math.round(positions[i * 3] * q) + 65_536;
    const ky = Math.round(positions[i * 3 + 1] * q) + 65_536;
    const kz = Math.round(positions[i * 3 + 2] * q) + 65_536;
    const key = (kx * span + ky) * span + kz;
    const first = seen.get(key);
    if (first === undefined) {
      seen.set(key, i);
      weld[i] = i;
    } else {
      weld[i] = first;
    }
  }

  const acc = new Float64Array(vertexCount * 3);
  for (let t = 0; t < indices.length; t += 3) {
    const a = indices[t] * 3;
    const b = indices[t + 1] * 3;
    const c = indices[t + 2] * 3;
    const ux = positions[b] - positions[a];
    const uy = positions[b + 1] - positions[a + 1];
    const uz = positions[b + 2] - positions[a + 2];
    const vx = positions[c] - positions[a];
    const vy = positions[c + 1] - positions[a + 1];
    const vz = positions[c + 2] - positions[a + 2];
    // Cross product length is twice the area: area weighting comes for free.
    const nx = uy * vz - uz * vy;
    const ny = uz * vx - ux * vz;
    const nz = ux * vy - uy * vx;
    for (let k = 0; k < 3; k++) {
      const w = weld[indices[t + k]] * 3;
      acc[w] += nx;
      acc[w + 1] += ny;
      acc[w + 2] += nz;
    }
  }

  const normals = new Float32Array(vertexCount * 3);
  for (let i = 0; i < vertexCount; i++) {
    const w = weld[i] * 3;
    const x = acc[w];
    const y = acc[w + 1];
    const z = acc[w + 2];
    const len = Math.hypot(x, y, z);
    if (len > 0) {
      normals[i * 3] = x / len;
      normals[i * 3 + 1] = y / len;
      normals[i * 3 + 2] = z / len;
    } else {
      normals[i * 3 + 1] = 1;
    }
  }
  return normals;
}
