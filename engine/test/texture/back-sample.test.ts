import { describe, expect, it } from 'vitest';
import { sampleBackInto } from '../../src/texture/back-sample.ts';
import type { Level } from '../../src/texture/fill.ts';

/** The back half texel by texel: the bilinear sample the row-cached pass must reproduce byte for byte. */
function reference(
  data: Uint8Array,
  back: Level,
  S: number,
  bx: number,
  by: number,
  rw: number,
  rh: number,
  backPx: number,
  toWork: number,
) {
  const tap = (i: number, n: number) => {
    const s = Math.min(Math.max(((i + 0.5) * toWork) / backPx - 0.5, 0), n - 1);
    const i0 = Math.floor(s);
    return { i0, i1: Math.min(i0 + 1, n - 1), t: s - i0 };
  };
  for (let v = 0; v < rh; v++) {
    const ry = tap(v, back.h);
    for (let u = 0; u < rw; u++) {
      const rx = tap(u, back.w);
      const o = ((v + by) * S + bx + u) * 4;
      for (let k = 0; k < 3; k++) {
        const at = (x: number, y: number) => back.rgb[(y * back.w + x) * 3 + k];
        const top = at(rx.i0, ry.i0) * (1 - rx.t) + at(rx.i1, ry.i0) * rx.t;
        const bottom = at(rx.i0, ry.i1) * (1 - rx.t) + at(rx.i1, ry.i1) * rx.t;
        data[o + k] = Math.fround(top * (1 - ry.t) + bottom * ry.t);
      }
      data[o + 3] = 255;
    }
  }
}

describe('texture: the back half sampled from its small level', () => {
  it('gives the bytes of a texel-by-texel bilinear sample, for tall and wide halves', () => {
    let seed = 7;
    const rnd = () => {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      return seed / 2 ** 31;
    };
    for (const [bw, bh, rw, rh, S, bx, by] of [
      [23, 41, 32, 64, 64, 32, 0],
      [40, 19, 64, 32, 64, 0, 32],
      [1, 1, 16, 32, 32, 16, 0],
    ]) {
      const back: Level = {
        w: bw,
        h: bh,
        rgb: Float32Array.from({ length: bw * bh * 3 }, () => rnd() * 255),
      };
      const workW = Math.max(bw, 3 * rw);
      const placement = {
        atlasSize: S,
        x: bx,
        y: by,
        width: rw,
        height: rh,
        backPx: workW / bw,
        toWork: workW / rw,
      };
      const got = new Uint8Array(S * S * 4);
      const want = new Uint8Array(S * S * 4);
      sampleBackInto(got, back, placement);
      reference(want, back, S, bx, by, rw, rh, placement.backPx, placement.toWork);
      expect(Buffer.from(got).equals(Buffer.from(want))).toBe(true);
    }
  });
});
