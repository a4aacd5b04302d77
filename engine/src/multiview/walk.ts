/**
 * The walk as it was, not as it was asked for: each extra view's azimuth, its own elevation, its scale and
 * its image offset, found by making the silhouettes consistent. A phone walked around an object is off
 * its quarter turn by up to ±15°, held higher or lower (±10°), nearer or farther (×0.8–1.25); with the
 * nominal walk the hull then cuts off what the views disagree on, and a leg or a handle goes.
 *
 * Consistency: every silhouette pixel's ray (of every view, the front's included) must meet a point that
 * all the other views see, since every silhouette is the projection of one solid. The share of pixels
 * whose ray does is raised by coordinate descent over each view's five numbers, from coarse steps to fine.
 * The front defines the frame and stays as registered; its elevation (elevation.ts) stays the walk's
 * reference. Where the silhouettes cannot tell (a vase looks the same from every side, so its turn cannot
 * be read), no step gains and the nominal walk stays; a view whose best pose gains less than `minGain`
 * over the nominal one keeps the nominal pose altogether.
 *
 * The cameras are pinholes (camera.ts). A photo's focal length comes from EXIF when given; the photos
 * without one share the given ones' median, or, when none was given, one focal length searched with the
 * poses (near cameras make near parts look larger, which four silhouettes can only explain with the
 * right lens), pulled toward a phone's main camera where the silhouettes cannot tell.
 */
import { FOCAL_RANGE, inverseDistance } from './camera.ts';
import { depthReach } from './fuse.ts';
import { silhouetteBox } from './register.ts';
import { type RegisteredView, TURN } from './views.ts';
import { type Cam, inconsistency, type Sdf, samplePixels, signedDistance } from './walk-misfit.ts';
import { apply, type Base, type Pose } from './walk-pose.ts';

export interface WalkOptions {
  /** Largest departure from the nominal quarter turns, degrees. */
  maxTurn: number;
  /** Largest departure of a view's elevation from the front's, degrees. */
  maxElevation: number;
  /**
   * Largest departure of the front's own elevation from its first estimate (elevation.ts), degrees; 0
   * keeps that estimate. The walk turns around the vertical the front's elevation defines, so a wrong one
   * cannot be made up by the views' own heights.
   */
  maxFront: number;
  /** Largest scale factor either way (a view 1.3× nearer or farther). */
  maxScale: number;
  /** Largest image offset, as a share of the silhouette's height. */
  maxShift: number;
  /** Silhouette pixels tested per view. */
  rayPixels: number;
  /** Depth samples along each ray. */
  raySamples: number;
  /** Coarsest steps (degrees, degrees, scale share, share of the silhouette's height). */
  steps: [number, number, number, number];
  /** Step sizes tried, each half the one before. */
  levels: number;
  /**
   * Spacing of the scan of each view's turn over its whole range before the descent (degrees; 0: no
   * scan). From the nominal turn alone the descent stopped in local minima: a hand-held chair's side
   * views found 18° off, both turned the wrong way, and the hull became a pavilion.
   */
  scanStep: number;
  /** Most sweeps over the views at one step size. */
  sweeps: number;
  /** Largest miss one ray counts for (model units; the model is 1 tall). */
  cap: number;
  /**
   * Weight of the nominal walk: the misfit is raised by prior·Σ (departure / its limit)² over a view's
   * five numbers, so where the silhouettes cannot tell (at a low elevation four silhouettes fit nearly
   * any turn) the nominal walk wins the tie.
   */
  prior: number;
  /** Smallest relative drop of the misfit for a step to be taken. */
  epsilon: number;
  /** Smallest drop of the misfit (model units) a view's found pose must bring over its nominal one. */
  minGain: number;
  /**
   * The 35 mm equivalent focal length assumed where no photo gives one, and the search's starting point
   * and pull. 0: cameras that see in parallel, the single photo's own assumption; a phone's 26 mm start
   * made orthographic test renders (a box, a chair) come out distorted where the silhouettes could not
   * tell the lens.
   */
  focal35: number;
  /** Search the shared focal length when no photo gives one. */
  searchFocal: boolean;
  /** Coarsest step of the focal length's inverse (1/mm), halved with the others. */
  focalStep: number;
  /** Weight of the pull toward `focal35`: misfit added per (relative departure of its inverse)². */
  focalPrior: number;
  /**
   * Miss a ray may have before it counts in the result's `tolerant` misfit (model units; the model is 1
   * tall): about a voxel of the hull, and what 2° of turn moves a point 0.3 from the axis. Only the
   * acceptance of views reads it (accept.ts); the search itself scores the plain misfit.
   */
  tolerance: number;
  /**
   * Score each view's own miss, the walk with each view left out and the tolerant misfits (accept.ts
   * reads them). false: only the cameras and the misfit, which is all an elevation candidate's quick
   * walk is scored by (they were a third of its time).
   */
  report: boolean;
}

/** Each photo's 35 mm equivalent focal length where known (camera.ts). */
export type Lenses = Partial<Record<'front' | RegisteredView['name'], number>>;

export const WALK_DEFAULTS: WalkOptions = {
  maxTurn: 20,
  maxElevation: 15,
  maxFront: 12,
  maxScale: 1.35,
  maxShift: 0.1,
  rayPixels: 400,
  raySamples: 40,
  steps: [8, 6, 0.08, 0.04],
  levels: 5,
  scanStep: 5,
  sweeps: 2,
  cap: 0.05,
  prior: 2e-4,
  epsilon: 1e-3,
  minGain: 2e-4,
  focal35: 0,
  searchFocal: true,
  focalStep: 0.016,
  focalPrior: 2e-4,
  tolerance: 0.01,
  report: true,
};

export interface FoundCamera extends Pose {
  name: RegisteredView['name'];
  /** False when the silhouettes could not tell and the nominal walk was kept. */
  found: boolean;
  /**
   * Mean miss of this view's silhouette rays against the others' (model units; the model is 1 tall); NaN
   * where the walk was not asked to `report` it.
   */
  miss: number;
}

export interface WalkResult {
  cameras: FoundCamera[];
  /** The front's elevation (degrees) the cameras were found at. */
  elevation: number;
  /** Mean miss of the silhouette rays (model units) with the nominal walk and with the found one. */
  misfit: { nominal: number; found: number };
  /** The found walk's misfit with each camera left out (the others' rays against the others only). */
  without: number[];
  /** The found walk's misfit and `without`, each ray's miss less `tolerance` (accept.ts). */
  tolerant: { found: number; without: number[] };
  /** The focal length the views without their own were given (mm; undefined: seen in parallel). */
  focal35: number | undefined;
  /** True when that focal length was found from the silhouettes, not given or assumed. */
  focalFound: boolean;
}

/**
 * Finds each shaping view's pose (see the file comment), sets it on the views (rotation, toward, scale,
 * centre) and says what was found. `front` is the front camera as a view (identity rotation).
 */
export function findWalk(
  front: RegisteredView,
  views: RegisteredView[],
  elevationDeg: number,
  options: Partial<WalkOptions> = {},
  focals: Lenses = {},
): WalkResult {
  const opts = { ...WALK_DEFAULTS, ...options };
  // One lens for the photos whose focal length was not given: the given ones' median (the same phone),
  // else a phone's main camera, searched below when no photo said.
  const given = Object.values(focals).filter((f): f is number => f !== undefined);
  const searchFocal = !given.length && opts.searchFocal;
  const guess = given.length ? given.sort((a, b) => a - b)[Math.floor(given.length / 2)] : opts.focal35;
  let lens = guess > 0 ? 1 / guess : 0;
  const lensPrior = opts.focal35 > 0 ? 1 / opts.focal35 : 0;
  const focalOf = (k: number, v: RegisteredView) =>
    (k === 0 ? focals.front : focals[v.name]) ?? (lens > 0 ? 1 / lens : undefined);
  const camOf = (k: number, v: RegisteredView, sdf: Sdf): Cam => ({
    r: v.rotation,
    upp: v.unitsPerPixel,
    cx: v.centrePx[0],
    cy: v.centrePx[1],
    inv: inverseDistance(focalOf(k, v), v.image.width, v.image.height, v.unitsPerPixel),
    sdf,
  });
  const shaping = views.filter((v) => v.shapes);
  const bases: Base[] = shaping.map((v) => {
    const box = silhouetteBox(v.mask, v.image.width, v.image.height);
    return {
      view: v,
      upp: v.unitsPerPixel,
      centre: [v.centrePx[0], v.centrePx[1]],
      size: box ? box.y1 - box.y0 : v.image.height,
    };
  });
  // The front's elevation, searched with the poses.
  let up = elevationDeg;
  const nominal = (b: Base): Pose => ({
    turn: TURN[b.view.name],
    elevation: up,
    scale: 1,
    shift: [0, 0],
  });
  const poses = bases.map(nominal);
  for (const [i, b] of bases.entries()) apply(b, poses[i], up);
  const all = [front, ...shaping];
  /** Sets every view's inverse distance from its lens; the found focal length, if one was. */
  const finish = (): number | undefined => {
    all.forEach((v, k) => {
      v.invDistance = inverseDistance(focalOf(k, v), v.image.width, v.image.height, v.unitsPerPixel);
    });
    return lens > 0 ? Math.round(1 / lens) : undefined;
  };
  if (!shaping.length)
    return {
      cameras: [],
      elevation: up,
      misfit: { nominal: 0, found: 0 },
      without: [],
      tolerant: { found: 0, without: [] },
      focal35: finish(),
      focalFound: false,
    };

  const pixels = all.map((v) => samplePixels(v.mask, v.image.width, v.image.height, opts.rayPixels));
  const reach = depthReach(shaping);
  const sdfs = all.map((v) => signedDistance(v.mask, v.image.width, v.image.height));
  const departure = () => {
    let sum = 0;
    bases.forEach((b, i) => {
      const p = poses[i];
      const lim = opts.maxShift * b.size;
      sum +=
        ((p.turn - TURN[b.view.name]) / opts.maxTurn) ** 2 +
        ((p.elevation - up) / opts.maxElevation) ** 2 +
        (Math.log(p.scale) / Math.log(opts.maxScale)) ** 2 +
        (p.shift[0] / lim) ** 2 +
        (p.shift[1] / lim) ** 2;
    });
    if (opts.maxFront > 0) sum += ((up - elevationDeg) / opts.maxFront) ** 2;
    // The lens's departure in units of a phone's main camera (1/26 mm⁻¹).
    return opts.prior * sum + (searchFocal ? opts.focalPrior * ((lens - lensPrior) * 26) ** 2 : 0);
  };
  const misfit = (only?: number, skip?: number, bound?: number, tolerance = 0) => {
    const keep = all.map((_, i) => i).filter((i) => i !== skip);
    return inconsistency(
      keep.map((i) => camOf(i, all[i], sdfs[i])),
      keep.map((i) => pixels[i]),
      reach,
      opts.raySamples,
      opts.cap,
      only === undefined ? undefined : keep.indexOf(only),
      bound,
      tolerance,
    );
  };
  /** The misfit plus the pull to the nominal walk; Infinity once it cannot beat `below`. */
  const score = (below = Infinity) => {
    const d = departure();
    return misfit(undefined, undefined, below - d) + d;
  };
  const start = misfit();
  let best = start;

  const clamp = (i: number, p: Pose): Pose => {
    const n = nominal(bases[i]);
    const lim = opts.maxShift * bases[i].size;
    return {
      turn: Math.max(n.turn - opts.maxTurn, Math.min(n.turn + opts.maxTurn, p.turn)),
      elevation: Math.max(
        n.elevation - opts.maxElevation,
        Math.min(n.elevation + opts.maxElevation, p.elevation),
      ),
      scale: Math.max(1 / opts.maxScale, Math.min(opts.maxScale, p.scale)),
      shift: [Math.max(-lim, Math.min(lim, p.shift[0])), Math.max(-lim, Math.min(lim, p.shift[1]))],
    };
  };
  const moves = (p: Pose, level: number, size: number): Pose[] => {
    const f = 2 ** -level;
    const [dt, de, ds, dp] = opts.steps.map((s) => s * f);
    const px = dp * size;
    return [
      { ...p, turn: p.turn + dt },
      { ...p, turn: p.turn - dt },
      { ...p, elevation: p.elevation + de },
      { ...p, elevation: p.elevation - de },
      { ...p, scale: p.scale * (1 + ds) },
      { ...p, scale: p.scale / (1 + ds) },
      { ...p, shift: [p.shift[0] + px, p.shift[1]] },
      { ...p, shift: [p.shift[0] - px, p.shift[1]] },
      { ...p, shift: [p.shift[0], p.shift[1] + px] },
      { ...p, shift: [p.shift[0], p.shift[1] - px] },
    ];
  };
  /**
   * The front's elevation one step either way, alone and with every view's height along (the whole walk
   * tilted: an even walk's views share the front's height); true when a step was taken.
   */
  const tilt = (level: number): boolean => {
    const step = opts.steps[1] * 2 ** -level;
    const before = { up, poses: poses.slice() };
    let bestMove: { up: number; poses: Pose[] } | undefined;
    for (const sign of [1, -1])
      for (const all of [false, true]) {
        const next = Math.max(
          elevationDeg - opts.maxFront,
          Math.min(elevationDeg + opts.maxFront, before.up + sign * step),
        );
        if (next === before.up) continue;
        up = next;
        const d = next - before.up;
        bases.forEach((b, i) => {
          poses[i] = all
            ? clamp(i, { ...before.poses[i], elevation: before.poses[i].elevation + d })
            : before.poses[i];
          apply(b, poses[i], up);
        });
        const sc = score(best * (1 - opts.epsilon));
        if (sc < best * (1 - opts.epsilon)) {
          best = sc;
          bestMove = { up, poses: poses.slice() };
        }
      }
    const chosen = bestMove ?? before;
    up = chosen.up;
    bases.forEach((b, i) => {
      poses[i] = chosen.poses[i];
      apply(b, poses[i], up);
    });
    return bestMove !== undefined;
  };
  /**
   * Each view's turn tried over its whole range, the view's other numbers as found so far; taken only
   * where the score drops (run after the coarsest steps, when heights, scales and offsets roughly fit:
   * scanned from the nominal walk, a turn's gain was judged with them still off, and on the tuning walks
   * the found cameras then fitted worse).
   */
  const scanTurns = () => {
    for (let i = 0; i < bases.length; i++) {
      const n = TURN[bases[i].view.name];
      const before = poses[i];
      let bestPose = before;
      for (let t = n - opts.maxTurn; t <= n + opts.maxTurn + 1e-9; t += opts.scanStep) {
        if (Math.abs(t - before.turn) < opts.scanStep / 2) continue;
        poses[i] = clamp(i, { ...before, turn: t });
        apply(bases[i], poses[i], up);
        const s = score(best * (1 - opts.epsilon));
        if (s < best * (1 - opts.epsilon)) {
          best = s;
          bestPose = poses[i];
        }
      }
      poses[i] = bestPose;
      apply(bases[i], poses[i], up);
    }
  };
  for (let level = 0; level < opts.levels; level++) {
    for (let sweep = 0; sweep < opts.sweeps; sweep++) {
      let moved = false;
      for (let i = 0; i < bases.length; i++) {
        const before = poses[i];
        let bestPose = before;
        for (const m of moves(before, level, bases[i].size)) {
          poses[i] = clamp(i, m);
          apply(bases[i], poses[i], up);
          const s = score(best * (1 - opts.epsilon));
          if (s < best * (1 - opts.epsilon)) {
            best = s;
            bestPose = poses[i];
          }
        }
        if (bestPose !== before) moved = true;
        poses[i] = bestPose;
        apply(bases[i], poses[i], up);
      }
      if (opts.maxFront > 0 && tilt(level)) moved = true;
      if (searchFocal) {
        // The shared lens, in steps of its inverse (0: seen in parallel).
        const before = lens;
        let bestLens = lens;
        const step = opts.focalStep * 2 ** -level;
        for (const next of [before + step, before - step]) {
          lens = Math.max(0, Math.min(1 / FOCAL_RANGE[0], next));
          if (lens === before) continue;
          const sc = score(best * (1 - opts.epsilon));
          if (sc < best * (1 - opts.epsilon)) {
            best = sc;
            bestLens = lens;
          }
        }
        lens = bestLens;
        if (lens !== before) moved = true;
      }
      if (!moved) break;
    }
    if (opts.scanStep > 0 && level < 2) scanTurns();
  }

  // A view whose found pose explains its silhouette no better than the nominal one keeps the nominal
  // one: the silhouettes could not tell, and the walk as asked for is then the better guess.
  const fitted = misfit();
  const found = bases.map((b, i) => {
    apply(b, nominal(b), up);
    // Only whether the nominal pose is worse by `minGain` matters: the misfit stops once it is (Infinity).
    const without = misfit(undefined, undefined, fitted + opts.minGain);
    apply(b, poses[i], up);
    return without - fitted >= opts.minGain;
  });
  bases.forEach((b, i) => {
    if (!found[i]) poses[i] = nominal(b);
    apply(b, poses[i], up);
  });
  // Every view kept its found pose: the cameras are the ones just scored.
  const final = found.every((f) => f) ? fitted : misfit();
  const round = (x: number, d: number) => Math.round(x * 10 ** d) / 10 ** d;
  const report = opts.report;
  return {
    cameras: bases.map((b, i) => ({
      name: b.view.name,
      turn: round(poses[i].turn, 1),
      elevation: round(poses[i].elevation, 1),
      scale: round(poses[i].scale, 3),
      shift: [round(poses[i].shift[0], 1), round(poses[i].shift[1], 1)],
      found: found[i],
      miss: report ? round(misfit(i + 1), 5) : Number.NaN,
    })),
    elevation: round(up, 1),
    misfit: { nominal: round(start, 5), found: round(final, 5) },
    without: report ? bases.map((_, i) => round(misfit(undefined, i + 1), 5)) : [],
    tolerant: report
      ? {
          found: round(misfit(undefined, undefined, undefined, opts.tolerance), 6),
          without: bases.map((_, i) => round(misfit(undefined, i + 1, undefined, opts.tolerance), 6)),
        }
      : { found: Number.NaN, without: [] },
    focal35: finish(),
    focalFound: searchFocal && lens !== lensPrior,
  };
}

/** The focal length of the photos without one when the walk is not searched: the given median, or the walk's default. */
export function lensFor(lenses: Lenses, walk: WalkOptions | undefined): number | undefined {
  const given = Object.values(lenses)
    .filter((f): f is number => f !== undefined)
    .sort((a, b) => a - b);
  if (given.length) return given[Math.floor(given.length / 2)];
  const f = walk?.focal35 ?? 0;
  return f > 0 ? f : undefined;
}
