/** What a multi-view conversion reports in `stats.views`. */
import type { FlatResult } from './flat.ts';
import type { ViewName } from './views.ts';
import type { FoundCamera } from './walk-options.ts';

export interface ViewReport {
  name: ViewName;
  /** 'shape' = shaped and coloured the model, 'colour' = coloured it only, 'unused' = ignored. */
  use: 'shape' | 'colour' | 'unused';
  width: number;
  height: number;
  isolation: 'alpha' | 'segmentation' | 'none';
}

export interface MultiViewStats {
  views: ViewReport[];
  /** One line per view that did not match the front, meant for the user. */
  warnings: string[];
  /**
   * Estimated camera elevation (degrees, looking down; the walk's search refines it) and the silhouette
   * rays' mean miss at the elevation's first estimate (model units; elevation.ts).
   */
  elevation: number;
  coverage: number;
  /**
   * Each shaping view's camera as found from the silhouettes (walk.ts): turn and elevation in degrees,
   * scale against the registered one, image offset in pixels; `found: false` where the silhouettes could
   * not tell and the nominal walk was kept.
   */
  cameras: FoundCamera[];
  /**
   * The 35 mm equivalent focal length of the photos that gave none (mm; undefined: cameras seen as
   * parallel) and where it came from: 'exif' (some photo gave one), 'found' from the silhouettes,
   * 'assumed' (a phone's main camera: the silhouettes could not tell), 'parallel'.
   */
  focal35?: number;
  focalSource: 'exif' | 'found' | 'assumed' | 'parallel';
  /** Mean miss of the silhouette rays (model units) with the nominal walk and with the found cameras. */
  misfit?: { nominal: number; found: number };
  /**
   * 'hull': the voxel hull of all shaping views replaced the front's solid (a side view shaped it);
   * 'front': the front's own solid, coloured by the other views (no side view shaped it);
   * 'columns': the front's solid fitted to the views column by column (on request only).
   */
  method: 'hull' | 'front' | 'columns';
  /** Share of solid columns the hull carved ('columns'), or of hull voxels the rounding removed ('hull'). */
  carved: number;
  /** Ghost parts (legs seen through each other, ending above the floor) removed from the hull (ghosts.ts). */
  ghosts: number;
  /**
   * The flat-object test when it ran (flat.ts): whether the hull was cut to the plane found, the plane's
   * angle, and the voxels in its slab, kept beside it and cleared.
   */
  flat?: FlatResult;
  /** Share of solid columns given the hull's depth because their height is flat-faced (facets.ts). */
  faceted: number;
  /** Texels coloured from the photos. */
  painted: number;
  /** Milliseconds of each multi-view step (inside the pipeline's stages). */
  ms: { register: number; elevation: number; walk: number; fuse: number; paint: number };
}
