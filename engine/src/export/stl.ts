/**
 * Binary STL in millimetres for printing: Z up (the slicer convention; glTF's +Y becomes +Z by a proper
 * rotation, so orientation and volume sign are kept), resting on z = 0, `heightMm` tall.
 */
import type { TexturedModel } from '../types.ts';
import { flattenBase } from './stl-base.ts';
import type { ExportFile } from './types.ts';

export interface StlOptions {
  heightMm: number;
  /** Cut this many millimetres off the bottom to give the print a flat base (0 = off). */
  flatBaseMm: number;
}

export const STL_DEFAULTS: StlOptions = { heightMm: 100, flatBaseMm: 0 };

/** The print-ready solid (millimetres, Z up, on the bed) that the STL and 3MF exports both write. */
export async function printSolid(
  model: TexturedModel,
  options: Partial<StlOptions> = {},
): Promise<{ positions: Float32Array; indices: Uint32Array }> {
  const opts = { ...STL_DEFAULTS, ...options };
  const { positions } = model.mesh;
  let minY = Infinity,
    maxY = -Infinity;
  for (let i = 0; i < positions.length; i += 3) {
    minY = Math.min(minY, positions[i + 1]);
    maxY = Math.max(maxY, positions[i + 1]);
  }
  const scale = opts.heightMm / Math.max(1e-9, maxY - minY);
  // (x, y, z) glTF → (x, −z, y) STL, scaled, then lifted onto the bed.
  const nv = positions.length / 3;
  const p = new Float32Array(nv * 3);
  for (let v = 0; v < nv; v++) {
    p[v * 3] = positions[v * 3] * scale;
    p[v * 3 + 1] = -positions[v * 3 + 2] * scale;
    p[v * 3 + 2] = (positions[v * 3 + 1] - minY) * scale;
  }
  if (opts.flatBaseMm > 0) return flattenBase(p, model.mesh.indices, opts.flatBaseMm);
  return { positions: p, indices: model.mesh.indices };
}

export async function exportStl(
  model: TexturedModel,
  baseName = 'model',
  options: Partial<StlOptions> = {},
): Promise<ExportFile> {
  const { positions: p, indices } = await printSolid(model, options);
  const nt = indices.length / 3;
  const out = new Uint8Array(84 + nt * 50);
  const view = new DataView(out.buffer);
  out.set(new TextEncoder().encode(`Lift3D engine, millimetres, Z up`.padEnd(80, ' ')), 0);
  view.setUint32(80, nt, true);
  let o = 84;
  for (let t = 0; t < nt; t++) {
    const a = indices[t * 3] * 3,
      b = indices[t * 3 + 1] * 3,
      c = indices[t * 3 + 2] * 3;
    const ux = p[b] - p[a],
      uy = p[b + 1] - p[a + 1],
      uz = p[b + 2] - p[a + 2];
    const vx = p[c] - p[a],
      vy = p[c + 1] - p[a + 1],
      vz = p[c + 2] - p[a + 2];
    let nx = uy * vz - uz * vy,
      ny = uz * vx - ux * vz,
      nz = ux * vy - uy * vx;
    const len = Math.hypot(nx, ny, nz) || 1;
    nx /= len;
    ny /= len;
    nz /= len;
    for (const value of [
      nx,
      ny,
      nz,
      p[a],
      p[a + 1],
      p[a + 2],
      p[b],
      p[b + 1],
      p[b + 2],
      p[c],
      p[c + 1],
      p[c + 2],
    ]) {
      view.setFloat32(o, value, true);
      o += 4;
    }
    view.setUint16(o, 0, true);
    o += 2;
  }
  return { name: `${baseName}.stl`, data: out, contentType: 'model/stl' };
}
