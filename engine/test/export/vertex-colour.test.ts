import { describe, expect, it } from 'vitest';
import { vertexColours } from '../../src/export/vertex-colour.ts';
import type { TexturedModel } from '../../src/types.ts';

describe('vertexColours', () => {
  it('reads each target at the nearest model vertex (as a search over every vertex does), inside and outside the grid', () => {
    let s = 11;
    const rnd = () => {
      s = (s * 1103515245 + 12345) % 2147483648;
      return s / 2147483648;
    };
    const n = 600;
    const reference = new Float32Array(n * 3).map(() => rnd() * 40 - 10);
    const uvs = new Float32Array(n * 2).map(() => rnd());
    const size = 64;
    const data = new Uint8Array(size * size * 4).map(() => Math.floor(rnd() * 256));
    const model = {
      mesh: { positions: reference, uvs, indices: new Uint32Array(0) },
      texture: { width: size, height: size, data },
    } satisfies TexturedModel;
    // Targets near the points and far outside their box (the shell search then starts off the grid).
    const targets = new Float32Array(300 * 3).map((_, i) => (i < 450 ? rnd() * 40 - 10 : rnd() * 48 - 14));
    const frame = { cutMm: 1.5, scale: 1.25 };
    const colours = vertexColours(model, reference, targets, frame);
    for (let v = 0; v < 300; v++) {
      const x = targets[v * 3] / frame.scale;
      const y = targets[v * 3 + 1] / frame.scale;
      const z = targets[v * 3 + 2] / frame.scale + frame.cutMm;
      let best = 0;
      let bestD = Infinity;
      for (let r = 0; r < n; r++) {
        const d =
          (reference[r * 3] - x) ** 2 + (reference[r * 3 + 1] - y) ** 2 + (reference[r * 3 + 2] - z) ** 2;
        if (d < bestD) [best, bestD] = [r, d];
      }
      const px = Math.min(size - 1, Math.max(0, Math.round(uvs[best * 2] * (size - 1))));
      const py = Math.min(size - 1, Math.max(0, Math.round(uvs[best * 2 + 1] * (size - 1))));
      const o = (py * size + px) * 4;
      expect([...colours.subarray(v * 3, v * 3 + 3)]).toEqual([data[o], data[o + 1], data[o + 2]]);
    }
  });
});
