/**
 * Binary STL in millimetres for printing: levelled to the subject's real vertical (stl-pose.ts), Z up
 * (the slicer convention), a flat base cut by default, resting on z = 0, `heightMm` tall.
 */
import { EngineError } from '../errors.ts';
import type { TexturedModel } from '../types.ts';
import { flattenBase } from './stl-base.ts';
import { printPose, rescaleHeight } from './stl-pose.ts';
import type { ExportFile } from './types.ts';

export interface StlOptions {
  heightMm: number;
  /**
   * Cut this many millimetres off the bottom of the levelled model so the print stands on a face
   * (0 = off). At most `MAX_FLAT_BASE_MM`: a deeper cut would eat the subject's feet.
   */
  flatBaseMm: number;
}

export const MAX_FLAT_BASE_MM = 10;

export const STL_DEFAULTS: StlOptions = { heightMm: 100, flatBaseMm: 3 };

export async function exportStl(
  model: TexturedModel,
  baseName = 'model',
  options: Partial<StlOptions> = {},
): Promise<ExportFile> {
  const opts = { ...STL_DEFAULTS, ...options };
  if (!(opts.flatBaseMm >= 0 && opts.flatBaseMm <= MAX_FLAT_BASE_MM)) {
    throw new EngineError(
      'invalid_option',
      `export: the flat base must be between 0 and ${MAX_FLAT_BASE_MM} mm, not ${String(opts.flatBaseMm)}.`,
    );
  }
  let p = printPose(model.mesh.positions, model.elevationDeg ?? 0, opts.heightMm);
  let indices: Uint32Array = model.mesh.indices;
  if (opts.flatBaseMm > 0) {
    ({ positions: p, indices } = await flattenBase(p, indices, opts.flatBaseMm));
    rescaleHeight(p, opts.heightMm);
  }
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
