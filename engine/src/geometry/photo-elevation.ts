/**
 * How far above the subject the camera of one photo was (its elevation), from the silhouette, so the
 * model is sheared and levelled by the photo's own angle instead of always the 15° prior.
 *
 * Cues (only round, level things tell the angle; everything else keeps the prior):
 * - base: the foot of a thing standing on a round base (a vase, a mug, a bottle, a figure's plinth) is
 *   a level disc seen from above, so the bottom of the silhouette is the near half of an ellipse with
 *   semi-axes a (level) and b = a·sin φ, above which the walls rise.
 * - top: the far half of a round top (a mug's rim, a jar's lid) likewise, upside down.
 * φ is the angle the ray to that disc makes with it: the camera's elevation plus the ray's angle below
 * the optical axis (a base low in a close photo is seen more from above than the camera's elevation),
 * which is taken off for an assumed focal length. Cues that disagree leave the prior.
 *
 * notes (tuning set: the 12 ground-truth and 8 "unseen" shapes of bench/support, perspective 35 mm,
 * yaw 30°; estimates alone over 0/8/16/24/30°, the models over 4/16/28°: bench/single-elevation.bench.ts):
 * - a cap is accepted only with straight walls under it for 0.45·a rows: domes, heads, balls and a
 *   smooth blob are ellipses too, but their b/a is their shape, not the view (walls over 0.25·a: the
 *   blob at 8° read 37°); the ellipse's rows must stay centred within 0.04·a (a yawed box's V-shaped
 *   bottom, a mug's handle); at least 12 cells wide (a leg's round end, 8 cells, read 20° at 0°).
 * - the ellipse's extreme is fitted inside its end row (5 offsets) and b in quarter cells: with whole
 *   rows a can seen from 5° (b = 3.5 cells) fitted nothing.
 * - steepest (decided after the final set's one run below, so that set no longer judges it): estimates
 *   steeper than the prior keep the prior. On the final set the estimate helped at 3–12° (thermos 3°
 *   0.0226 → 0.0184, amphora 3° 0.0186 → 0.0141 upright Chamfer) and hurt at 20–27° (amphora 27° 0.0184
 *   → 0.0240, thermos 27° 0.0223 → 0.0269; 8-view sheets: diamond-shaped side views), because the lift's
 *   shear, by each part's centre, steps tall parts in depth at steep angles. Until the lift follows a
 *   steep view, only the shallow side of the prior is read.
 * - perspective: a base low in a 35 mm photo is seen ~10° steeper than the camera's elevation; taking
 *   off the ray's angle for an assumed 30 mm brought the bases of hydrant, bottle, mushroom, plant from
 *   22–25° to 27–32° at a true 30°. A top above the axis may be seen from below (its near rim bounds the
 *   silhouette then): both readings are kept and only a base decides between them (the mug at 8° read
 *   29° from above, 10° from below). A top alone never decides (below).
 * - whole discs (discs.ts: seats, table tops) are not a cue: a slab's thickness adds to its b (the
 *   stool at a true 4° read 38°).
 * - estimates: mean |error| over the 100 renders 8.0° against the prior's 9.4°; a cue decided 20 of
 *   them (mushroom, bottle, hydrant, plant, one mug), all within 4.6° of the truth but the mug at 8°
 *   (read 0.6°) and the hydrant at 8° (2.4°); everything else kept the prior.
 * - laying the caps flat (capRamp): upright Chamfer of the estimated models, without → with: bottle
 *   16° 0.0223 → 0.0186, 28° 0.0318 → 0.0276, hydrant 28° 0.0271 → 0.0253, plant 16° 0.0237 → 0.0223
 *   (the prior's: 0.0206, 0.0213, 0.0258, 0.0231). The bottle at 28° stays worse than with the prior:
 *   the steeper shear makes its parts step in depth (side views), which the levelled frame shows.
 *   Shearing by each point's own row instead of its part's centre (upright cylinders lean with their
 *   rows) did not fix it: bottle 28° 0.0275, and the mushroom's dome tipped (28°: 0.0345 → 0.0507).
 */

export interface PhotoElevationOptions {
  /** Off: always the prior (the engine before this estimator; multi-view conversions have their own). */
  enabled: boolean;
  /** Degrees assumed when the photo cannot tell. */
  prior: number;
  /** Assumed 35 mm equivalent focal length (phones: 24–28; a zoom: 50+), for the ray-angle correction. */
  focal35: number;
  /** Caps narrower than this (cells, half-width) are too coarse to read an angle from. */
  minHalfWidth: number;
  /** b/a above this is a round end (a ball, a head, a leg), not a level disc seen obliquely. */
  maxRatio: number;
  /** Accepted RMS misfit of the ellipse's half-widths: cells plus a share of the half-width. */
  fitCells: number;
  fitShare: number;
  /** The ellipse's row centres may wander this share of its half-width (level and symmetric). */
  centreShare: number;
  /** Wall rows checked under a cap: at least this many, or this share of its half-width. */
  wallRows: number;
  wallShare: number;
  /** The walls may widen or narrow this many cells per row, and stay this close to a line. */
  wallSlope: number;
  wallFitCells: number;
  /** Cues further apart than this (degrees): the photo is read two ways, keep the prior. */
  maxSpread: number;
  /** Lay the accepted caps' ends flat (capRamp) so the model ends on its floor and under its rim. */
  flattenCaps: boolean;
  /** Plausible elevations (degrees): readings beyond `max` are dropped, estimates kept inside. */
  min: number;
  max: number;
  /**
   * The steepest estimate used (degrees); a steeper one keeps the prior. The lift shears each part by
   * its centre, and beyond the prior's angle tall parts step in depth (notes: final set, 20–27°).
   */
  steepest: number;
}

export const PHOTO_ELEVATION_DEFAULTS: PhotoElevationOptions = {
  enabled: true,
  prior: 15,
  focal35: 30,
  minHalfWidth: 12,
  maxRatio: Math.sin((50 * Math.PI) / 180),
  fitCells: 0.6,
  fitShare: 0.03,
  centreShare: 0.04,
  wallRows: 3,
  wallShare: 0.45,
  wallSlope: 0.2,
  wallFitCells: 0.75,
  maxSpread: 10,
  flattenCaps: true,
  min: 0,
  max: 40,
  steepest: 15,
};

type ElevationCueKind = 'base' | 'top';

export interface ElevationCue {
  kind: ElevationCueKind;
  /** Camera elevation this cue reads (degrees), after the ray-angle correction. */
  degrees: number;
  /**
   * The other reading, when the disc may be seen from below (a top above the camera's axis): its near
   * rim then bounds the silhouette the way its far rim would from above. Such a cue only picks between
   * its readings by agreeing with an unambiguous one.
   */
  alternative?: number;
  /** Half-width (cells) of its ellipse: the weight of the cue. */
  halfWidth: number;
  /** A cap's ellipse (cells: centre column and row, semi-axes): where its cells lie flat (capRamp). */
  ellipse?: { cx: number; cy: number; a: number; b: number };
}

export interface ElevationReport {
  /** What decided: the prior, or the cues that agreed (joined with '+'). */
  source: 'prior' | 'estimated';
  /** The elevation used, degrees. */
  degrees: number;
  prior: number;
  cues: ElevationCue[];
}

/** Where the grid sits in the photo (pixels), for the ray angle of each cue. */
export interface GridFrame {
  cell: number;
  y0: number;
  imageWidth: number;
  imageHeight: number;
}

interface Cap {
  /** Half-axes (cells), the ellipse centre's row (cells, from the top) and column. */
  a: number;
  b: number;
  row: number;
  cx: number;
}

/**
 * The run of inside cells in `row` around column `x` (or the nearest run overlapping [lo, hi]).
 * Returns [first, last + 1] or undefined.
 */
function runAround(inside: Uint8Array, w: number, row: number, lo: number, hi: number, x: number) {
  const at = (c: number) => inside[row * w + c] !== 0;
  let start = -1;
  if (at(x)) start = x;
  else {
    for (let d = 1; d <= Math.max(x - lo, hi - x); d++) {
      if (x - d >= lo && at(x - d)) {
        start = x - d;
        break;
      }
      if (x + d <= hi && at(x + d)) {
        start = x + d;
        break;
      }
    }
  }
  if (start < 0) return undefined;
  let l = start;
  let r = start;
  while (l > 0 && at(l - 1)) l--;
  while (r < w - 1 && at(r + 1)) r++;
  return [l, r + 1] as const;
}

const OFFSETS = [0.1, 0.3, 0.5, 0.7, 0.9];

/** A least-squares line through the `n` half-widths from row `from`: the walls under a cap. */
function wallLine(half: number[], from: number, n: number) {
  let sk = 0;
  let sh = 0;
  let skk = 0;
  let skh = 0;
  for (let k = 0; k < n; k++) {
    sk += k;
    sh += half[from + k];
    skk += k * k;
    skh += k * half[from + k];
  }
  const slope = (n * skh - sk * sh) / Math.max(1e-9, n * skk - sk * sk);
  const icept = (sh - slope * sk) / n;
  let misfit = 0;
  for (let k = 0; k < n; k++) misfit = Math.max(misfit, Math.abs(half[from + k] - icept - slope * k));
  /** The line at row `row` counted from the end (not from `from`). */
  const at = (row: number) => icept + slope * (row - from);
  return { slope, misfit, at };
}

/**
 * A level half-ellipse at one end of the silhouette with walls beyond it. `down` = the bottom end
 * (rows counted upward from the lowest), else the top end.
 */
function capAt(
  inside: Uint8Array,
  w: number,
  h: number,
  down: boolean,
  opts: PhotoElevationOptions,
): Cap | undefined {
  let end = -1;
  for (let k = 0; k < h && end < 0; k++) {
    const y = down ? h - 1 - k : k;
    for (let x = 0; x < w; x++) if (inside[y * w + x]) end = y;
  }
  if (end < 0) return undefined;
  // The end row's longest run: where the cap starts.
  let best: readonly [number, number] | undefined;
  for (let x = 0; x < w; x++) {
    const run = inside[end * w + x] ? runAround(inside, w, end, x, x, x) : undefined;
    if (run && (!best || run[1] - run[0] > best[1] - best[0])) best = run;
    if (run) x = run[1];
  }
  if (!best) return undefined;
  const half: number[] = [];
  const centre: number[] = [];
  let lo = best[0];
  let hi = best[1];
  let x = Math.floor((lo + hi) / 2);
  const rows = Math.min(h, 4 * Math.max(8, hi - lo));
  for (let k = 0; k < rows; k++) {
    const y = down ? end - k : end + k;
    if (y < 0 || y >= h) break;
    const run = runAround(inside, w, y, lo, hi - 1, x);
    if (!run) break;
    [lo, hi] = run;
    half.push((hi - lo) / 2);
    centre.push((hi + lo) / 2);
    x = Math.min(hi - 1, Math.max(lo, Math.round(centre[0])));
  }
  let found: (Cap & { misfit: number }) | undefined;
  // Candidate cap heights b (quarter cells) and where in the end row the ellipse's extreme lies: o is
  // its distance from that row's centre, so row k's centre is k + o from the extreme. Rows nearer the
  // extreme than b are the cap; the walls follow.
  // No cap is taller than maxRatio of the widest half-width: the candidates stop there.
  let widest = 0;
  for (const v of half) widest = Math.max(widest, v);
  const tallest = Math.min(half.length, opts.maxRatio * widest + 1);
  for (let j = 1; j <= 4 * tallest; j++) {
    const b = j / 4;
    for (const o of OFFSETS) {
      const capRows = Math.max(0, Math.ceil(b - o));
      const a0 = half[capRows];
      if (a0 === undefined || a0 < opts.minHalfWidth || b / a0 > opts.maxRatio) continue;
      const walls = Math.max(opts.wallRows, Math.round(opts.wallShare * a0));
      if (capRows + walls > half.length) continue;
      const line = wallLine(half, capRows, walls);
      if (Math.abs(line.slope) > opts.wallSlope || line.misfit > opts.wallFitCells) continue;
      // The ellipse's widest row is where the walls start: a is the walls' line there.
      const a = line.at(b - o);
      let misfit = 0;
      let drift = 0;
      for (let k = 0; k < capRows + walls; k++) {
        const d = k + o;
        if (d < b) misfit += (half[k] - a * Math.sqrt(Math.max(0, 1 - (1 - d / b) ** 2))) ** 2;
        drift = Math.max(drift, Math.abs(centre[k] - centre[capRows]));
      }
      misfit = Math.sqrt(misfit / Math.max(1, capRows));
      if (misfit > opts.fitCells + opts.fitShare * a || drift > opts.centreShare * a + 0.5) continue;
      if (!found || misfit < found.misfit) {
        const row = down ? end + 0.5 + o - b : end + 0.5 - o + b;
        found = { a, b, row, cx: centre[capRows], misfit };
      }
    }
  }
  return found && { a: found.a, b: found.b, row: found.row, cx: found.cx };
}

/** Degrees below the optical axis of a row (cells) of the grid, for an assumed focal length. */
function rayBelowAxis(row: number, frame: GridFrame, focal35: number): number {
  const focalPx = (focal35 * Math.hypot(frame.imageWidth, frame.imageHeight)) / Math.hypot(36, 24);
  const py = frame.y0 + row * frame.cell;
  return (Math.atan((py - frame.imageHeight / 2) / focalPx) * 180) / Math.PI;
}

/**
 * The camera elevations a level ellipse of ratio b/a at `row` may imply (degrees): seen from above at
 * φ = asin(b/a), or from below (−φ); the ray's own angle below the axis taken off. A reading below
 * `min` is not possible (the camera is not under the floor) and is dropped.
 */
function readings(ratio: number, row: number, frame: GridFrame, opts: PhotoElevationOptions) {
  const phi = (Math.asin(Math.min(1, ratio)) * 180) / Math.PI;
  const ray = rayBelowAxis(row, frame, opts.focal35);
  const above = phi - ray;
  const below = -phi - ray;
  return below >= opts.min ? { degrees: above, alternative: below } : { degrees: above };
}

/** The silhouette's own cues (base and top caps): cheap, before any inflation. */
export function capCues(
  inside: Uint8Array,
  w: number,
  h: number,
  frame: GridFrame,
  options: Partial<PhotoElevationOptions> = {},
): ElevationCue[] {
  const opts = { ...PHOTO_ELEVATION_DEFAULTS, ...options };
  if (!opts.enabled) return [];
  const cues: ElevationCue[] = [];
  for (const down of [true, false]) {
    const cap = capAt(inside, w, h, down, opts);
    if (!cap) continue;
    cues.push({
      kind: down ? 'base' : 'top',
      halfWidth: cap.a,
      ellipse: { cx: cap.cx, cy: cap.row, a: cap.a, b: cap.b },
      ...readings(cap.b / cap.a, cap.row, frame, opts),
    });
  }
  return cues;
}

/** The elevation the cues agree on (weighted by size), or the prior when there are none or they disagree. */
export function decideElevation(
  cues: ElevationCue[],
  options: Partial<PhotoElevationOptions> = {},
): ElevationReport {
  const opts = { ...PHOTO_ELEVATION_DEFAULTS, ...options };
  const prior: ElevationReport = { source: 'prior', degrees: opts.prior, prior: opts.prior, cues };
  // A reading outside the plausible range is a round end, not a disc seen from that angle.
  const plausible = cues.filter((c) => c.degrees <= opts.max || (c.alternative ?? Infinity) <= opts.max);
  const sure = plausible.filter((c) => c.alternative === undefined);
  // A top alone does not decide: rims, lids and necks are thin and far from the middle of the photo,
  // where the assumed lens matters most (an orthographic mug read 39° at a true 20° from its top).
  if (!opts.enabled || !sure.some((c) => c.kind === 'base')) return prior;
  let sum = 0;
  let weight = 0;
  for (const c of sure) {
    sum += c.degrees * c.halfWidth;
    weight += c.halfWidth;
  }
  const mean = sum / weight;
  let lo = Infinity;
  let hi = -Infinity;
  for (const c of plausible) {
    // An ambiguous cue reads the way nearer the sure ones.
    const alt = c.alternative;
    const d = alt !== undefined && Math.abs(alt - mean) < Math.abs(c.degrees - mean) ? alt : c.degrees;
    lo = Math.min(lo, d);
    hi = Math.max(hi, d);
    if (c.alternative !== undefined) {
      sum += d * c.halfWidth;
      weight += c.halfWidth;
    }
  }
  if (hi - lo > opts.maxSpread) return prior;
  const degrees = Math.min(opts.max, Math.max(opts.min, sum / weight));
  if (degrees > opts.steepest) return prior;
  return { source: 'estimated', degrees: Math.round(degrees * 10) / 10, prior: opts.prior, cues };
}

/**
 * Per-cell depth ramp (cells, towards the camera) that lays the end half of each accepted cap flat, as
 * discs.ts does for whole discs: a cell (y − cy) rows past the ellipse's centre lies (y − cy)·cot φ
 * nearer (a base's near rim) or further (a top's far rim), so the levelled model ends on its floor and
 * under its rim instead of running b·tan(elevation) past them in a rounded lens.
 */
export function capRamp(
  report: ElevationReport,
  inside: Uint8Array,
  w: number,
  h: number,
  options: Partial<PhotoElevationOptions> = {},
): Float32Array | undefined {
  const opts = { ...PHOTO_ELEVATION_DEFAULTS, ...options };
  if (report.source !== 'estimated' || !opts.flattenCaps) return undefined;
  let ramp: Float32Array | undefined;
  for (const c of report.cues) {
    const e = c.ellipse;
    // Only caps read one way and within reason: a top seen from below shows its near rim instead.
    if (!e || c.alternative !== undefined || c.degrees > opts.max) continue;
    ramp ??= new Float32Array(w * h);
    const cot = Math.sqrt(Math.max(0, e.a * e.a - e.b * e.b)) / Math.max(e.b, 1e-6);
    const y0 = c.kind === 'base' ? Math.floor(e.cy) : 0;
    const y1 = c.kind === 'base' ? h : Math.ceil(e.cy);
    for (let y = y0; y < y1; y++) {
      const dy = y + 0.5 - e.cy;
      if (c.kind === 'base' ? dy <= 0 : dy >= 0) continue;
      for (let x = Math.max(0, Math.floor(e.cx - e.a - 1)); x < Math.min(w, e.cx + e.a + 1); x++) {
        const i = y * w + x;
        if (inside[i] && ((x + 0.5 - e.cx) / e.a) ** 2 + (dy / Math.max(e.b, 1e-6)) ** 2 <= 1.05)
          ramp[i] = dy * cot;
      }
    }
  }
  return ramp;
}
