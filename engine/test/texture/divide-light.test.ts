/**
 * The division pass over the full texture: each texel divided by the light in linear light, the same
 * whether the texture's bytes are read as 32-bit words (aligned) or byte by byte (a buffer at an odd offset).
 */
import { describe, expect, it } from 'vitest';
import { divideLight } from '../../src/texture/divide-light.ts';
import type { HighlightMap } from '../../src/texture/highlights.ts';

const HIGHLIGHTS = {
  highlightRatio: 2,
  highlightRadius: 6,
  highlightMinLuma: 0.6,
  highlightMaxSaturation: 0.25,
};
const toLinear = (v: number) => (v / 255 <= 0.04045 ? v / 255 / 12.92 : ((v / 255 + 0.055) / 1.055) ** 2.4);
const toSrgb = (c: number) => 255 * (c <= 0.0031308 ? c * 12.92 : 1.055 * c ** (1 / 2.4) - 0.055);

function scene() {
  const W = 64;
  const H = 48;
  const d = 4;
  const w = W / d;
  const h = H / d;
  const texture = new Uint8Array(W * H * 4);
  for (let i = 0; i < W * H; i++) {
    texture[i * 4] = (i * 37) % 256;
    texture[i * 4 + 1] = (i * 11) % 200;
    texture[i * 4 + 2] = (i * 5) % 150;
    texture[i * 4 + 3] = i % 3 === 0 ? 255 : 128;
  }
  // A light from the left: dark cells get divided by less than 1 (brightened), lit ones by more.
  const factor = new Float32Array(w * h);
  for (let y = 0; y < h; y++) for (let x = 0; x < w; x++) factor[y * w + x] = 0.5 + (1.5 * x) / (w - 1);
  const none: HighlightMap = {
    spot: new Uint8Array(w * h),
    paint: new Float32Array(w * h * 3),
    floor: new Float32Array(w * h),
  };
  const trusted = new Uint8Array(w * h).fill(1);
  return { W, H, d, w, h, texture, factor, none, trusted };
}

describe('divideLight', () => {
  it('divides every texel by the light in linear light and keeps alpha', () => {
    const s = scene();
    const r = divideLight(s.texture, s.W, s.H, s.factor, s.w, s.h, s.d, s.trusted, s.none, 2.5, HIGHLIGHTS);
    expect(r.trustedTexels).toBe(s.W * s.H);
    expect(r.highlights).toBe(0);
    let worst = 0;
    for (let y = 0; y < s.H; y++)
      for (let x = 0; x < s.W; x++) {
        // The factor map read bilinearly at the texel's centre.
        const sx = Math.min(Math.max((x + 0.5) / s.d - 0.5, 0), s.w - 1);
        const f = 0.5 + (1.5 * sx) / (s.w - 1);
        const o = (y * s.W + x) * 4;
        for (let k = 0; k < 3; k++) {
          const want = Math.min(255, toSrgb(toLinear(s.texture[o + k]) / f));
          worst = Math.max(worst, Math.abs(r.data[o + k] - want));
        }
        expect(r.data[o + 3]).toBe(s.texture[o + 3]);
      }
    // The factor is quantised to 0.2 % and the result rounded: within 1.5 levels of 255.
    expect(worst).toBeLessThanOrEqual(1.5);
  });

  it('gives the same bytes for a texture at an offset that is not a whole word', () => {
    const s = scene();
    const aligned = divideLight(
      s.texture,
      s.W,
      s.H,
      s.factor,
      s.w,
      s.h,
      s.d,
      s.trusted,
      s.none,
      2.5,
      HIGHLIGHTS,
    );
    const buffer = new Uint8Array(s.texture.length + 1);
    buffer.set(s.texture, 1);
    const odd = buffer.subarray(1);
    const r = divideLight(odd, s.W, s.H, s.factor, s.w, s.h, s.d, s.trusted, s.none, 2.5, HIGHLIGHTS);
    expect(Buffer.from(r.data).equals(Buffer.from(aligned.data))).toBe(true);
    expect(Buffer.from(r.data).equals(Buffer.from(s.texture))).toBe(false);
  });
});
