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

export interface PrintSolid {
  positions: Float32Array;
  indices: Uint32Array;
  /** The model's own vertices (same order as `model.mesh`) levelled and scaled, before any base cut. */
  pose: Float32Array;
  /** A solid's point = (pose point − (0, 0, cutMm)) × scale: how to find it in `pose`. */
  cutMm: number;
  scale: number;
}

/**
 * The solids already made, per mesh and options: the STL and the 3MF of one model write the same solid, and
 * its base cut (manifold-3d) was the costliest step of both. Meshes are read-only once a model is built
 * (as textures are, png.ts), so the mesh object is the key; callers must not edit the result.
 */
const solids = new WeakMap<TexturedModel['mesh'], Map<string, Promise<PrintSolid>>>();

/** The print-ready solid (levelled, millimetres, Z up, on the bed) that the STL and 3MF exports write. */
export function printSolid(model: TexturedModel, options: Partial<StlOptions> = {}): Promise<PrintSolid> {
  const opts = { ...STL_DEFAULTS, ...options };
  const key = `${model.elevationDeg ?? 0}|${opts.heightMm}|${opts.flatBaseMm}`;
  let byOptions = solids.get(model.mesh);
  if (!byOptions) {
    byOptions = new Map();
    solids.set(model.mesh, byOptions);
  }
  let solid = byOptions.get(key);
  if (!solid) {
    solid = makePrintSolid(model, opts);
    byOptions.set(key, solid);
    // A failure is not kept: the next export tries again and reports its own error.
    solid.catch(() => byOptions.delete(key));
  }
  return solid;
}

async function makePrintSolid(model: TexturedModel, opts: StlOptions): Promise<PrintSolid> {
  if (!(opts.flatBaseMm >= 0 && opts.flatBaseMm <= MAX_FLAT_BASE_MM)) {
    throw new EngineError(
      'invalid_option',
      `export: the flat base must be between 0 and ${MAX_FLAT_BASE_MM} mm, not ${String(opts.flatBaseMm)}.`,
    );
  }
  const pose = printPose(model.mesh.positions, model.elevationDeg ?? 0, opts.heightMm);
  if (!(opts.flatBaseMm > 0)) {
    return { positions: pose, indices: model.mesh.indices, pose, cutMm: 0, scale: 1 };
  }
  const { positions, indices } = await flattenBase(pose, model.mesh.indices, opts.flatBaseMm);
  // A base never touches the top, so the tops tell how far the base lowered the model (a plinth: not at all).
  let maxZ = 0;
  for (let i = 2; i < positions.length; i += 3) maxZ = Math.max(maxZ, positions[i]);
  rescaleHeight(positions, opts.heightMm);
  return {
    positions,
    indices,
    pose,
    cutMm: opts.heightMm - maxZ,
    scale: opts.heightMm / Math.max(1e-9, maxZ),
  };
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
