/**
 * Horizontal discs seen from above: a level, elongated ellipse in the silhouette is read as a flat round
 * part (a seat, a table top, a cap) tilted towards the camera, and given the depth ramp that tilt implies.
 *
 * Notes: inflation gives every part a depth of about its width in the image, so a disc seen obliquely —
 * an ellipse with semi-axes a (level) and b < a — becomes a lens about 2b deep, while the real disc spans
 * about 2·a·cos φ in depth, with sin φ = b/a (φ the view's angle above the disc's plane). Its near rim is
 * the lower half of the ellipse in the image. So the cells of such an ellipse are moved in depth by
 * (y − y₀)·cot φ, front and back together (thickness and closedness unchanged), with a smoothed weight so
 * the parts attached to it (legs, a stem) bend rather than tear.
 *
 * The fit test is strict so a lying animal or a loaf does not become a plate: the ellipse is fitted by
 * moments to the thick core of the mask (cells whose local thickness is at least `coreShare` of the
 * largest), refined on the mask cells around it, and accepted only if its major axis is level within
 * `maxTilt`, its axis ratio is at least `minRatio`, its inside lies in the mask (`fillShare`) and most of
 * its outline (`outlineShare`) is the silhouette's outline (legs may cover the rest).
 */

export interface DiscOptions {
  coreShare: number;
  minCells: number;
  maxTilt: number;
  minRatio: number;
  fillShare: number;
  outlineShare: number;
}

const DISC_DEFAULTS: DiscOptions = {
  coreShare: 0.5,
  minCells: 60,
  maxTilt: 8,
  minRatio: 1.4,
  fillShare: 0.95,
  outlineShare: 0.7,
};

export interface Disc {
  cx: number;
  cy: number;
  a: number;
  b: number;
  angle: number;
}

interface Moments {
  cx: number;
  cy: number;
  a: number;
  b: number;
  angle: number;
}

function moments(cells: number[], w: number): Moments | undefined {
  const n = cells.length;
  if (n < 3) return undefined;
  let sx = 0;
  let sy = 0;
  for (const c of cells) {
    sx += (c % w) + 0.5;
    sy += Math.floor(c / w) + 0.5;
  }
  const cx = sx / n;
  const cy = sy / n;
  let xx = 0;
  let yy = 0;
  let xy = 0;
  for (const c of cells) {
    const dx = (c % w) + 0.5 - cx;
    const dy = Math.floor(c / w) + 0.5 - cy;
    xx += dx * dx;
    yy += dy * dy;
    xy += dx * dy;
  }
  xx /= n;
  yy /= n;
  xy /= n;
  const tr = (xx + yy) / 2;
  const det = Math.sqrt(Math.max(0, ((xx - yy) / 2) ** 2 + xy * xy));
  // A filled ellipse's second moment along an axis is (semi-axis)²/4.
  const a = 2 * Math.sqrt(tr + det);
  const b = 2 * Math.sqrt(Math.max(0, tr - det));
  const angle = 0.5 * Math.atan2(2 * xy, xx - yy);
  return { cx, cy, a, b, angle };
}

function rho(e: Moments, x: number, y: number): number {
  const c = Math.cos(e.angle);
  const s = Math.sin(e.angle);
  const u = (x - e.cx) * c + (y - e.cy) * s;
  const v = -(x - e.cx) * s + (y - e.cy) * c;
  return Math.sqrt((u / e.a) ** 2 + (v / Math.max(e.b, 1e-6)) ** 2);
}

/** Level elliptical parts of the mask that pass the disc test (cell coordinates). */
export function findDiscs(
  inside: Uint8Array,
  thickness: Float32Array,
  w: number,
  h: number,
  options: Partial<DiscOptions> = {},
): Disc[] {
  const opts = { ...DISC_DEFAULTS, ...options };
  let maxR = 0;
  for (let i = 0; i < w * h; i++) if (inside[i] && thickness[i] > maxR) maxR = thickness[i];
  if (maxR <= 0) return [];
  const core = new Uint8Array(w * h);
  for (let i = 0; i < w * h; i++) if (inside[i] && thickness[i] >= opts.coreShare * maxR) core[i] = 1;
  const isIn = (x: number, y: number) => x >= 0 && y >= 0 && x < w && y < h && inside[y * w + x] !== 0;
  const seen = new Uint8Array(w * h);
  const discs: Disc[] = [];
  for (let start = 0; start < w * h; start++) {
    if (!core[start] || seen[start]) continue;
    const comp: number[] = [];
    const stack = [start];
    seen[start] = 1;
    while (stack.length) {
      const c = stack.pop() as number;
      comp.push(c);
      const x = c % w;
      const y = (c - x) / w;
      for (const [nx, ny] of [
        [x - 1, y],
        [x + 1, y],
        [x, y - 1],
        [x, y + 1],
      ]) {
        if (nx < 0 || ny < 0 || nx >= w || ny >= h) continue;
        const k = ny * w + nx;
        if (core[k] && !seen[k]) {
          seen[k] = 1;
          stack.push(k);
        }
      }
    }
    if (comp.length < opts.minCells) continue;
    // The core misses the ellipse's narrow ends (only small discs cover them): grow it back on the mask.
    let e = moments(comp, w);
    for (let iter = 0; iter < 4 && e; iter++) {
      const cur: Moments = e;
      const cells: number[] = [];
      const r = Math.ceil(cur.a * 1.2) + 1;
      for (let y = Math.max(0, Math.floor(cur.cy - r)); y < Math.min(h, cur.cy + r); y++) {
        for (let x = Math.max(0, Math.floor(cur.cx - r)); x < Math.min(w, cur.cx + r); x++) {
          if (inside[y * w + x] && rho(cur, x + 0.5, y + 0.5) <= 1.1) cells.push(y * w + x);
        }
      }
      e = moments(cells, w);
    }
    if (!e || e.b < 2) continue;
    let tilt = Math.abs((e.angle * 180) / Math.PI);
    if (tilt > 90) tilt = 180 - tilt;
    if (tilt > opts.maxTilt || e.a / e.b < opts.minRatio) continue;
    let total = 0;
    let filled = 0;
    const r = Math.ceil(e.a) + 1;
    for (let y = Math.floor(e.cy - r); y <= e.cy + r; y++) {
      for (let x = Math.floor(e.cx - r); x <= e.cx + r; x++) {
        if (rho(e, x + 0.5, y + 0.5) > 1) continue;
        total++;
        if (isIn(x, y)) filled++;
      }
    }
    if (total === 0 || filled < opts.fillShare * total) continue;
    const samples = Math.max(64, Math.ceil(2 * Math.PI * e.a));
    let onOutline = 0;
    const c = Math.cos(e.angle);
    const s = Math.sin(e.angle);
    for (let i = 0; i < samples; i++) {
      const t = (2 * Math.PI * i) / samples;
      const u = e.a * Math.cos(t);
      const v = e.b * Math.sin(t);
      const px = e.cx + u * c - v * s;
      const py = e.cy + u * s + v * c;
      // On the outline: both inside and outside cells within 1.5 cells of the ellipse point.
      let ins = false;
      let out = false;
      for (let dy = -1.5; dy <= 1.5; dy += 1.5) {
        for (let dx = -1.5; dx <= 1.5; dx += 1.5) {
          if (isIn(Math.floor(px + dx), Math.floor(py + dy))) ins = true;
          else out = true;
        }
      }
      if (ins && out) onOutline++;
    }
    if (onOutline < opts.outlineShare * samples) continue;
    discs.push({ cx: e.cx, cy: e.cy, a: e.a, b: e.b, angle: e.angle });
  }
  return discs;
}

/**
 * Per-cell depth ramp (cells, towards the camera) of the accepted discs and the weight of each cell's
 * membership (1 inside a disc, 0 elsewhere; the caller smooths it).
 */
export function discRamp(
  inside: Uint8Array,
  thickness: Float32Array,
  w: number,
  h: number,
  options: Partial<DiscOptions> = {},
): { ramp: Float32Array; weight: Float32Array; discs: Disc[] } {
  const discs = findDiscs(inside, thickness, w, h, options);
  const ramp = new Float32Array(w * h);
  const weight = new Float32Array(w * h);
  for (const e of discs) {
    const cot = Math.sqrt(Math.max(0, e.a * e.a - e.b * e.b)) / e.b;
    for (let y = 0; y < h; y++) {
      for (let x = 0; x < w; x++) {
        const i = y * w + x;
        if (!inside[i] || rho(e, x + 0.5, y + 0.5) > 1) continue;
        weight[i] = 1;
        ramp[i] = (y + 0.5 - e.cy) * cot;
      }
    }
  }
  return { ramp, weight, discs };
}
