/**
 * The photo as a generation service accepts it: decoded with the engine's limits (so a bad upload fails
 * with the engine's message before any service is paid), at most `maxSide` pixels on its longer side,
 * as PNG (every service takes PNG; not all take WebP, GIF, TIFF or SVG).
 */
import sharp from 'sharp';
import { type DecodeOptions, decodeImage } from '../decode/decode.ts';

export interface ProviderImageOptions {
  maxSide: number;
  decode: Partial<DecodeOptions>;
}

export const PROVIDER_IMAGE_DEFAULTS: ProviderImageOptions = { maxSide: 2048, decode: {} };

export async function imageForProvider(
  bytes: Uint8Array,
  options: Partial<ProviderImageOptions> = {},
): Promise<Uint8Array> {
  const opts = { ...PROVIDER_IMAGE_DEFAULTS, ...options };
  const image = await decodeImage(bytes, opts.decode);
  const png = await sharp(Buffer.from(image.data.buffer, image.data.byteOffset, image.data.byteLength), {
    raw: { width: image.width, height: image.height, channels: 4 },
  })
    .resize(opts.maxSide, opts.maxSide, { fit: 'inside', withoutEnlargement: true })
    .png()
    .toBuffer();
  return new Uint8Array(png);
}
