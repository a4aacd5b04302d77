/**
 * SVG → RGBA with resvg. SVG can point outside itself (files, URLs) and carry scripts; we refuse
 * such documents outright rather than trying to clean them, so nothing outside the upload is ever read,
 * and documents whose filters or `<use>` fan-out would keep resvg busy for minutes.
 */

import { checkSvg, type SvgLimits } from '@lift3d/common/input-checks/svg.ts';
import { Resvg } from '@resvg/resvg-js';
import { EngineError } from '../errors.ts';
import type { RgbaImage } from '../types.ts';

export interface SvgOptions {
  /** Longest side of the rasterised image in pixels. */
  size: number;
  maxPixels: number;
  /** Cost caps checked before rasterising (filters, octaves, `<use>` fan-out); see input-checks/svg.ts. */
  limits?: Partial<SvgLimits>;
}

const SVG_DEFAULTS: SvgOptions = { size: 1024, maxPixels: 40_000_000 };

export function rasteriseSvg(bytes: Uint8Array, options: Partial<SvgOptions> = {}): RgbaImage {
  const opts = { ...SVG_DEFAULTS, ...options };
  const text = new TextDecoder('utf-8').decode(bytes);
  // Unsafe or too costly for resvg, which has no time budget of its own (the api refuses the same before
  // the charge; this is the line of defence for the CLI and for uploads that predate the api's check).
  const problem = checkSvg(text, { ...opts.limits, rasterSize: opts.size, maxPixels: opts.maxPixels });
  if (problem) {
    throw new EngineError(
      problem.code,
      `decode: ${problem.message[0].toLowerCase()}${problem.message.slice(1)}`,
    );
  }
  let resvg: Resvg;
  try {
    resvg = new Resvg(Buffer.from(bytes), {
      fitTo: { mode: 'width', value: opts.size },
      font: { loadSystemFonts: false },
    });
  } catch (cause) {
    throw new EngineError(
      'corrupt_image',
      'decode: this SVG could not be read. Check that it opens in a browser, or upload a PNG instead.',
      { cause },
    );
  }
  // Fit the longest side to `size`, preserving aspect.
  const { width, height } = resvg;
  if (!(width > 0 && height > 0)) {
    throw new EngineError(
      'corrupt_image',
      'decode: this SVG has no size. Give the <svg> a width and height or a viewBox, or upload a PNG.',
    );
  }
  if (height > width) {
    try {
      resvg = new Resvg(Buffer.from(bytes), {
        fitTo: { mode: 'height', value: opts.size },
        font: { loadSystemFonts: false },
      });
    } catch (cause) {
      throw new EngineError(
        'input_too_large',
        'decode: this SVG is too long and thin to rasterise. Give it a more usual shape, or upload a PNG.',
        { cause },
      );
    }
  }
  if (resvg.width * resvg.height > opts.maxPixels) {
    throw new EngineError(
      'input_too_large',
      'decode: this SVG is too large to rasterise. Upload a smaller image.',
    );
  }
  const rendered = resvg.render();
  return { width: rendered.width, height: rendered.height, data: new Uint8Array(rendered.pixels) };
}
