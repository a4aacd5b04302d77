import { describe, expect, it } from 'vitest';
import { findDiscs } from '../../src/geometry/discs.ts';
import { distanceToBoundary } from '../../src/geometry/distance.ts';
import { inflateHeights } from '../../src/geometry/inflate.ts';
import { localThickness } from '../../src/geometry/thickness.ts';

const W = 160;

function thickness(inside: Uint8Array) {
  return localThickness(distanceToBoundary(inside, W, W), inside, W, W).radius;
}

/** Ellipse with semi-axes a (rotated by `deg` from level) and b, plus optional legs hanging from it. */
function ellipse(a: number, b: number, deg = 0, legs = false) {
  const inside = new Uint8Array(W * W);
  const c = Math.cos((deg * Math.PI) / 180);
  const s = Math.sin((deg * Math.PI) / 180);
  for (let y = 0; y < W; y++) {
    for (let x = 0; x < W; x++) {
      const dx = x + 0.5 - 80;
      const dy = y + 0.5 - 60;
      const u = dx * c + dy * s;
      const v = -dx * s + dy * c;
      if ((u / a) ** 2 + (v / b) ** 2 <= 1) inside[y * W + x] = 1;
      if (legs && y > 60 && y < 150 && [40, 80, 120].some((lx) => Math.abs(x + 0.5 - lx) < 3))
        inside[y * W + x] = 1;
    }
  }
  return inside;
}

describe('findDiscs', () => {
  it('reads a level elongated ellipse (even with legs under it) as a disc with its axes', () => {
    for (const legs of [false, true]) {
      const inside = ellipse(60, 25, 0, legs);
      const found = findDiscs(inside, thickness(inside), W, W);
      expect(found).toHaveLength(1);
      expect(found[0].a).toBeGreaterThan(55);
      expect(found[0].a).toBeLessThan(65);
      expect(found[0].b).toBeGreaterThan(22);
      expect(found[0].b).toBeLessThan(28);
    }
  });

  it('leaves round, tilted and non-elliptical parts alone', () => {
    const round = ellipse(40, 38);
    const tilted = ellipse(60, 25, 30);
    // A level rounded box (a loaf, a lying body): elongated and level, but its outline is not an ellipse.
    const loaf = new Uint8Array(W * W);
    for (let y = 35; y < 85; y++) for (let x = 20; x < 140; x++) loaf[y * W + x] = 1;
    for (const inside of [round, tilted, loaf])
      expect(findDiscs(inside, thickness(inside), W, W)).toHaveLength(0);
  });
});

describe('inflateHeights with a disc', () => {
  it('leans the disc: its lower rim nearer the camera than its upper rim by about 2·b·cot φ', () => {
    const inside = ellipse(60, 25);
    const { offset } = inflateHeights(inside, W, W);
    const at = (x: number, y: number) => offset[y * (W + 1) + x];
    // sin φ = b/a, so the depth between the rims is 2·√(a² − b²) ≈ 109 cells (minus the smoothing).
    const lean = at(80, 80) - at(80, 40);
    expect(lean).toBeGreaterThan(60);
    expect(lean).toBeLessThan(115);
    // A round part (one inscribed disc covers its middle) gets no lean.
    const round = ellipse(40, 38);
    const r = inflateHeights(round, W, W).offset;
    expect(Math.abs(r[80 * (W + 1) + 80] - r[40 * (W + 1) + 80])).toBeLessThan(1);
  });
});
