/**
 * RGBA → PNG bytes (the texture every format embeds or ships beside the model).
 *
 * notes: one conversion exports the same images into up to five formats (GLB, glTF, OBJ, FBX, USDZ), and a
 * service's PBR output adds two maps to three of them; encoding a 2048² map takes about 0.3–0.6 s. Each image
 * is encoded once and its bytes reused (`bench:pbr-export`, the hosted path with 2048² maps: 0.73× the CPU
 * of encoding per format, paired runs). Images are read-only once a model is built: nothing after the conversion edits a texture in
 * place, so the image object is the key.
 */
import sharp from 'sharp';
import type { RgbaImage } from '../types.ts';

const encoded = new WeakMap<RgbaImage, Promise<Uint8Array>>();

export function encodePng(image: RgbaImage): Promise<Uint8Array> {
  let bytes = encoded.get(image);
  if (!bytes) {
    bytes = encode(image);
    encoded.set(image, bytes);
    // A failed encode is not kept: the next export tries again and reports its own error.
    bytes.catch(() => encoded.delete(image));
  }
  return bytes;
}

async function encode(image: RgbaImage): Promise<Uint8Array> {
  // The texture is fully opaque: RGB keeps files a quarter smaller.
  const buf = await sharp(image.data, { raw: { width: image.width, height: image.height, channels: 4 } })
    .removeAlpha()
    .png({ compressionLevel: 6, adaptiveFiltering: false })
    .toBuffer();
  return new Uint8Array(buf.buffer, buf.byteOffset, buf.length);
}
