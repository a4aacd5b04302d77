/** RGBA → PNG bytes (the texture every format embeds or ships beside the model). */
import sharp from 'sharp';
import type { RgbaImage } from '../types.ts';

export async function encodePng(image: RgbaImage): Promise<Uint8Array> {
  // The texture is fully opaque: RGB keeps files a quarter smaller.
  const buf = await sharp(image.data, { raw: { width: image.width, height: image.height, channels: 4 } })
    .removeAlpha()
    .png({ compressionLevel: 6, adaptiveFiltering: false })
    .toBuffer();
  return new Uint8Array(buf.buffer, buf.byteOffset, buf.length);
}
