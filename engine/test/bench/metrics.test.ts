import { describe, expect, it } from 'vitest';
import { normaliseUnitDiagonal, rng, sampleSurface, score } from '../../bench/support/metrics.ts';

describe('benchmark metrics', () => {
  const square = { positions: [0, 0, 0, 1, 0, 0, 1, 1, 0, 0, 1, 0], indices: [0, 1, 2, 0, 2, 3] };

  it('samples uniformly on the surface', () => {
    const p = sampleSurface(square.positions, square.indices, 10_000, rng(1));
    expect(p.length).toBe(30_000);
    let left = 0;
    for (let i = 0; i < p.length; i += 3) if (p[i] < 0.5) left++;
    expect(left / 10_000).toBeGreaterThan(0.47);
    expect(left / 10_000).toBeLessThan(0.53);
  });

  it('identical sets score CD ≈ 0 and F = 1; an offset set scores the offset', () => {
    const a = normaliseUnitDiagonal(sampleSurface(square.positions, square.indices, 5000, rng(2)));
    const b = normaliseUnitDiagonal(sampleSurface(square.positions, square.indices, 5000, rng(3)));
    const same = score(a, b);
    expect(same.chamfer).toBeLessThan(0.01);
    expect(same.fscore).toBe(1);
    const shifted = b.map((v, i) => (i % 3 === 2 ? v + 0.1 : v));
    const off = score(a, shifted);
    expect(off.chamfer).toBeGreaterThan(0.095);
    expect(off.chamfer).toBeLessThan(0.11);
    expect(off.fscore).toBe(0);
  });
});
