import { describe, expect, it } from 'vitest';
import { convexCorners, edgedWeight } from '../../src/geometry/corners.ts';
import { distanceToBoundary } from '../../src/geometry/distance.ts';
import { inflateHeights } from '../../src/geometry/inflate.ts';
import { localThickness } from '../../src/geometry/thickness.ts';

function fields(inside: Uint8Array, w: number, h: number) {
  return localThickness(distanceToBoundary(inside, w, h), inside, w, h).radius;
}

function disc(w: number, r: number) {
  const inside = new Uint8Array(w * w);
  const c = w / 2;
  for (let y = 0; y < w; y++)
    for (let x = 0; x < w; x++) if (Math.hypot(x + 0.5 - c, y + 0.5 - c) < r) inside[y * w + x] = 1;
  return inside;
}

/** A hexagon like a box seen from three-quarters: six corners of 116°–150°. */
function hexagon(w: number) {
  const pts: [number, number][] = [
    [10, 35],
    [45, 12],
    [110, 25],
    [110, 85],
    [75, 108],
    [10, 95],
  ];
  const inside = new Uint8Array(w * w);
  for (let y = 0; y < w; y++) {
    for (let x = 0; x < w; x++) {
      let inPoly = true;
      for (let k = 0; k < pts.length; k++) {
        const [ax, ay] = pts[k];
        const [bx, by] = pts[(k + 1) % pts.length];
        if ((bx - ax) * (y + 0.5 - ay) - (by - ay) * (x + 0.5 - ax) < 0) inPoly = false;
      }
      if (inPoly) inside[y * w + x] = 1;
    }
  }
  return inside;
}

describe('geometry: silhouette corners (flat-faced parts)', () => {
  it('a disc and a capsule-ended bar have no corners; a hexagon has its corners found', () => {
    const w = 120;
    const round = disc(w, 50);
    expect(convexCorners(round, fields(round, w, w), w, w)).toHaveLength(0);
    const bar = disc(w, 8);
    for (let y = 52; y < 68; y++) for (let x = 20; x < 100; x++) bar[y * w + x] = 1;
    for (const cx of [20, 100])
      for (let y = 0; y < w; y++)
        for (let x = 0; x < w; x++) if (Math.hypot(x + 0.5 - cx, y + 0.5 - 60) < 8) bar[y * w + x] = 1;
    expect(convexCorners(bar, fields(bar, w, w), w, w)).toHaveLength(0);
    const hex = hexagon(w);
    expect(convexCorners(hex, fields(hex, w, w), w, w).length).toBeGreaterThanOrEqual(4);
  });

  it('the edged weight is high inside a polygon and zero inside a disc', () => {
    const w = 120;
    const hex = hexagon(w);
    const wh = edgedWeight(hex, fields(hex, w, w), w, w);
    expect(wh[50 * w + 40]).toBeGreaterThan(0.9);
    const round = disc(w, 50);
    expect(Math.max(...edgedWeight(round, fields(round, w, w), w, w))).toBe(0);
  });

  it('a polygon inflates flatter at the sides than a round profile would, with the same peak and rim', () => {
    const w = 120;
    const hex = hexagon(w);
    const edged = inflateHeights(hex, w, w, { elevation: 0 });
    const round = inflateHeights(hex, w, w, { elevation: 0, edgedProfile: 0.5 });
    const cw = w + 1;
    const centre = 60 * cw + 60;
    expect(edged.front[centre]).toBeCloseTo(round.front[centre], 0);
    // Halfway to the rim the mesa is lower than the arc (√0.75 → 0.75 of the radius).
    const side = 60 * cw + 35;
    expect(edged.front[side]).toBeLessThan(round.front[side] * 0.95);
    // Next to the rim the wall keeps the round profile's first cells of height (no paper-thin edge).
    const rim = 60 * cw + 11;
    expect(edged.front[rim]).toBeGreaterThanOrEqual(Math.min(round.front[rim], 2) - 1e-3);
    // Front and back stay mirror images.
    expect(edged.back[side]).toBeCloseTo(edged.front[side], 4);
  });
});
