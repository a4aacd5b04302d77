/** Filling a map's unset cells from its set ones (the light's factor off the mesh, paint under highlights). */

/**
 * Fills unset cells of a `channels`-valued map from their set neighbours, ring by ring outward (each cell
 * once, breadth first); cells more than `rings` away take `fallback`. Plain loops: closures made per
 * cell cost more than the filling.
 */
export function dilate(
  map: Float32Array,
  set: Uint8Array,
  w: number,
  h: number,
  channels: number,
  fallback: number,
  rings = 24,
) {
  const queued = Uint8Array.from(set);
  let ring = new Int32Array(w * h);
  let next = new Int32Array(w * h);
  let size = 0;
  for (let i = 0; i < w * h; i++) {
    if (set[i]) continue;
    const x = i % w;
    const y = (i - x) / w;
    let edge = false;
    for (let dy = -1; dy <= 1 && !edge; dy++)
      for (let dx = -1; dx <= 1; dx++) {
        const xx = x + dx;
        const yy = y + dy;
        if (xx >= 0 && yy >= 0 && xx < w && yy < h && set[yy * w + xx]) {
          edge = true;
          break;
        }
      }
    if (edge) {
      ring[size++] = i;
      queued[i] = 1;
    }
  }
  const acc = new Float64Array(channels);
  for (let r = 0; r < rings && size > 0; r++) {
    for (let q = 0; q < size; q++) {
      const i = ring[q];
      const x = i % w;
      const y = (i - x) / w;
      acc.fill(0);
      let n = 0;
      for (let yy = Math.max(0, y - 1); yy <= Math.min(h - 1, y + 1); yy++)
        for (let xx = Math.max(0, x - 1); xx <= Math.min(w - 1, x + 1); xx++) {
          const j = yy * w + xx;
          if (!set[j]) continue;
          for (let k = 0; k < channels; k++) acc[k] += map[j * channels + k];
          n++;
        }
      for (let k = 0; k < channels; k++) map[i * channels + k] = n ? acc[k] / n : fallback;
    }
    for (let q = 0; q < size; q++) set[ring[q]] = 1;
    let nextSize = 0;
    for (let q = 0; q < size; q++) {
      const i = ring[q];
      const x = i % w;
      const y = (i - x) / w;
      for (let yy = Math.max(0, y - 1); yy <= Math.min(h - 1, y + 1); yy++)
        for (let xx = Math.max(0, x - 1); xx <= Math.min(w - 1, x + 1); xx++) {
          const j = yy * w + xx;
          if (queued[j]) continue;
          queued[j] = 1;
          next[nextSize++] = j;
        }
    }
    [ring, next] = [next, ring];
    size = nextSize;
  }
  for (let i = 0; i < w * h; i++)
    if (!set[i]) for (let k = 0; k < channels; k++) map[i * channels + k] = fallback;
}
