/**
 * Test images made by code: a shaded "figure" (round body, thin arm, a real hole) on a transparent
 * background, and the same composited onto an opaque backdrop.
 */
import sharp from 'sharp';
import type { RgbaImage } from '../../src/types.ts';

export function figure(size = 512): RgbaImage {
  const data = new Uint8Array(size * size * 4);
  const s = size / 512;
  for (let y = 0; y < size; y++) {
    for (let x = 0; x < size; x++) {
      const X = x / s;
      const Y = y / s;
      const body = Math.hypot(X - 230, Y - 300) < 130;
      const head = Math.hypot(X - 230, Y - 130) < 70;
      const arm = X > 330 && X < 470 && Y > 250 && Y < 268;
      const ringD = Math.hypot(X - 230, Y - 320);
      const hole = ringD < 35;
      const inside = (body || head || arm) && !hole;
      if (!inside) continue;
      const o = (y * size + x) * 4;
      const shade = 0.6 + 0.4 * Math.max(0, 1 - Math.hypot(X - 200, Y - 250) / 250);
      data[o] = (head ? 230 : 60) * shade;
      data[o + 1] = (head ? 180 : 120) * shade;
      data[o + 2] = (arm ? 40 : 200) * shade;
      data[o + 3] = 255;
    }
  }
  return { width: size, height: size, data };
}

export async function png(image: RgbaImage): Promise<Uint8Array> {
  return new Uint8Array(
    await sharp(image.data, { raw: { width: image.width, height: image.height, channels: 4 } })
      .png()
      .toBuffer(),
  );
}

/** Composites an RGBA image over an opaque background (alpha removed): what a camera photo looks like. */
export async function onBackground(
  bytes: Uint8Array,
  background: 'plain' | 'gradient' = 'plain',
  format: 'png' | 'jpeg' = 'jpeg',
): Promise<Uint8Array> {
  const meta = await sharp(bytes).metadata();
  const w = meta.width!;
  const h = meta.height!;
  const bg = new Uint8Array(w * h * 3);
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      const o = (y * w + x) * 3;
      if (background === 'plain') bg.set([236, 236, 232], o);
      else bg.set([180 + (60 * x) / w, 200 - (50 * y) / h, 220], o);
    }
  }
  const img = sharp(bg, { raw: { width: w, height: h, channels: 3 } }).composite([
    { input: Buffer.from(bytes) },
  ]);
  const out = format === 'jpeg' ? await img.jpeg({ quality: 92 }).toBuffer() : await img.png().toBuffer();
  return new Uint8Array(out);
}
