/**
 * Bytes → sRGB RGBA pixels, with hard limits checked before any pixel is decoded.
 * Raster formats go through sharp (EXIF orientation applied, colour converted to sRGB, first GIF frame);
 * SVG through resvg (see svg.ts).
 */
import sharp, { type Metadata } from 'sharp';
import { EngineError } from '../errors.ts';
import type { RgbaImage } from '../types.ts';
import { type ImageFormat, sniffFormat } from './sniff.ts';
import { rasteriseSvg } from './svg.ts';

export interface DecodeOptions {
  maxBytes: number;
  maxPixels: number;
  /** Longest side SVGs are rasterised to. */
  svgSize: number;
}

export const DECODE_DEFAULTS: DecodeOptions = {
  maxBytes: 25 * 1024 * 1024,
  maxPixels: 40_000_000,
  svgSize: 1024,
};

export interface DecodedImage extends RgbaImage {
  format: ImageFormat;
}

function mb(n: number): string {
  return `${Math.round((n / 1024 / 1024) * 10) / 10} MB`;
}

export async function decodeImage(
  bytes: Uint8Array,
  options: Partial<DecodeOptions> = {},
): Promise<DecodedImage> {
  const opts = { ...DECODE_DEFAULTS, ...options };
  if (bytes.length === 0) {
    throw new EngineError(
      'corrupt_image',
      'decode: the file is empty. Choose an image file (PNG, JPEG, WebP, TIFF, GIF or SVG).',
    );
  }
  if (bytes.length > opts.maxBytes) {
    throw new EngineError(
      'input_too_large',
      `decode: the file is ${mb(bytes.length)}, larger than the ${mb(opts.maxBytes)} limit. Resize or compress the image and try again.`,
    );
  }
  const format = sniffFormat(bytes);
  if (!format) {
    throw new EngineError(
      'unsupported_format',
      'decode: this file is not a supported image. Upload a PNG, JPEG, WebP, TIFF, GIF or SVG.',
    );
  }
  if (format === 'svg') {
    return { ...rasteriseSvg(bytes, { size: opts.svgSize, maxPixels: opts.maxPixels }), format };
  }

  const tooLarge = (w: number, h: number) =>
    new EngineError(
      'input_too_large',
      `decode: the image is ${w}×${h} pixels, more than the ${Math.round(opts.maxPixels / 1e6)} megapixel limit. Resize it and try again.`,
    );
  // Header only: the pixel budget is checked before decoding anything.
  let meta: Metadata;
  try {
    meta = await sharp(bytes, { limitInputPixels: false }).metadata();
  } catch (cause) {
    throw new EngineError(
      'corrupt_image',
      `decode: the ${format.toUpperCase()} file is damaged and cannot be read. Re-export it and try again.`,
      { cause },
    );
  }
  const w = meta.width ?? 0;
  const h = meta.height ?? 0;
  if (w * h > opts.maxPixels) throw tooLarge(w, h);
  if (w === 0 || h === 0) {
    throw new EngineError(
      'corrupt_image',
      `decode: the ${format.toUpperCase()} file has no pixels. Re-export it and try again.`,
    );
  }

  try {
    const { data, info } = await sharp(bytes, { limitInputPixels: opts.maxPixels, failOn: 'error', pages: 1 })
      .rotate()
      .toColourspace('srgb')
      .ensureAlpha()
      .raw()
      .toBuffer({ resolveWithObject: true });
    if (info.channels !== 4) throw new Error(`unexpected channel count ${info.channels}`);
    return {
      width: info.width,
      height: info.height,
      data: new Uint8Array(data.buffer, data.byteOffset, data.length),
      format,
    };
  } catch (cause) {
    if (cause instanceof EngineError) throw cause;
    throw new EngineError(
      'corrupt_image',
      `decode: the ${format.toUpperCase()} file is damaged or truncated and cannot be read. Re-export it and try again.`,
      { cause },
    );
  }
}
