/**
 * Texture coordinates for the simplified solid. Front-sheet vertices map onto the front half, back-sheet
 * vertices onto the back half. Triangles with vertices on both sheets (the silhouette walls) take the
 * front half for all three, so a back vertex used by a wall is duplicated with a front UV: the UV seam
 * runs along the back rim, where it is least visible. Positions of duplicates are bit-identical, so
 * welding by position (STL, manifold checks) recovers the closed solid.
 */
import { vertexNormals } from '../geometry/normals.ts';
import type { Mesh } from '../types.ts';
import type { Atlas } from './atlas.ts';

export function unwrap(
  positions: Float32Array,
  side: Uint8Array,
  imageXY: Float32Array,
  indices: Uint32Array,
  atlas: Atlas,
): Mesh {
  const nv = positions.length / 3;
  const weldedNormals = vertexNormals(positions, indices);
  // Slot per (vertex, uv half): 0 = its own side, 1 = duplicated onto the front half.
  const slot = new Int32Array(nv * 2).fill(-1);
  const out: number[] = [];
  const newIdx = new Uint32Array(indices.length);
  let count = 0;
  for (let t = 0; t < indices.length; t += 3) {
    const a = indices[t],
      b = indices[t + 1],
      c = indices[t + 2];
    const mixed = !(side[a] === side[b] && side[b] === side[c]);
    for (let k = 0; k < 3; k++) {
      const v = indices[t + k];
      const s = mixed && side[v] === 1 ? 1 : 0;
      let id = slot[v * 2 + s];
      if (id < 0) {
        id = count++;
        slot[v * 2 + s] = id;
        out.push(v, s);
      }
      newIdx[t + k] = id;
    }
  }
  const pos = new Float32Array(count * 3);
  const nrm = new Float32Array(count * 3);
  const uvs = new Float32Array(count * 2);
  for (let i = 0; i < count; i++) {
    const v = out[i * 2];
    const dup = out[i * 2 + 1];
    pos[i * 3] = positions[v * 3];
    pos[i * 3 + 1] = positions[v * 3 + 1];
    pos[i * 3 + 2] = positions[v * 3 + 2];
    nrm[i * 3] = weldedNormals[v * 3];
    nrm[i * 3 + 1] = weldedNormals[v * 3 + 1];
    nrm[i * 3 + 2] = weldedNormals[v * 3 + 2];
    const uvSide = dup ? 0 : (side[v] as 0 | 1);
    atlas.uv(imageXY[v * 2], imageXY[v * 2 + 1], uvSide, uvs, i * 2);
  }
  return { positions: pos, normals: nrm, uvs, indices: newIdx };
}
