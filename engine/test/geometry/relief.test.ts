/**
 * Relief comes from shading, not from albedo: printed stripes do not become ridges, a highlight does not
 * become a bump, while real shading detail still does.
 */
import { readFileSync } from 'node:fs';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { liftSolid } from '../../src/geometry/lift.ts';
import type { RgbaImage } from '../../src/types.ts';
import { listPhotos } from '../support/photos.ts';

function maskOf(image: RgbaImage): Float32Array {
  const m = new Float32Array(image.width * image.height);
  for (let i = 0; i < m.length; i++) m[i] = image.data[i * 4 + 3] / 255;
  return m;
}

/** Largest |Δz| between two lifts of the same mask, as a share of the model's height (1). */
function maxDepthChange(a: Float32Array, b: Float32Array): number {
  expect(a.length).toBe(b.length);
  let m = 0;
  for (let i = 2; i < a.length; i += 3) m = Math.max(m, Math.abs(a[i] - b[i]));
  return m;
}

function lifts(image: RgbaImage) {
  const mask = maskOf(image);
  const withRelief = liftSolid(image, mask, { resolution: 160 });
  const flat = liftSolid(image, mask, { resolution: 160, relief: 0 });
  return { withRelief, flat };
}

/** A flat-shaded box face printed with bold stripes. */
function stripedBox(size = 320): RgbaImage {
  const data = new Uint8Array(size * size * 4);
  for (let y = 40; y < 280; y++) {
    for (let x = 60; x < 260; x++) {
      const dark = Math.floor(y / 20) % 2 === 0;
      data.set(dark ? [40, 50, 120, 255] : [235, 225, 200, 255], (y * size + x) * 4);
    }
  }
  return { width: size, height: size, data };
}

/** A glossy sphere: Lambertian shading plus a sharp Phong highlight. */
function glossySphere(size = 320): RgbaImage {
  const data = new Uint8Array(size * size * 4);
  const L = [-0.4, -0.5, 0.77];
  const ln = Math.hypot(...L);
  for (let y = 0; y < size; y++) {
    for (let x = 0; x < size; x++) {
      const nx = (x - 160) / 130;
      const ny = (y - 160) / 130;
      const r2 = nx * nx + ny * ny;
      if (r2 >= 1) continue;
      const nz = Math.sqrt(1 - r2);
      const d = Math.max(0, (nx * L[0] + ny * L[1] + nz * L[2]) / ln);
      // Reflection of the light about the normal, seen by a viewer on +z.
      const rz = 2 * d * nz - L[2] / ln;
      const spec = Math.max(0, rz) ** 60;
      const c = (k: number) => Math.min(255, k * (0.15 + 0.85 * d) + 255 * spec);
      data.set([c(190), c(40), c(40), 255], (y * size + x) * 4);
    }
  }
  return { width: size, height: size, data };
}

/** A sphere with the same shading but a bumpy surface: the relief must still see real shading detail. */
function dimpledSphere(size = 320): RgbaImage {
  const img = glossySphere(size);
  for (let y = 0; y < size; y++) {
    for (let x = 0; x < size; x++) {
      const o = (y * size + x) * 4;
      if (!img.data[o + 3]) continue;
      const k = 1 + 0.3 * Math.sin(x / 6) * Math.sin(y / 6);
      for (let c = 0; c < 3; c++) img.data[o + c] = Math.min(255, img.data[o + c] * k);
    }
  }
  return img;
}

describe('relief from shading', () => {
  it('a flat-shaded striped box stays flat', () => {
    const { withRelief, flat } = lifts(stripedBox());
    expect(maxDepthChange(withRelief.positions, flat.positions)).toBeLessThan(0.001);
  });

  it('a glossy sphere stays round: no bump at its highlight', () => {
    const { withRelief, flat } = lifts(glossySphere());
    expect(maxDepthChange(withRelief.positions, flat.positions)).toBeLessThan(0.001);
  });

  it('gentle shading ripples still give relief', () => {
    const { withRelief, flat } = lifts(dimpledSphere());
    expect(maxDepthChange(withRelief.positions, flat.positions)).toBeGreaterThan(0.0004);
  });

  const photo = listPhotos().find((p) => p.endsWith('otter_samurai.png'));
  it.skipIf(!photo)('stripes printed onto a real photo do not change its shape', async () => {
    const { data, info } = await sharp(readFileSync(photo!))
      .ensureAlpha()
      .resize(512, 512, { fit: 'inside' })
      .raw()
      .toBuffer({ resolveWithObject: true });
    const plain: RgbaImage = { width: info.width, height: info.height, data: new Uint8Array(data) };
    const striped: RgbaImage = { ...plain, data: plain.data.slice() };
    for (let y = 0; y < info.height; y++) {
      if (Math.floor(y / 12) % 2) continue;
      for (let x = 0; x < info.width; x++)
        for (let c = 0; c < 3; c++) striped.data[(y * info.width + x) * 4 + c] *= 0.45;
    }
    const mask = maskOf(plain);
    const a = liftSolid(plain, mask, { resolution: 160 });
    const b = liftSolid(striped, mask, { resolution: 160 });
    expect(maxDepthChange(a.positions, b.positions)).toBeLessThan(0.0015);
  });
});
