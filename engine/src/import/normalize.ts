/**
 * A generation service's model → our output convention, so every later step (exporters, renderer) treats
 * it like the engine's own: glTF axes with +Y up and the subject facing +Z, standing on y = 0, centred
 * over the origin, 1 unit tall (pipeline/level.ts); our topology step (≈5k triangles low, ≈60k high) with the
 * texture kept; and a closed, 2-manifold solid for the STL and 3MF (the service's mesh repaired by repair.ts).
 */
import { MeshoptSimplifier } from 'meshoptimizer';
import { EngineError } from '../errors.ts';
import { applyLevel, levelTransform } from '../pipeline/level.ts';
import { TOPOLOGY_PRESETS, type Topology } from '../pipeline/presets.ts';
import { compact } from '../topology/simplify.ts';
import { simplifyManifold } from '../topology/simplify-manifold.ts';
import type { TexturedModel } from '../types.ts';
import { type ReadGlbOptions, readSourceGlb } from './read-glb.ts';
import type { RemeshOptions } from './remesh.ts';
import { nearestUvs, type RepairedSolid, repairSolid } from './repair.ts';

export interface NormalizeOptions {
  topology: Topology;
  /** Triangles of the result; the topology preset's by default. */
  targetTriangles?: number;
  /** Turn about +Y (degrees) for services whose models face another way than +Z. */
  rotateYDegrees: number;
  read: Partial<ReadGlbOptions>;
  remesh: Partial<RemeshOptions>;
}

export const NORMALIZE_DEFAULTS: NormalizeOptions = {
  topology: 'low',
  rotateYDegrees: 0,
  read: {},
  remesh: {},
};

export interface NormalizedModel {
  /** The textured model: GLB, glTF, OBJ, FBX, the poster and the turntable. */
  model: TexturedModel;
  /** The same shape as a closed, 2-manifold solid: the STL. */
  printable: TexturedModel;
  stats: {
    sourceTriangles: number;
    triangles: number;
    printableTriangles: number;
    /** How the printable solid was made. */
    printableFrom: RepairedSolid['from'];
    totalMs: number;
  };
}

export async function normalizeSourceModel(
  bytes: Uint8Array,
  options: Partial<NormalizeOptions> = {},
): Promise<NormalizedModel> {
  const opts = { ...NORMALIZE_DEFAULTS, ...options };
  const started = performance.now();
  const target = opts.targetTriangles ?? TOPOLOGY_PRESETS[opts.topology].targetTriangles;
  const source = await readSourceGlb(bytes, opts.read);
  const positions = placeInFrame(source.positions, opts.rotateYDegrees);

  await MeshoptSimplifier.ready;
  // Textured mesh: meshoptimizer keeps UV seams (vertices sharing a position) as seams.
  let indices = source.indices;
  if (indices.length / 3 > target) {
    [indices] = MeshoptSimplifier.simplify(indices, positions, 3, target * 3, 0.05);
  }
  const textured = compactMesh(positions, source.uvs, indices);

  // Printable solid: the service's mesh repaired into one closed, outward-oriented solid (repair.ts),
  // then simplified keeping it so.
  const solid = await repairSolid(positions, source.indices, { remesh: opts.remesh });
  const s = await simplifyManifold(solid.positions, solid.indices, { targetTriangles: target });
  if (!s.ok) throw new EngineError('internal', 'import: the printable solid could not be made closed.');
  const printable = compactMesh(solid.positions, null, s.indices);
  const printableFrom = solid.from;
  return {
    // The service's PBR maps share the base colour's UVs: the textured formats carry them as sent.
    model: { mesh: textured, texture: source.texture, ...(source.maps ? { maps: source.maps } : {}) },
    printable: {
      mesh: {
        positions: printable.positions,
        // The texture's colours for the 3MF, whatever the repair did to the shape.
        uvs: nearestUvs(printable.positions, textured.positions, textured.uvs),
        indices: printable.indices,
      },
      texture: source.texture,
    },
    stats: {
      sourceTriangles: source.indices.length / 3,
      triangles: textured.indices.length / 3,
      printableTriangles: printable.indices.length / 3,
      printableFrom,
      totalMs: Math.round(performance.now() - started),
    },
  };
}

/** Turned about +Y, then put in the output frame like the engine's own models (pipeline/level.ts). */
function placeInFrame(source: Float32Array, rotateYDegrees: number): Float32Array {
  const turned = new Float32Array(source.length);
  const r = (rotateYDegrees * Math.PI) / 180;
  const cos = Math.cos(r);
  const sin = Math.sin(r);
  let minY = Infinity;
  let maxY = -Infinity;
  for (let i = 0; i < source.length; i += 3) {
    turned[i] = source[i] * cos + source[i + 2] * sin;
    turned[i + 1] = source[i + 1];
    turned[i + 2] = -source[i] * sin + source[i + 2] * cos;
    minY = Math.min(minY, turned[i + 1]);
    maxY = Math.max(maxY, turned[i + 1]);
  }
  if (!(maxY - minY > 1e-9))
    throw new EngineError('corrupt_model', 'import: the model is flat (it has no height).');
  // Services deliver their models +Y up already: nothing to undo but the placement.
  return applyLevel(turned, levelTransform(turned, 0));
}

function compactMesh(positions: Float32Array, uvs: Float32Array | null, indices: Uint32Array) {
  const { keep, indices: idx } = compact(indices, positions.length / 3);
  const p = new Float32Array(keep.length * 3);
  const t = new Float32Array(keep.length * 2);
  for (let i = 0; i < keep.length; i++) {
    p.set(positions.subarray(keep[i] * 3, keep[i] * 3 + 3), i * 3);
    if (uvs) t.set(uvs.subarray(keep[i] * 2, keep[i] * 2 + 2), i * 2);
  }
  return { positions: p, uvs: t, indices: idx };
}
