/**
 * The output frame every model leaves the engine in (DESIGN §5): glTF axes, +Y is gravity up, the side
 * the photo shows faces +Z, the lowest point on y = 0, the bounding box centred over the origin in x and
 * z, 1 unit tall.
 *
 * The geometry (one photo or several) works in the front photo's camera frame: a camera a little above
 * the subject, so the subject's real vertical leans back by the camera's elevation. Levelling here, once,
 * on the finished mesh means every export, the viewer, the poster and the turntable agree, and a step
 * that builds a mesh only has to say which elevation it assumed.
 */
import type { Mesh } from '../types.ts';

/** How a levelled point relates to the camera frame: levelled = scale · Rx(elevation) · p + translate. */
export interface LevelTransform {
  /** Camera elevation (degrees above the subject) that was undone: estimated, or the prior. */
  elevationDeg: number;
  scale: number;
  translate: [number, number, number];
}

/**
 * Camera frame → upright. Up in the camera frame is (0, cos e, sin e): the top of an upright thing is
 * nearer a camera above it. A proper rotation, so windings and the volume's sign are kept. x is kept;
 * these give the new y and z (no array per point: meshes have tens of thousands).
 */
const rotY = (y: number, z: number, c: number, s: number) => y * c + z * s;
const rotZ = (y: number, z: number, c: number, s: number) => z * c - y * s;

/** The transform that levels `positions` (camera frame, tilted by `elevationDeg`) into the output frame. */
export function levelTransform(positions: Float32Array, elevationDeg: number): LevelTransform {
  const a = (elevationDeg * Math.PI) / 180;
  const c = Math.cos(a);
  const s = Math.sin(a);
  const min = [Infinity, Infinity, Infinity];
  const max = [-Infinity, -Infinity, -Infinity];
  for (let i = 0; i < positions.length; i += 3) {
    const y = positions[i + 1];
    const z = positions[i + 2];
    const q0 = positions[i];
    const q1 = rotY(y, z, c, s);
    const q2 = rotZ(y, z, c, s);
    if (q0 < min[0]) min[0] = q0;
    if (q0 > max[0]) max[0] = q0;
    if (q1 < min[1]) min[1] = q1;
    if (q1 > max[1]) max[1] = q1;
    if (q2 < min[2]) min[2] = q2;
    if (q2 > max[2]) max[2] = q2;
  }
  const height = max[1] - min[1];
  const scale = height > 1e-12 ? 1 / height : 1;
  return {
    elevationDeg,
    scale,
    translate: [(-(min[0] + max[0]) / 2) * scale, -min[1] * scale, (-(min[2] + max[2]) / 2) * scale],
  };
}

/** Points through the transform (a new array). */
export function applyLevel(positions: Float32Array, t: LevelTransform): Float32Array {
  const a = (t.elevationDeg * Math.PI) / 180;
  const c = Math.cos(a);
  const s = Math.sin(a);
  const out = new Float32Array(positions.length);
  for (let i = 0; i < positions.length; i += 3) {
    const y = positions[i + 1];
    const z = positions[i + 2];
    out[i] = positions[i] * t.scale + t.translate[0];
    out[i + 1] = rotY(y, z, c, s) * t.scale + t.translate[1];
    out[i + 2] = rotZ(y, z, c, s) * t.scale + t.translate[2];
  }
  return out;
}

/** Directions (normals) through the rotation only. */
function rotateDirections(v: Float32Array, elevationDeg: number): Float32Array {
  const a = (elevationDeg * Math.PI) / 180;
  const c = Math.cos(a);
  const s = Math.sin(a);
  const out = new Float32Array(v.length);
  for (let i = 0; i < v.length; i += 3) {
    out[i] = v[i];
    out[i + 1] = rotY(v[i + 1], v[i + 2], c, s);
    out[i + 2] = rotZ(v[i + 1], v[i + 2], c, s);
  }
  return out;
}

/** Upright → the camera frame the geometry worked in (tests and the benchmark compare silhouettes there). */
export function unlevel(positions: Float32Array, t: LevelTransform): Float32Array {
  const a = (t.elevationDeg * Math.PI) / 180;
  const c = Math.cos(a);
  const s = Math.sin(a);
  const out = new Float32Array(positions.length);
  for (let i = 0; i < positions.length; i += 3) {
    const x = (positions[i] - t.translate[0]) / t.scale;
    const y = (positions[i + 1] - t.translate[1]) / t.scale;
    const z = (positions[i + 2] - t.translate[2]) / t.scale;
    // The inverse rotation: Rx(e)ᵀ.
    out[i] = x;
    out[i + 1] = y * c - z * s;
    out[i + 2] = z * c + y * s;
  }
  return out;
}

/** The mesh levelled (positions and normals; uvs and indices shared), and the transform used. */
export function levelMesh(mesh: Mesh, elevationDeg: number): { mesh: Mesh; level: LevelTransform } {
  const level = levelTransform(mesh.positions, elevationDeg);
  return {
    mesh: {
      positions: applyLevel(mesh.positions, level),
      normals: mesh.normals ? rotateDirections(mesh.normals, elevationDeg) : undefined,
      uvs: mesh.uvs,
      indices: mesh.indices,
    },
    level,
  };
}
