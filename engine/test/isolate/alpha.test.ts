import { describe, expect, it } from 'vitest';
import { alphaStats, hasMeaningfulAlpha } from '../../src/isolate/alpha.ts';

const image = (alphas: number[]) => ({
  width: alphas.length,
  height: 1,
  data: Uint8Array.from(alphas.flatMap((a) => [10, 20, 30, a])),
});

describe('isolate: alpha as the mask', () => {
  it('answers the same from the image and from its alpha counts taken once', () => {
    const cut = image([0, 0, 255, 255, 200, 10]);
    const opaque = image([255, 255, 255, 255]);
    expect(alphaStats(cut)).toEqual({ transparentShare: 3 / 6, opaqueShare: 3 / 6 });
    for (const img of [cut, opaque])
      expect(hasMeaningfulAlpha(alphaStats(img))).toBe(hasMeaningfulAlpha(img));
    expect(hasMeaningfulAlpha(cut)).toBe(true);
    expect(hasMeaningfulAlpha(opaque)).toBe(false);
    expect(hasMeaningfulAlpha(alphaStats(cut), { minTransparentShare: 0.6 })).toBe(false);
  });
});
