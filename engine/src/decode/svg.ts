/**
 * SVG → RGBA with resvg. SVG can point outside itself (files, URLs) and carry scripts; we refuse
 * such documents outright rather than trying to clean them, so nothing outside the upload is ever read.
 */
import { Resvg } from '@resvg/resvg-js';
import { EngineError } from '../errors.ts';
import type { RgbaImage } from '../types.ts';

export interface SvgOptions {
  /** Longest side of the rasterised image in pixels. */
  size: number;
  maxPixels: number;
}

export const SVG_DEFAULTS: SvgOptions = { size: 1024, maxPixels: 40_000_000 };

const UNSAFE: { pattern: RegExp; what: string }[] = [
  { pattern: /<script[\s>]/i, what: 'a script' },
  { pattern: /\son[a-z]+\s*=/i, what: 'event-handler scripts' },
  { pattern: /<foreignObject[\s>]/i, what: 'embedded HTML' },
  { pattern: /<!ENTITY/i, what: 'XML entities' },
  { pattern: /javascript:/i, what: 'a script link' },
];

/** Any href / xlink:href / url() that is not an in-document fragment or an inline data: URI. */
const EXTERNAL_REF =
  /(?:href\s*=\s*["']\s*(?!#|data:)[^"']+["'])|(?:url\(\s*["']?\s*(?!#|data:)[^)]+\))|@import/i;

export function rasteriseSvg(bytes: Uint8Array, options: Partial<SvgOptions> = {}): RgbaImage {
  const opts = { ...SVG_DEFAULTS, ...options };
  const text = new TextDecoder('utf-8').decode(bytes);
  for (const { pattern, what } of UNSAFE) {
    if (pattern.test(text)) {
      throw new EngineError(
        'unsafe_svg',
        `decode: this SVG contains ${what}, which Lift3D never runs. Save it as a plain SVG without scripts, or as a PNG, and upload it again.`,
      );
    }
  }
  if (EXTERNAL_REF.test(text)) {
    throw new EngineError(
      'unsafe_svg',
      'decode: this SVG refers to external files or web addresses, which Lift3D never follows. Embed the images in the SVG, or export it as a PNG, and upload it again.',
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
    resvg = new Resvg(Buffer.from(bytes), {
      fitTo: { mode: 'height', value: opts.size },
      font: { loadSystemFonts: false },
    });
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
