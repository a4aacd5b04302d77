/**
 * Mask cleaning on a binary grid: keep the subject's sizeable parts, fill pin-holes (real holes stay),
 * and break diagonal-only contacts so the surface built on the grid is 2-manifold at every vertex.
 */

export interface CleanMaskOptions {
  /** Components smaller than this share of the largest one are dropped (specks, dust). */
  minComponentShare: number;
  /** Holes smaller than this share of the subject's area are filled; larger holes are kept. */
  maxFilledHoleShare: number;
}

const CLEAN_MASK_DEFAULTS: CleanMaskOptions = { minComponentShare: 0.02, maxFilledHoleShare: 0.002 };

/** 4-connected component labels of cells equal to `value`. Returns labels (0 = not value) and sizes. */
export function labelComponents(
  grid: Uint8Array,
  w: number,
  h: number,
  value: number,
): { labels: Int32Array; sizes: number[]; touchesBorder: boolean[] } {
  const labels = new Int32Array(w * h);
  const sizes: number[] = [0];
  const touchesBorder: boolean[] = [false];
  const stack = new Int32Array(w * h);
  let next = 1;
  for (let start = 0; start < w * h; start++) {
    if (grid[start] !== value || labels[start] !== 0) continue;
    let top = 0;
    stack[top++] = start;
    labels[start] = next;
    let size = 0;
    let border = false;
    // Neighbours pushed inline (no closure per pixel): at photo resolution (1M cells) a closure made
    // this 4× slower, and the plain-backdrop matte labels every photo it takes.
    while (top > 0) {
      const i = stack[--top];
      size++;
      const x = i % w;
      if (x === 0 || x === w - 1 || i < w || i >= w * (h - 1)) border = true;
      let j = i - 1;
      if (x > 0 && grid[j] === value && labels[j] === 0) {
        labels[j] = next;
        stack[top++] = j;
      }
      j = i + 1;
      if (x < w - 1 && grid[j] === value && labels[j] === 0) {
        labels[j] = next;
        stack[top++] = j;
      }
      j = i - w;
      if (j >= 0 && grid[j] === value && labels[j] === 0) {
        labels[j] = next;
        stack[top++] = j;
      }
      j = i + w;
      if (j < w * h && grid[j] === value && labels[j] === 0) {
        labels[j] = next;
        stack[top++] = j;
      }
    }
    sizes.push(size);
    touchesBorder.push(border);
    next++;
  }
  return { labels, sizes, touchesBorder };
}

/** Cleans `inside` in place. Returns the number of inside cells left. */
export function cleanMask(
  inside: Uint8Array,
  w: number,
  h: number,
  options: Partial<CleanMaskOptions> = {},
): number {
  const opts = { ...CLEAN_MASK_DEFAULTS, ...options };
  const fg = labelComponents(inside, w, h, 1);
  const largest = Math.max(0, ...fg.sizes);
  if (largest === 0) return 0;
  for (let i = 0; i < w * h; i++) {
    if (inside[i] && fg.sizes[fg.labels[i]] < largest * opts.minComponentShare) inside[i] = 0;
  }
  let area = 0;
  for (let i = 0; i < w * h; i++) area += inside[i];
  const bg = labelComponents(inside, w, h, 0);
  for (let i = 0; i < w * h; i++) {
    const l = bg.labels[i];
    if (l && !bg.touchesBorder[l] && bg.sizes[l] < area * opts.maxFilledHoleShare) inside[i] = 1;
  }
  // Diagonal-only contacts (a 2×2 checkerboard) would make a vertex shared by two separate sheets.
  let changed = true;
  while (changed) {
    changed = false;
    for (let y = 0; y < h - 1; y++) {
      for (let x = 0; x < w - 1; x++) {
        const i = y * w + x;
        const a = inside[i];
        const b = inside[i + 1];
        const c = inside[i + w];
        const d = inside[i + w + 1];
        if (a === d && b === c && a !== b) {
          if (a) inside[i + 1] = 1;
          else inside[i] = 1;
          changed = true;
        }
      }
    }
  }
  area = 0;
  for (let i = 0; i < w * h; i++) area += inside[i];
  return area;
}
