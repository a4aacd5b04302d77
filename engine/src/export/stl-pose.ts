/**
 * Print pose: the mesh leaves the geometry step in the photo's camera frame, leaning back by the camera
 * elevation the geometry assumed. A print must stand, so the STL is levelled first: rotating by that
 * elevation about +X brings the subject's real vertical to +Y. Then glTF axes become the slicer's Z up,
 * and the result is scaled to `heightMm` and lifted onto z = 0.
 */

/** Levelled, Z-up, millimetre positions resting on z = 0, `heightMm` tall. */
export function printPose(positions: Float32Array, elevationDeg: number, heightMm: number): Float32Array {
  const a = (elevationDeg * Math.PI) / 180;
  const c = Math.cos(a);
  const s = Math.sin(a);
  const nv = positions.length / 3;
  const out = new Float32Array(nv * 3);
  let minZ = Infinity;
  let maxZ = -Infinity;
  for (let v = 0; v < nv; v++) {
    const x = positions[v * 3];
    const y = positions[v * 3 + 1];
    const z = positions[v * 3 + 2];
    // Up in the camera frame is (0, cos a, sin a): the top of an upright thing is nearer a camera above it.
    const up = y * c + z * s;
    const depth = z * c - y * s;
    // (x, up, depth) glTF → (x, −depth, up) Z up: a proper rotation, so winding and volume sign are kept.
    out[v * 3] = x;
    out[v * 3 + 1] = -depth;
    out[v * 3 + 2] = up;
    if (up < minZ) minZ = up;
    if (up > maxZ) maxZ = up;
  }
  const scale = heightMm / Math.max(1e-9, maxZ - minZ);
  for (let v = 0; v < nv; v++) {
    out[v * 3] *= scale;
    out[v * 3 + 1] *= scale;
    out[v * 3 + 2] = (out[v * 3 + 2] - minZ) * scale;
  }
  return out;
}

/** Uniform scale about the origin so the solid (on z = 0) is `heightMm` tall again after a cut. */
export function rescaleHeight(positions: Float32Array, heightMm: number): void {
  let maxZ = 0;
  for (let i = 2; i < positions.length; i += 3) if (positions[i] > maxZ) maxZ = positions[i];
  const k = heightMm / Math.max(1e-9, maxZ);
  for (let i = 0; i < positions.length; i++) positions[i] *= k;
}
