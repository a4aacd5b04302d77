/** The texture's PNG: opaque RGB, and one encode per image however many formats embed it. */
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { encodePng } from '../../src/export/png.ts';
import type { RgbaImage } from '../../src/types.ts';

function image(side: number, seed: number): RgbaImage {
  const data = new Uint8Array(side * side * 4);
  for (let i = 0; i < data.length; i++) data[i] = (i * seed) % 256;
  for (let i = 3; i < data.length; i += 4) data[i] = 255;
  return { width: side, height: side, data };
}

describe('encodePng', () => {
  it('writes the pixels as an RGB PNG', async () => {
    const source = image(16, 7);
    const { data, info } = await sharp(await encodePng(source))
      .raw()
      .toBuffer({ resolveWithObject: true });
    expect(info.channels).toBe(3);
    expect([...data.subarray(0, 6)]).toEqual([...source.data.subarray(0, 3), ...source.data.subarray(4, 7)]);
  });

  it('encodes an image once for every format that embeds it, and each image on its own', async () => {
    const a = image(32, 3);
    const b = image(32, 5);
    const first = encodePng(a);
    expect(encodePng(a)).toBe(first);
    expect(await encodePng(b)).not.toEqual(await first);
  });
});
