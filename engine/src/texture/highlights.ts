/**
 * Highlights, found on the light map: cells far brighter (once delit) than the floor an opening of the
 * map leaves (a bright spot narrower than the window is gone from it), colourless and bright, on the
 * surface the light was fitted to. What a highlight stands on is the delit paint around it, carried in.
 */
import { dilate } from './dilate.ts';
import { opening } from './opening.ts';
import { luma } from './srgb.ts';

export interface HighlightOptions {
  /** A highlight: linear luminance this many times the surrounding delit colour's... */
  highlightRatio: number;
  /** Light-map cells an opening spans each way: highlights narrower than twice this are found. */
  highlightRadius: number;
  /** ...and at least this bright (linear, 0..1)... */
  highlightMinLuma: number;
  /** ...and at most this saturated ((max − min) / max of rgb). */
  highlightMaxSaturation: number;
}

export interface HighlightMap {
  /** 1 on light-map cells taken for a highlight. */
  spot: Uint8Array;
  /** Delit linear rgb per cell, the paint around a highlight carried into it. */
  paint: Float32Array;
  /** Delit luminance of the surroundings per cell (the opening). */
  floor: Float32Array;
}

/** Whether delit linear rgb is a highlight over a surrounding luminance `floor`. */
export function isHighlight(r: number, g: number, b: number, floor: number, opts: HighlightOptions): boolean {
  const Y = luma(r, g, b);
  const max = Math.max(r, g, b);
  return (
    Y >= opts.highlightMinLuma &&
    Y > opts.highlightRatio * floor &&
    max > 0 &&
    (max - Math.min(r, g, b)) / max <= opts.highlightMaxSaturation
  );
}

/** `cells`: linear rgb per light-map cell; `factor`: the light divided out there; `trusted`: 1 where fitted. */
export function findHighlights(
  cells: Float32Array,
  factor: Float32Array,
  trusted: Uint8Array,
  w: number,
  h: number,
  opts: HighlightOptions,
): HighlightMap {
  const delitLuma = new Float32Array(w * h);
  for (let i = 0; i < w * h; i++)
    delitLuma[i] = luma(cells[i * 3], cells[i * 3 + 1], cells[i * 3 + 2]) / factor[i];
  const floor = opening(delitLuma, w, h, opts.highlightRadius);
  const spot = new Uint8Array(w * h);
  const paint = new Float32Array(w * h * 3);
  const clean = new Uint8Array(w * h);
  for (let i = 0; i < w * h; i++) {
    const r = cells[i * 3] / factor[i];
    const g = cells[i * 3 + 1] / factor[i];
    const b = cells[i * 3 + 2] / factor[i];
    paint[i * 3] = r;
    paint[i * 3 + 1] = g;
    paint[i * 3 + 2] = b;
    spot[i] = trusted[i] && isHighlight(r, g, b, floor[i], opts) ? 1 : 0;
    clean[i] = spot[i] ? 0 : 1;
  }
  dilate(paint, clean, w, h, 3, 0);
  return { spot, paint, floor };
}
