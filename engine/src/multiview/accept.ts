/**
 * Whether the found cameras leave the silhouettes too far apart to be one object (then a view is left to
 * colour the model only, convert-views.ts). Two readings of the walk's misfit (walk.ts, walk-misfit.ts):
 *
 * - plain (`robust: false`, the rule before): the mean miss of the silhouette rays above `maxMisfit`.
 *   Hand-held walks of objects with thin parts (legs, hooks, antlers, a scooter's column) failed it with
 *   every photo right: a thin part's images a pixel or two apart under cameras a degree or two off make
 *   many small misses, and the view was dropped, so the model lost a side.
 * - robust (the default): each ray's miss less the walk's `tolerance` (about a voxel), so misses of the
 *   cameras' own size do not count, and then the views are judged against each other: a photo of another
 *   object is one view that disagrees with the rest, which agree; leaving it out takes most of the misfit
 *   away. Thin parts under slightly-off cameras spread the misfit over every view.
 *
 * Notes (measured choices; found cameras of hand-held, even and no-focal-length walks of the tuning walk
 * set and of the final sets 2, 3 and 5, 80 runs, each also with one photo swapped for another object's
 * photo at the same camera, 35 swaps that registration let through; misfits in model units, the model 1
 * tall):
 * - plain rule: 15 right walks failed (the coat stand, scooter and ladder chair of set 5, the deer at 60 mm,
 *   the dog at 28 mm hand-held, a cat's even walk), 5 swaps passed (a pot with a cat's side, a cat with a
 *   watering can's, two jugs with a dog's, a kettle with a chair's).
 * - tolerant misfit (0.01): right walks at most 0.0013 (the scooter, its back camera found 13° off), the
 *   deer 0.00036; swaps 0.0001–0.016. No threshold alone separates them.
 * - with the leave-one-out share: every swap at or above 0.0004 but three (a jug with a dog's side,
 *   share 0.50; two at 0.30 and 0.54, both above 0.002) has a view whose leaving out keeps at most 0.23
 *   of the tolerant misfit; right walks above 0.0004 keep 0.32–0.91 (a cat's even walk 0.32, the dog 0.34). So a view is odd when the tolerant
 *   misfit is above 0.0004 and leaving out some view keeps at most 0.25 of it, or the misfit is above
 *   0.002 outright (a coat stand with a scooter's side: share 0.54, misfit 0.0059). Rerun with the rule
 *   (before the two-view clause below): no right walk drops a view; 3 swaps pass (a pot with a cat's side
 *   0.0001, a trophy with a coat stand's side 0.00037, the jug with the dog's), the plain rule let 5.
 * - with two extra views (given so, or one left out) any view left out leaves two silhouettes, which fit:
 *   a dog's back and left photos, its right one a figure's and refused at registration, gave a share
 *   that left the back out too. There the plain rule must fail as well (never a view more left out than
 *   before).
 * - tolerance 0.005 / 0.015 / 0.02 separated no better (right walks up to 0.0020 / 0.0009 / 0.0007, the
 *   swaps from 0.0000).
 */
import type { WalkResult } from './walk-options.ts';

export interface AcceptOptions {
  /** Judge the tolerant misfit against the views left out (above); false: the plain mean rule. */
  robust: boolean;
  /** Plain rule: largest mean miss of the rays (walks of one object up to 0.0005, a ball among a desk's 0.002). */
  maxMisfit: number;
  /** Robust rule: the tolerant misfit at or below which every view is kept. */
  maxTolerant: number;
  /** Robust rule: above `maxTolerant`, a view is odd when leaving it out keeps at most this share of it. */
  oddShare: number;
  /** Robust rule: a tolerant misfit above this fails whatever leaving a view out keeps. */
  maxSpread: number;
}

const ACCEPT_DEFAULTS: AcceptOptions = {
  robust: true,
  maxMisfit: 0.0012,
  maxTolerant: 0.0004,
  oddShare: 0.25,
  maxSpread: 0.002,
};

/** True when the found walk's silhouettes do not fit one object: a view should colour only. */
export function misfitting(walk: WalkResult, options: Partial<AcceptOptions> = {}): boolean {
  const opts = { ...ACCEPT_DEFAULTS, ...options };
  if (!opts.robust) return walk.misfit.found > opts.maxMisfit;
  const { found, without } = walk.tolerant;
  if (found <= opts.maxTolerant) return false;
  if (found > opts.maxSpread) return true;
  // With the front and fewer than three views, leaving one out leaves two silhouettes, which nearly any
  // cameras fit: the share tells nothing there, and the plain rule must agree as well.
  if (without.length < 3) return walk.misfit.found > opts.maxMisfit;
  return Math.min(...without) <= opts.oddShare * found;
}
