import { describe, expect, it } from 'vitest';
import type { Camera } from '../../src/multiview/carve.ts';
import { hullExtent } from '../../src/multiview/extent.ts';
import { parallelCamera } from '../support/multiview.ts';

// Two parallel cameras, 100 pixels per unit, looking along −z (front) and along −x (side), at a post
// 0.12 across and 0.9 tall with a crossbar 0.9 long and 0.02 thick at height 0.32. The bar lies between
// two levels of the coarse pass's voxel centres (0.04 apart: ..., 0.30, 0.34, ...), so a carve of the
// centres alone found only the post, and the hull's fine grid ended at the post, cutting the bar off.
const SIZE = 200;
const PPU = 100;

function cam(rows: number[], inside: (u: number, v: number) => boolean): Camera {
  const mask = new Float32Array(SIZE * SIZE);
  let box: [number, number, number, number] = [SIZE, SIZE, 0, 0];
  for (let py = 0; py < SIZE; py++)
    for (let px = 0; px < SIZE; px++) {
      const u = (px + 0.5 - SIZE / 2) / PPU;
      const v = (SIZE / 2 - py - 0.5) / PPU;
      if (!inside(u, v)) continue;
      mask[py * SIZE + px] = 1;
      box = [Math.min(box[0], px), Math.min(box[1], py), Math.max(box[2], px + 1), Math.max(box[3], py + 1)];
    }
  return parallelCamera(mask, SIZE, PPU, rows, box);
}

const post = (across: number, v: number) => Math.abs(across) <= 0.06 && Math.abs(v) <= 0.45;
const bar = (along: number, v: number, half: number) => Math.abs(along) <= half && Math.abs(v - 0.32) <= 0.01;

describe('the box of the hull grid', () => {
  it('reaches the ends of a crossbar thinner than a coarse voxel', () => {
    // Front: u = x, v = y, depth z. Side: u = −z, v = y, depth x.
    const front = cam([1, 0, 0, 0, 1, 0, 0, 0, 1], (u, v) => post(u, v) || bar(u, v, 0.45));
    const side = cam([0, 0, -1, 0, 1, 0, 1, 0, 0], (u, v) => post(u, v) || bar(u, v, 0.01));
    const box = hullExtent([front, side], 0.8, true);
    expect(box).toBeDefined();
    if (!box) return;
    // Within a coarse voxel (0.04) of the bar's ends, and no farther out than that.
    expect(box.min[0]).toBeLessThanOrEqual(-0.45);
    expect(box.min[0]).toBeGreaterThan(-0.45 - 0.08);
    expect(box.max[0]).toBeGreaterThanOrEqual(0.45);
    expect(box.max[0]).toBeLessThan(0.45 + 0.08);
    // The post's own extent along z and y, as tight.
    expect(box.max[2]).toBeGreaterThanOrEqual(0.06);
    expect(box.max[2]).toBeLessThan(0.06 + 0.08);
    expect(box.max[1]).toBeGreaterThanOrEqual(0.45);
    expect(box.min[1]).toBeLessThanOrEqual(-0.45);
  });

  it('the default box (carved centres) still ends at the post: the rule kept until the sets agree', () => {
    const front = cam([1, 0, 0, 0, 1, 0, 0, 0, 1], (u, v) => post(u, v) || bar(u, v, 0.45));
    const side = cam([0, 0, -1, 0, 1, 0, 1, 0, 0], (u, v) => post(u, v) || bar(u, v, 0.01));
    const box = hullExtent([front, side], 0.8, false);
    expect(box?.max[0]).toBeLessThan(0.2);
  });

  it('finds nothing where the silhouettes share no volume', () => {
    const front = cam([1, 0, 0, 0, 1, 0, 0, 0, 1], (u, v) => Math.abs(u - 0.5) < 0.05 && Math.abs(v) < 0.3);
    const side = cam([0, 0, -1, 0, 1, 0, 1, 0, 0], (u, v) => Math.abs(u) < 0.05 && Math.abs(v + 0.6) < 0.1);
    expect(hullExtent([front, side], 0.8)).toBeUndefined();
  });
});
