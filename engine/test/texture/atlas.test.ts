import { describe, expect, it } from 'vitest';
import { maskBounds } from '../../src/geometry/grid.ts';
import { buildAtlas } from '../../src/texture/atlas.ts';
import type { RgbaImage } from '../../src/types.ts';

/** A photo of a soft-edged blob on noise, its pixels at `offset` bytes into their buffer. */
function photo(width: number, height: number, offset: number): { image: RgbaImage; mask: Float32Array } {
  let s = 5;
  const rnd = () => {
    s = (s * 1103515245 + 12345) % 2147483648;
    return s / 2147483648;
  };
  const data = new Uint8Array(new ArrayBuffer(width * height * 4 + offset), offset, width * height * 4);
  for (let i = 0; i < data.length; i++) data[i] = Math.floor(rnd() * 256);
  const mask = new Float32Array(width * height);
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++) {
      const d = Math.hypot((x - width / 2) / (0.3 * width), (y - height / 2) / (0.4 * height));
      mask[y * width + x] = Math.max(0, Math.min(1, (1.1 - d) * 4));
    }
  return { image: { width, height, data }, mask };
}

describe('buildAtlas', () => {
  it('writes the same texture through 32-bit words as byte by byte (photo larger and smaller than the half)', async () => {
    for (const [w, h] of [
      [300, 420],
      [90, 70],
    ]) {
      const aligned = photo(w, h, 0);
      const odd = photo(w, h, 1);
      const bounds = maskBounds(aligned.mask, w, h);
      if (!bounds) throw new Error('no subject');
      const a = await buildAtlas(aligned.image, aligned.mask, bounds, { size: 256 });
      const b = await buildAtlas(odd.image, odd.mask, bounds, { size: 256 });
      expect(Buffer.from(a.texture.data).equals(Buffer.from(b.texture.data))).toBe(true);
      // Opaque everywhere, and the front half is not left empty.
      for (let i = 3; i < a.texture.data.length; i += 4)
        if (a.texture.data[i] !== 255) throw new Error('alpha');
      expect(a.texture.data.some((v, i) => i % 4 !== 3 && v > 0)).toBe(true);
    }
  });
});
