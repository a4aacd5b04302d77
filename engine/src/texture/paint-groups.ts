/**
 * Samples grouped by chromaticity (r and g shares of linear rgb): shade changes brightness, not
 * chromaticity, so a group is one paint. Very dark samples (chromaticity is noise there) and small
 * groups are pooled in group 0.
 */
export function paintGroups(block: Float32Array, cells: number[], step: number, minGroup: number) {
  const key = new Int32Array(cells.length);
  const sizes = new Map<number, number>();
  cells.forEach((i, j) => {
    const r = block[i * 3];
    const g = block[i * 3 + 1];
    const b = block[i * 3 + 2];
    const sum = r + g + b;
    const k = sum < 0.02 ? -1 : Math.floor(r / sum / step) * 1000 + Math.floor(g / sum / step);
    key[j] = k;
    sizes.set(k, (sizes.get(k) ?? 0) + 1);
  });
  const id = new Map<number, number>();
  let count = 1;
  for (const [k, n] of sizes) if (k >= 0 && n >= minGroup) id.set(k, count++);
  const groups = new Int32Array(cells.length);
  for (let j = 0; j < cells.length; j++) groups[j] = id.get(key[j]) ?? 0;
  return { groups, count };
}
