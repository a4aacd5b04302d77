/**
 * The back's texture: a feature-free continuation of the subject's rim colours. The front's eyes and its
 * specular highlight must not show through, and the back must meet the photo at the silhouette.
 */
import { readFileSync } from 'node:fs';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { backColours } from '../../src/texture/back.ts';
import type { RgbaImage } from '../../src/types.ts';
import { listPhotos } from '../support/photos.ts';

/** A skin-coloured head with two dark eyes, dark glasses' bridge and a white highlight. */
function face(size = 256): { image: RgbaImage; mask: Float32Array } {
  const data = new Uint8Array(size * size * 4);
  const mask = new Float32Array(size * size);
  for (let y = 0; y < size; y++) {
    for (let x = 0; x < size; x++) {
      const i = y * size + x;
      if (Math.hypot(x - 128, y - 128) > 100) continue;
      mask[i] = 1;
      let c = [205, 160, 130];
      if (Math.hypot(x - 95, y - 110) < 16 || Math.hypot(x - 161, y - 110) < 16) c = [25, 20, 20];
      if (Math.abs(y - 110) < 3 && x > 95 && x < 161) c = [25, 20, 20];
      if (Math.hypot(x - 150, y - 70) < 10) c = [255, 255, 252];
      data.set([...c, 255], i * 4);
    }
  }
  return { image: { width: size, height: size, data }, mask };
}

const at = (rgb: Float32Array, w: number, x: number, y: number) =>
  [0, 1, 2].map((k) => rgb[(y * w + x) * 3 + k]);
const lum = (c: number[]) => 0.2126 * c[0] + 0.7152 * c[1] + 0.0722 * c[2];

/** Mean |Laplacian| of luminance over mask pixels at least `inset` from the silhouette (detail energy). */
function detail(
  rgb: (x: number, y: number) => number[],
  mask: Float32Array,
  w: number,
  h: number,
  inset: number,
) {
  let sum = 0;
  let n = 0;
  for (let y = inset; y < h - inset; y++) {
    for (let x = inset; x < w - inset; x++) {
      let inner = true;
      for (let d = -inset; d <= inset && inner; d += inset)
        for (let e = -inset; e <= inset && inner; e += inset) inner = mask[(y + d) * w + x + e] >= 0.9;
      if (!inner) continue;
      const l =
        4 * lum(rgb(x, y)) -
        lum(rgb(x - 1, y)) -
        lum(rgb(x + 1, y)) -
        lum(rgb(x, y - 1)) -
        lum(rgb(x, y + 1));
      sum += Math.abs(l);
      n++;
    }
  }
  return sum / Math.max(1, n);
}

describe('texture: the back', () => {
  it('shows neither the eyes nor the highlight, and meets the photo at the silhouette', () => {
    const { image, mask } = face();
    const back = backColours(image, mask);
    const skin = lum([205, 160, 130]);
    for (const [x, y] of [
      [95, 110],
      [161, 110],
      [128, 110],
      [150, 70],
    ]) {
      expect(Math.abs(lum(at(back, 256, x, y)) - skin), `at ${x},${y}`).toBeLessThan(12);
    }
    // The silhouette's own pixels keep the photo's colour: no seam where front and back meet.
    for (const [x, y] of [
      [128, 29],
      [29, 128],
      [227, 128],
      [128, 227],
    ]) {
      const b = at(back, 256, x, y);
      expect(
        Math.abs(b[0] - 205) + Math.abs(b[1] - 160) + Math.abs(b[2] - 130),
        `rim ${x},${y}`,
      ).toBeLessThan(24);
    }
  });

  const photo = listPhotos().find((p) => p.endsWith('character1.png'));
  it.skipIf(!photo)('on a real photo the back keeps the palette but almost none of the detail', async () => {
    const { data, info } = await sharp(readFileSync(photo!))
      .ensureAlpha()
      .resize(384, 384, { fit: 'inside' })
      .raw()
      .toBuffer({ resolveWithObject: true });
    const image: RgbaImage = { width: info.width, height: info.height, data: new Uint8Array(data) };
    const mask = new Float32Array(info.width * info.height);
    for (let i = 0; i < mask.length; i++) mask[i] = data[i * 4 + 3] / 255;
    const back = backColours(image, mask);
    const w = info.width;
    const front = detail((x, y) => [0, 1, 2].map((k) => data[(y * w + x) * 4 + k]), mask, w, info.height, 6);
    const rear = detail((x, y) => at(back, w, x, y), mask, w, info.height, 6);
    expect(front).toBeGreaterThan(2);
    expect(rear).toBeLessThan(front * 0.1);
    // Palette: the back's mean colour inside the subject is within the photo's range, not darkened.
    let fl = 0;
    let bl = 0;
    let n = 0;
    for (let i = 0; i < mask.length; i++) {
      if (mask[i] < 0.9) continue;
      fl += lum([data[i * 4], data[i * 4 + 1], data[i * 4 + 2]]);
      bl += lum([back[i * 3], back[i * 3 + 1], back[i * 3 + 2]]);
      n++;
    }
    expect(Math.abs(bl / n - fl / n)).toBeLessThan(40);
  });
});
