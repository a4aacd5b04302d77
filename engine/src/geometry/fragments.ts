/**
 * One solid per subject: parts of the mask that came apart from the body (a tail tip past a thin neck the
 * grid could not resolve, a hand past a gap) are joined back by a thin bridge when they are near, dropped
 * when they are small and far, and kept as they are only when they are big and far (a second subject).
 *
 * Notes: bridging near parts, not dropping them, because a tip belongs to the subject and a slicer
 * prints the bridge; the gap limit (6% of the grid's longer side) is a few times the widest neck the
 * 0.5-coverage grid drops at 160–384 cells, and well below the distance between two separate objects in
 * a photo. The bridge is 3 cells wide: the inflation makes it a round bar of about the same depth.
 */

export interface FragmentOptions {
  /** Parts smaller than this share of the largest are noise (specks), always dropped. */
  speckShare: number;
  /** Largest gap (share of the grid's longer side) a bridge spans. */
  maxGapShare: number;
  /** Far parts at least this share of the largest are another subject and kept. */
  keepShare: number;
  /** Bridge width in cells. */
  bridgeWidth: number;
}

const FRAGMENT_DEFAULTS: FragmentOptions = {
  speckShare: 0.002,
  maxGapShare: 0.06,
  keepShare: 0.15,
  bridgeWidth: 3,
};

export interface FragmentReport {
  /** Parts joined to the body by a bridge. */
  joined: number;
  /** Parts dropped (specks, and small parts too far to bridge). */
  dropped: number;
  /** Big far parts left as separate solids. */
  separate: number;
}

function components(inside: Uint8Array, w: number, h: number): { labels: Int32Array; sizes: number[] } {
  const labels = new Int32Array(w * h);
  const sizes = [0];
  const stack = new Int32Array(w * h);
  for (let s = 0; s < w * h; s++) {
    if (!inside[s] || labels[s]) continue;
    const id = sizes.length;
    let top = 0;
    let size = 0;
    stack[top++] = s;
    labels[s] = id;
    while (top > 0) {
      const i = stack[--top];
      size++;
      const x = i % w;
      for (const j of [x > 0 ? i - 1 : -1, x < w - 1 ? i + 1 : -1, i - w, i + w]) {
        if (j >= 0 && j < w * h && inside[j] && !labels[j]) {
          labels[j] = id;
          stack[top++] = j;
        }
      }
    }
    sizes.push(size);
  }
  return { labels, sizes };
}

/** Breadth-first distance (8-neighbour steps) from the body, with the body cell each cell is nearest to. */
function reach(body: Uint8Array, w: number, h: number): { dist: Int32Array; from: Int32Array } {
  const dist = new Int32Array(w * h).fill(-1);
  const from = new Int32Array(w * h).fill(-1);
  const queue = new Int32Array(w * h);
  let head = 0;
  let tail = 0;
  for (let i = 0; i < w * h; i++) {
    if (!body[i]) continue;
    dist[i] = 0;
    from[i] = i;
    queue[tail++] = i;
  }
  while (head < tail) {
    const i = queue[head++];
    const x = i % w;
    const y = (i - x) / w;
    for (let dy = -1; dy <= 1; dy++) {
      for (let dx = -1; dx <= 1; dx++) {
        const nx = x + dx;
        const ny = y + dy;
        if (nx < 0 || ny < 0 || nx >= w || ny >= h) continue;
        const j = ny * w + nx;
        if (dist[j] >= 0) continue;
        dist[j] = dist[i] + 1;
        from[j] = from[i];
        queue[tail++] = j;
      }
    }
  }
  return { dist, from };
}

function drawBridge(inside: Uint8Array, w: number, h: number, a: number, b: number, width: number) {
  const ax = a % w;
  const ay = (a - ax) / w;
  const bx = b % w;
  const by = (b - bx) / w;
  const steps = Math.max(1, Math.ceil(Math.hypot(bx - ax, by - ay) * 2));
  const r = width / 2;
  for (let s = 0; s <= steps; s++) {
    const cx = ax + ((bx - ax) * s) / steps;
    const cy = ay + ((by - ay) * s) / steps;
    for (let y = Math.floor(cy - r); y <= Math.ceil(cy + r); y++) {
      for (let x = Math.floor(cx - r); x <= Math.ceil(cx + r); x++) {
        if (x < 0 || y < 0 || x >= w || y >= h) continue;
        if ((x + 0.5 - (cx + 0.5)) ** 2 + (y + 0.5 - (cy + 0.5)) ** 2 <= r * r) inside[y * w + x] = 1;
      }
    }
  }
}

/** Joins, drops or keeps every part besides the largest, in place. */
export function joinFragments(
  inside: Uint8Array,
  w: number,
  h: number,
  options: Partial<FragmentOptions> = {},
): FragmentReport {
  const opts = { ...FRAGMENT_DEFAULTS, ...options };
  const report: FragmentReport = { joined: 0, dropped: 0, separate: 0 };
  const { labels, sizes } = components(inside, w, h);
  if (sizes.length <= 2) return report;
  let main = 1;
  for (let l = 2; l < sizes.length; l++) if (sizes[l] > sizes[main]) main = l;
  const largest = sizes[main];
  const maxGap = Math.max(2, Math.round(opts.maxGapShare * Math.max(w, h)));
  const body = new Uint8Array(w * h);
  for (let i = 0; i < w * h; i++) body[i] = labels[i] === main ? 1 : 0;
  // Biggest parts first, so a small tip can bridge to a part that was itself just joined.
  const order = sizes
    .map((size, l) => ({ size, l }))
    .filter((c) => c.l !== 0 && c.l !== main)
    .sort((a, b) => b.size - a.size);
  for (const { size, l } of order) {
    if (size < largest * opts.speckShare) {
      for (let i = 0; i < w * h; i++) if (labels[i] === l) inside[i] = 0;
      report.dropped++;
      continue;
    }
    const { dist, from } = reach(body, w, h);
    let best = -1;
    for (let i = 0; i < w * h; i++) if (labels[i] === l && (best < 0 || dist[i] < dist[best])) best = i;
    if (dist[best] <= maxGap) {
      drawBridge(inside, w, h, best, from[best], opts.bridgeWidth);
      for (let i = 0; i < w * h; i++) if (inside[i]) body[i] = 1;
      report.joined++;
    } else if (size >= largest * opts.keepShare) {
      report.separate++;
    } else {
      for (let i = 0; i < w * h; i++) if (labels[i] === l) inside[i] = 0;
      report.dropped++;
    }
  }
  return report;
}
