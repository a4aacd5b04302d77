/**
 * The mesh's normals where its triangles land in texture space: the light is a function of the normal,
 * so the texels of a texture are given normals to fit and divide it (delight.ts).
 */
import { vertexNormals } from '../geometry/normals.ts';
import type { Mesh } from '../types.ts';

/** Normal per texel of a w × h map over the uv square (0,0,0 where no triangle covers it). */
export function rasteriseNormals(mesh: Mesh, w: number, h: number): Float32Array {
  const normals = mesh.normals ?? vertexNormals(mesh.positions, mesh.indices);
  const out = new Float32Array(w * h * 3);
  const { uvs, indices } = mesh;
  for (let t = 0; t < indices.length; t += 3) {
    const a = indices[t];
    const b = indices[t + 1];
    const c = indices[t + 2];
    const ax = uvs[a * 2] * w;
    const ay = uvs[a * 2 + 1] * h;
    const bx = uvs[b * 2] * w;
    const by = uvs[b * 2 + 1] * h;
    const cx = uvs[c * 2] * w;
    const cy = uvs[c * 2 + 1] * h;
    const area = (bx - ax) * (cy - ay) - (by - ay) * (cx - ax);
    if (Math.abs(area) < 1e-12) continue;
    const x0 = Math.max(0, Math.floor(Math.min(ax, bx, cx)));
    const x1 = Math.min(w - 1, Math.ceil(Math.max(ax, bx, cx)));
    const y0 = Math.max(0, Math.floor(Math.min(ay, by, cy)));
    const y1 = Math.min(h - 1, Math.ceil(Math.max(ay, by, cy)));
    for (let y = y0; y <= y1; y++) {
      const py = y + 0.5;
      for (let x = x0; x <= x1; x++) {
        const px = x + 0.5;
        const wa = ((bx - px) * (cy - py) - (by - py) * (cx - px)) / area;
        const wb = ((cx - px) * (ay - py) - (cy - py) * (ax - px)) / area;
        const wc = 1 - wa - wb;
        if (wa < -1e-4 || wb < -1e-4 || wc < -1e-4) continue;
        let nx = wa * normals[a * 3] + wb * normals[b * 3] + wc * normals[c * 3];
        let ny = wa * normals[a * 3 + 1] + wb * normals[b * 3 + 1] + wc * normals[c * 3 + 1];
        let nz = wa * normals[a * 3 + 2] + wb * normals[b * 3 + 2] + wc * normals[c * 3 + 2];
        const len = Math.hypot(nx, ny, nz) || 1;
        nx /= len;
        ny /= len;
        nz /= len;
        const o = (y * w + x) * 3;
        out[o] = nx;
        out[o + 1] = ny;
        out[o + 2] = nz;
      }
    }
  }
  return out;
}
