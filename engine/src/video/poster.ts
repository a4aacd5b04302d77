/** Poster and thumbnail images from one supersampled still. */
import sharp from 'sharp';

export interface StillImages {
  poster: Uint8Array;
  thumbnail: Uint8Array;
  posterMime: 'image/webp' | 'image/png';
}

export async function encodeStills(
  rgba: Uint8Array,
  size: { width: number; height: number; sourceWidth: number; sourceHeight: number },
  options: { format: 'webp' | 'png'; thumbnailSize: number },
): Promise<StillImages> {
  const raw = { raw: { width: size.sourceWidth, height: size.sourceHeight, channels: 4 as const } };
  const scaled = sharp(rgba, raw).removeAlpha().resize(size.width, size.height, { kernel: 'lanczos3' });
  const poster =
    options.format === 'png'
      ? await scaled.clone().png({ compressionLevel: 8, adaptiveFiltering: true }).toBuffer()
      : await scaled.clone().webp({ quality: 90, smartSubsample: true }).toBuffer();
  const scale = Math.min(1, options.thumbnailSize / Math.max(size.width, size.height));
  const thumbnail = await sharp(rgba, raw)
    .removeAlpha()
    .resize(Math.max(1, Math.round(size.width * scale)), Math.max(1, Math.round(size.height * scale)), {
      kernel: 'lanczos3',
    })
    .webp({ quality: 82 })
    .toBuffer();
  return {
    poster: new Uint8Array(poster),
    thumbnail: new Uint8Array(thumbnail),
    posterMime: options.format === 'png' ? 'image/png' : 'image/webp',
  };
}
