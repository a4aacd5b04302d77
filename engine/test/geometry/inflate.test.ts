import { describe, expect, it } from 'vitest';
import { distanceToBoundary } from '../../src/geometry/distance.ts';
import { inflateHeights } from '../../src/geometry/inflate.ts';
import { localThickness } from '../../src/geometry/thickness.ts';
import { cleanMask } from '../../src/isolate/clean-mask.ts';

function disc(w: number, h: number, cx: number, cy: number, r: number, into = new Uint8Array(w * h)) {
  for (let y = 0; y < h; y++)
    for (let x = 0; x < w; x++) if (Math.hypot(x + 0.5 - cx, y + 0.5 - cy) < r) into[y * w + x] = 1;
  return into;
}

describe('geometry: distance, thickness, inflation', () => {
  it('the distance transform is Euclidean (no chamfer-metric bias along diagonals)', () => {
    const w = 101;
    const inside = disc(w, w, 50.5, 50.5, 40);
    const d = distanceToBoundary(inside, w, w);
    // Along the axis and along the diagonal the distance from the centre to the rim is the same.
    expect(Math.abs(d[50 * w + 50] - 40)).toBeLessThanOrEqual(1);
    const diag = Math.round(50 - 20 / Math.SQRT2);
    expect(Math.abs(d[diag * w + diag] - d[50 * w + 30])).toBeLessThan(1.2);
  });

  it('local thickness: a thin bar attached to a big disc keeps its own radius', () => {
    const w = 160;
    const h = 100;
    const inside = disc(w, h, 50, 50, 40);
    for (let y = 46; y < 54; y++) for (let x = 85; x < 155; x++) inside[y * w + x] = 1;
    const d = distanceToBoundary(inside, w, h);
    const { radius } = localThickness(d, inside, w, h);
    expect(radius[50 * w + 50]).toBeGreaterThan(35);
    expect(radius[50 * w + 140]).toBeLessThan(6);
  });

  it('a disc inflates to a sphere: height at the centre equals the radius, √(r²−ρ²) across', () => {
    const w = 121;
    const inside = disc(w, w, 60.5, 60.5, 50);
    const { front, back } = inflateHeights(inside, w, w, { elevation: 0 });
    const cw = w + 1;
    const at = (x: number, y: number) => front[y * cw + x];
    expect(at(60, 60)).toBeGreaterThan(47);
    expect(at(60, 60)).toBeLessThan(52);
    const rho = 30;
    expect(Math.abs(at(60 + rho, 60) - Math.sqrt(50 * 50 - rho * rho))).toBeLessThan(3);
    expect(back[60 * cw + 60]).toBeCloseTo(front[60 * cw + 60], 3);
  });

  it('cleanMask drops specks, fills pin-holes, keeps real holes and breaks diagonal contacts', () => {
    const w = 60;
    const inside = disc(w, w, 30, 30, 25);
    inside[2 * w + 2] = 1; // speck
    inside[30 * w + 10] = 0; // pin-hole
    disc(w, w, 30, 30, 6).forEach((v, i) => {
      if (v) inside[i] = 0; // real hole
    });
    const area = cleanMask(inside, w, w);
    expect(inside[2 * w + 2]).toBe(0);
    expect(inside[30 * w + 10]).toBe(1);
    expect(inside[30 * w + 30]).toBe(0);
    expect(area).toBeGreaterThan(1500);
    const checker = new Uint8Array([1, 0, 0, 1]);
    cleanMask(checker, 2, 2, { minComponentShare: 0 });
    expect(checker[0] + checker[1] + checker[2] + checker[3]).toBe(3);
  });
});
