/**
 * Segmentation holes: a light part of the subject that the segmenter cut out (a white collar, a lens
 * highlight) is filled back in; a hole where the backdrop really shows through stays a hole.
 */
import { readFileSync } from 'node:fs';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { createEngine } from '../../src/index.ts';
import { repairHoles } from '../../src/isolate/holes.ts';
import type { RgbaImage } from '../../src/types.ts';
import { listPhotos } from '../support/photos.ts';
import { silhouetteIoU } from '../support/silhouette.ts';
import { onBackground, png } from '../support/synthetic.ts';

/**
 * A dark figure (body and head) on a light backdrop lit with a gradient, wearing a white collar and
 * glasses with a lens highlight, with a real hole under one arm where the backdrop shows. `cut` is what a
 * segmenter that misread the light parts returns: the figure without the collar, the highlight and the hole.
 */
function collarFigure(size = 240): { image: RgbaImage; cut: Float32Array; truth: Float32Array } {
  const data = new Uint8Array(size * size * 4);
  const cut = new Float32Array(size * size);
  const truth = new Float32Array(size * size);
  for (let y = 0; y < size; y++) {
    for (let x = 0; x < size; x++) {
      const i = y * size + x;
      const back = 228 + (16 * x) / size;
      let c = [back, back, back - 4];
      const body = ((x - 120) / 70) ** 2 + ((y - 160) / 70) ** 2 < 1;
      const head = Math.hypot(x - 120, y - 60) < 38;
      const neck = Math.abs(x - 120) < 18 && y > 80 && y < 100;
      const collar = neck && y > 88 && y < 98;
      const highlight = Math.hypot(x - 108, y - 55) < 5;
      const realHole = Math.hypot(x - 150, y - 165) < 12;
      const subject = (body || head || neck) && !realHole;
      if (subject) c = [55, 45, 70];
      if (collar) c = [255, 255, 255];
      if (highlight) c = [253, 253, 255];
      data.set([...c, 255], i * 4);
      truth[i] = subject ? 1 : 0;
      cut[i] = subject && !collar && !highlight ? 1 : 0;
    }
  }
  return { image: { width: size, height: size, data }, cut, truth };
}

describe('isolate: holes', () => {
  it('fills the white collar and the lens highlight, keeps the hole the backdrop shows through', () => {
    const { image, cut, truth } = collarFigure();
    const mask = cut.slice();
    expect(repairHoles(image, mask)).toEqual({ kept: 1, filled: 2 });
    let wrong = 0;
    for (let i = 0; i < mask.length; i++) if (mask[i] >= 0.5 !== truth[i] >= 0.5) wrong++;
    expect(wrong).toBe(0);
  });

  it('keeps the hole even when the whole image is a plain JPEG backdrop with noise', async () => {
    const { image, truth } = collarFigure();
    const jpeg = await sharp(image.data, { raw: { width: 240, height: 240, channels: 4 } })
      .jpeg({ quality: 80 })
      .toBuffer();
    const { data } = await sharp(jpeg).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
    const mask = truth.slice();
    expect(repairHoles({ width: 240, height: 240, data: new Uint8Array(data) }, mask)).toEqual({
      kept: 1,
      filled: 0,
    });
  });

  const photo = listPhotos().find((p) => p.endsWith('character1.png'));
  it.skipIf(!photo)('on a real photo: light parts cut out of the subject are filled back', async () => {
    const bytes = new Uint8Array(readFileSync(photo!));
    const { data: rgba, info } = await sharp(bytes).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
    const onBackdrop = await onBackground(bytes, 'plain', 'png');
    const { data } = await sharp(onBackdrop).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
    const w = info.width;
    const truth = new Float32Array(w * info.height);
    for (let i = 0; i < truth.length; i++) truth[i] = rgba[i * 4 + 3] / 255;
    // What a segmenter that reads light as background does: cut out the subject's lightest pixels
    // (enclosed ones only: those touching the outline just change the outline).
    const mask = truth.slice();
    let cutPixels = 0;
    for (let i = 0; i < mask.length; i++) {
      const l = 0.2126 * rgba[i * 4] + 0.7152 * rgba[i * 4 + 1] + 0.0722 * rgba[i * 4 + 2];
      if (truth[i] > 0.99 && l > 200) {
        mask[i] = 0;
        cutPixels++;
      }
    }
    expect(cutPixels).toBeGreaterThan(200);
    const report = repairHoles({ width: w, height: info.height, data: new Uint8Array(data) }, mask);
    expect(report.filled).toBeGreaterThan(0);
    let kept = 0;
    let subject = 0;
    let added = 0;
    for (let i = 0; i < mask.length; i++) {
      if (truth[i] > 0.99) subject++;
      if (truth[i] > 0.99 && mask[i] >= 0.5) kept++;
      if (truth[i] < 0.01 && mask[i] >= 0.5) added++;
    }
    // Most cut pixels come back (the rest touched the outline, which only moves the outline), and
    // nothing of the backdrop is added.
    expect(kept - (subject - cutPixels)).toBeGreaterThan(0.5 * cutPixels);
    expect(added).toBe(0);
  });

  it('end to end with the segmenter: the figure keeps its real hole on a backdrop', async () => {
    const engine = createEngine();
    try {
      const { image, truth } = collarFigure(320);
      const withAlpha: RgbaImage = { ...image, data: image.data.slice() };
      for (let i = 0; i < truth.length; i++) withAlpha.data[i * 4 + 3] = truth[i] ? 255 : 0;
      const photo = await onBackground(await png(withAlpha), 'plain', 'jpeg');
      const result = await engine.convert(photo, { topology: 'low' });
      expect(result.stats.isolation).toBe('segmentation');
      expect(silhouetteIoU(result, withAlpha)).toBeGreaterThan(0.9);
    } finally {
      await engine.close();
    }
  });
});
