/**
 * The camera search's options and what it finds (walk.ts): its step sizes and limits, the lenses the
 * photos were taken with, and the cameras and misfits it reports.
 */
import type { RegisteredView } from './views.ts';
import type { Pose } from './walk-pose.ts';

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
