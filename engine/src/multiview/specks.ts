/**
 * Specks: after carving and rounding, a few voxels can stand apart from the object (where two views'
 * rims barely overlap, or the rounding cut a thin part's run into pieces). Each is a tiny closed surface
 * floating beside the model, which a printer and a viewer both show. Parts of the occupancy (6-connected)
 * far smaller than the largest are cleared; a real separate part (a lid beside a pot) is far larger.
 */
import type { Grid } from './hull-round.ts';

/** 6-connected parts of the set voxels of `occ`: a label per voxel (0 where unset) and each label's size. */
export function labelParts(occ: Uint8Array, g: Grid): { label: Int32Array; sizes: number[] } {
  const { nx, ny, nz } = g;
  const label = new Int32Array(occ.length);
  const sizes: number[] = [0];
  // Every voxel is pushed at most once: a typed stack of the grid's size never grows.
  const stack = new Int32Array(occ.length);
  let top = 0;
  const plane = nx * ny;
  for (let o = 0; o < occ.length; o++) {
    if (!occ[o] || label[o]) continue;
    const id = sizes.length;
    let size = 0;
    label[o] = id;
    stack[top++] = o;
    while (top) {
      const p = stack[--top];
      size++;
      const i = p % nx;
      const j = Math.floor(p / nx) % ny;
      const k = Math.floor(p / plane);
      // The six neighbours inside the grid, without a closure in this loop (it runs once per voxel).
      for (let n = 0; n < 6; n++) {
        let q = -1;
        if (n === 0 && i > 0) q = p - 1;
        else if (n === 1 && i < nx - 1) q = p + 1;
        else if (n === 2 && j > 0) q = p - nx;
        else if (n === 3 && j < ny - 1) q = p + nx;
        else if (n === 4 && k > 0) q = p - plane;
        else if (n === 5 && k < nz - 1) q = p + plane;
        if (q >= 0 && occ[q] && !label[q]) {
          label[q] = id;
          stack[top++] = q;
        }
      }
    }
    sizes.push(size);
  }
  return { label, sizes };
}

/** Clears every 6-connected part under `share` of the largest part's voxels; the number cleared. */
export function dropSpecks(occ: Uint8Array, g: Grid, share: number): number {
  const { label, sizes } = labelParts(occ, g);
  const largest = Math.max(0, ...sizes);
  const drop = sizes.map((s) => s < share * largest);
  let dropped = 0;
  for (let id = 1; id < sizes.length; id++) if (drop[id]) dropped++;
  if (!dropped) return 0;
  for (let o = 0; o < occ.length; o++) if (label[o] && drop[label[o]]) occ[o] = 0;
  return dropped;
}
