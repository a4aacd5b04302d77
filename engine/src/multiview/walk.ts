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
import { type Lenses, WALK_DEFAULTS, type WalkOptions, type WalkResult } from './walk-options.ts';
import { apply, type Base, type Pose } from './walk-pose.ts';

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
