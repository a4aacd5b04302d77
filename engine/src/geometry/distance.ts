/**
 * Exact Euclidean distance transform on a grid (Felzenszwalb & Huttenlocher's lower envelope of
 * parabolas, one pass per axis): O(n) and exact, so inflation heights have no chamfer-metric facets.
 */

function edt1d(f: Float64Array, n: number, d: Float64Array, v: Int32Array, z: Float64Array): void {
  let k = 0;
  v[0] = 0;
  z[0] = -Infinity;
  z[1] = Infinity;
  for (let q = 1; q < n; q++) {
    let s = (f[q] + q * q - (f[v[k]] + v[k] * v[k])) / (2 * q - 2 * v[k]);
    while (s <= z[k]) {
      k--;
      s = (f[q] + q * q - (f[v[k]] + v[k] * v[k])) / (2 * q - 2 * v[k]);
    }
    k++;
    v[k] = q;
    z[k] = s;
    z[k + 1] = Infinity;
  }
  k = 0;
  for (let q = 0; q < n; q++) {
    while (z[k + 1] < q) k++;
    const dq = q - v[k];
    d[q] = dq * dq + f[v[k]];
  }
}

/**
 * Squared distance from every cell to the nearest cell where `inside` is 0.
 * Cells outside the grid count as outside, so a shape touching the border still gets a rim.
 */
function squaredDistanceToOutside(inside: Uint8Array, width: number, height: number): Float64Array {
  // Pad by one cell so the grid border behaves as background.
  const w = width + 2;
  const h = height + 2;
  const BIG = 1e20;
  const grid = new Float64Array(w * h);
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      const ix = x - 1;
      const iy = y - 1;
      const isIn = ix >= 0 && iy >= 0 && ix < width && iy < height && inside[iy * width + ix] !== 0;
      grid[y * w + x] = isIn ? BIG : 0;
    }
  }
  // Along the columns the input is 0 or BIG and every column has a 0 (the padding), so the lower
  // envelope is the squared distance to the nearest 0 in the column: two scans, row by row (the
  // parabolas read each column a stride apart, half the transform's time on a 640² grid), and the same
  // integers as the envelope gives.
  const near = new Int32Array(w);
  for (let y = 0; y < h; y++)
    for (let x = 0; x < w; x++) {
      const i = y * w + x;
      if (grid[i] === 0) near[x] = y;
      else grid[i] = (y - near[x]) ** 2;
    }
  near.fill(h - 1);
  for (let y = h - 1; y >= 0; y--)
    for (let x = 0; x < w; x++) {
      const i = y * w + x;
      if (grid[i] === 0) near[x] = y;
      else grid[i] = Math.min(grid[i], (near[x] - y) ** 2);
    }
  const n = w;
  const f = new Float64Array(n);
  const d = new Float64Array(n);
  const v = new Int32Array(n);
  const z = new Float64Array(n + 1);
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) f[x] = grid[y * w + x];
    edt1d(f, w, d, v, z);
    for (let x = 0; x < w; x++) grid[y * w + x] = d[x];
  }
  const out = new Float64Array(width * height);
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++) out[y * width + x] = grid[(y + 1) * w + x + 1];
  return out;
}

/** Distance from each inside cell centre to the shape's boundary (half a cell less than to the nearest outside centre). */
export function distanceToBoundary(inside: Uint8Array, width: number, height: number): Float32Array {
  const sq = squaredDistanceToOutside(inside, width, height);
  const out = new Float32Array(width * height);
  for (let i = 0; i < out.length; i++) out[i] = inside[i] ? Math.max(0.25, Math.sqrt(sq[i]) - 0.5) : 0;
  return out;
}
