/**
 * Closed surface from a cell mask and two height fields: a front sheet (z = offset + front), a back
 * sheet (z = offset − back) and a wall along every silhouette edge joining them.
 *
 * Every inside corner has its own front and back vertex, so even a one-cell-wide strip encloses volume;
 * each boundary edge is shared by one sheet triangle and one wall triangle, each interior edge by two
 * sheet triangles. With diagonal contacts removed by cleanMask, the result is 2-manifold and consistently
 * oriented (outward normals) by construction.
 */

export interface Solid {
  positions: Float32Array;
  indices: Uint32Array;
  /** 0 for vertices of the front sheet, 1 for the back sheet. */
  side: Uint8Array;
  /** Grid corner each vertex came from. */
  corner: Int32Array;
}

/**
 * `xy` gives each corner's position in grid units (x right, y down); pass null for the regular grid.
 * Output coordinates are grid units with y flipped to point up.
 */
export function buildSolid(
  inside: Uint8Array,
  w: number,
  h: number,
  front: Float32Array,
  back: Float32Array,
  xy: Float32Array | null,
  offset?: Float32Array,
): Solid {
  const cw = w + 1;
  const cornerUsed = new Uint8Array(cw * (h + 1));
  let cells = 0;
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      if (!inside[y * w + x]) continue;
      cells++;
      const c = y * cw + x;
      cornerUsed[c] = cornerUsed[c + 1] = cornerUsed[c + cw] = cornerUsed[c + cw + 1] = 1;
    }
  }
  const frontId = new Int32Array(cornerUsed.length).fill(-1);
  let nv = 0;
  for (let c = 0; c < cornerUsed.length; c++) if (cornerUsed[c]) frontId[c] = nv++;
  const positions = new Float32Array(nv * 2 * 3);
  const side = new Uint8Array(nv * 2);
  const corner = new Int32Array(nv * 2);
  for (let c = 0; c < cornerUsed.length; c++) {
    const v = frontId[c];
    if (v < 0) continue;
    const gx = c % cw;
    const gy = (c - gx) / cw;
    const px = xy ? xy[c * 2] : gx;
    const py = xy ? xy[c * 2 + 1] : gy;
    const z0 = offset ? offset[c] : 0;
    positions.set([px, -py, z0 + front[c]], v * 3);
    positions.set([px, -py, z0 - back[c]], (v + nv) * 3);
    side[v + nv] = 1;
    corner[v] = c;
    corner[v + nv] = c;
  }

  // Upper bound: 4 sheet triangles per cell + 8 wall triangles per cell.
  const idx = new Uint32Array(cells * 12 * 3);
  let k = 0;
  const tri = (a: number, b: number, c: number) => {
    idx[k++] = a;
    idx[k++] = b;
    idx[k++] = c;
  };
  const wall = (p: number, q: number) => {
    // Front sheet uses edge p→q; the wall runs it q→p and closes on the back sheet.
    tri(q, p, p + nv);
    tri(q, p + nv, q + nv);
  };
  const isIn = (x: number, y: number) => x >= 0 && y >= 0 && x < w && y < h && inside[y * w + x] !== 0;
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      if (!inside[y * w + x]) continue;
      const a = frontId[y * cw + x];
      const b = frontId[y * cw + x + 1];
      const c = frontId[(y + 1) * cw + x + 1];
      const d = frontId[(y + 1) * cw + x];
      // Alternate diagonals so the sheets have no directional bias.
      if ((x + y) & 1) {
        tri(a, d, c);
        tri(a, c, b);
        tri(a + nv, c + nv, d + nv);
        tri(a + nv, b + nv, c + nv);
      } else {
        tri(a, d, b);
        tri(b, d, c);
        tri(a + nv, b + nv, d + nv);
        tri(b + nv, c + nv, d + nv);
      }
      // Outer loop of the front cell is a→d→c→b→a.
      if (!isIn(x - 1, y)) wall(a, d);
      if (!isIn(x, y + 1)) wall(d, c);
      if (!isIn(x + 1, y)) wall(c, b);
      if (!isIn(x, y - 1)) wall(b, a);
    }
  }
  return { positions, indices: idx.slice(0, k), side, corner };
}
