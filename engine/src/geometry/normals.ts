/** Angle-weighted vertex normals (smooth, robust to the long thin triangles simplification leaves). */
export function vertexNormals(positions: Float32Array, indices: Uint32Array): Float32Array {
  const n = new Float32Array(positions.length);
  const p = positions;
  for (let t = 0; t < indices.length; t += 3) {
    const ia = indices[t] * 3;
    const ib = indices[t + 1] * 3;
    const ic = indices[t + 2] * 3;
    const abx = p[ib] - p[ia],
      aby = p[ib + 1] - p[ia + 1],
      abz = p[ib + 2] - p[ia + 2];
    const acx = p[ic] - p[ia],
      acy = p[ic + 1] - p[ia + 1],
      acz = p[ic + 2] - p[ia + 2];
    const bcx = p[ic] - p[ib],
      bcy = p[ic + 1] - p[ib + 1],
      bcz = p[ic + 2] - p[ib + 2];
    let nx = aby * acz - abz * acy;
    let ny = abz * acx - abx * acz;
    let nz = abx * acy - aby * acx;
    const len = Math.hypot(nx, ny, nz);
    if (len === 0) continue;
    nx /= len;
    ny /= len;
    nz /= len;
    const lab = Math.hypot(abx, aby, abz),
      lac = Math.hypot(acx, acy, acz),
      lbc = Math.hypot(bcx, bcy, bcz);
    if (lab === 0 || lac === 0 || lbc === 0) continue;
    const angA = Math.acos(Math.max(-1, Math.min(1, (abx * acx + aby * acy + abz * acz) / (lab * lac))));
    const angB = Math.acos(Math.max(-1, Math.min(1, (-abx * bcx - aby * bcy - abz * bcz) / (lab * lbc))));
    const angC = Math.PI - angA - angB;
    for (const [i, a] of [
      [ia, angA],
      [ib, angB],
      [ic, angC],
    ] as const) {
      n[i] += nx * a;
      n[i + 1] += ny * a;
      n[i + 2] += nz * a;
    }
  }
  for (let i = 0; i < n.length; i += 3) {
    const len = Math.hypot(n[i], n[i + 1], n[i + 2]);
    if (len > 0) {
      n[i] /= len;
      n[i + 1] /= len;
      n[i + 2] /= len;
    } else n[i + 2] = 1;
  }
  return n;
}
