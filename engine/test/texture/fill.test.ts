import { describe, expect, it } from 'vitest';
import { pushPullFill } from '../../src/texture/fill.ts';
import type { RgbaImage } from '../../src/types.ts';

/**
 * The fill as first written: the push adds pixel by pixel into the coarse arrays, every level is divided by
 * its weights. The block-wise push (and dividing only the finest level) must give its bytes.
 */
function reference(image: RgbaImage, mask: Float32Array): Float32Array {
  const { width, height } = image;
  let c = new Float32Array(width * height * 3);
  let wt = new Float32Array(width * height);
  for (let i = 0; i < width * height; i++) {
    const t = mask[i] >= 0.8 ? 1 : 0;
    wt[i] = t;
    for (let k = 0; k < 3; k++) c[i * 3 + k] = image.data[i * 4 + k] * t;
  }
  const cs = [c];
  const ws = [wt];
  const dims: [number, number][] = [[width, height]];
  let w = width;
  let h = height;
  while (w > 1 || h > 1) {
    const nw = Math.max(1, Math.ceil(w / 2));
    const nh = Math.max(1, Math.ceil(h / 2));
    const nc = new Float32Array(nw * nh * 3);
    const nwt = new Float32Array(nw * nh);
    for (let y = 0; y < h; y++)
      for (let x = 0; x < w; x++) {
        const i = y * w + x;
        const j = (y >> 1) * nw + (x >> 1);
        nwt[j] += wt[i];
        for (let k = 0; k < 3; k++) nc[j * 3 + k] += c[i * 3 + k];
      }
    for (let j = 0; j < nw * nh; j++)
      if (nwt[j] > 1) {
        const s = 1 / nwt[j];
        for (let k = 0; k < 3; k++) nc[j * 3 + k] *= s;
        nwt[j] = 1;
      }
    c = nc;
    wt = nwt;
    w = nw;
    h = nh;
    cs.push(c);
    ws.push(wt);
    dims.push([w, h]);
  }
  const tap = (x: number, cn: number) => {
    const s = Math.min(Math.max((x + 0.5) / 2 - 0.5, 0), cn - 1);
    const i0 = Math.floor(s);
    return [i0, Math.min(i0 + 1, cn - 1), s - i0] as const;
  };
  for (let l = cs.length - 2; l >= 0; l--) {
    const [fw, fh] = dims[l];
    const [cw, ch] = dims[l + 1];
    const [fc, fwt, cc, cwt] = [cs[l], ws[l], cs[l + 1], ws[l + 1]];
    for (let y = 0; y < fh; y++) {
      const [y0, y1, ty] = tap(y, ch);
      for (let x = 0; x < fw; x++) {
        const i = y * fw + x;
        const miss = 1 - fwt[i];
        if (miss <= 0) continue;
        const [x0, x1, tx] = tap(x, cw);
        const [a, b, d, e] = [y0 * cw + x0, y0 * cw + x1, y1 * cw + x0, y1 * cw + x1];
        const [ka, kb, kd, ke] = [(1 - tx) * (1 - ty), tx * (1 - ty), (1 - tx) * ty, tx * ty];
        const wsum = cwt[a] * ka + cwt[b] * kb + cwt[d] * kd + cwt[e] * ke;
        if (wsum <= 0) continue;
        const s = miss / wsum;
        for (let k = 0; k < 3; k++)
          fc[i * 3 + k] +=
            s * (cc[a * 3 + k] * ka + cc[b * 3 + k] * kb + cc[d * 3 + k] * kd + cc[e * 3 + k] * ke);
        fwt[i] += s * wsum;
      }
    }
  }
  const rgb = cs[0];
  for (let i = 0; i < width * height; i++) {
    const k = ws[0][i] > 0 ? 1 / ws[0][i] : 0;
    for (let j = 0; j < 3; j++) rgb[i * 3 + j] *= k;
  }
  return rgb;
}

function randomImage(width: number, height: number, seed: number) {
  let s = seed;
  const rnd = () => {
    s = (s * 1103515245 + 12345) % 2147483648;
    return s / 2147483648;
  };
  const data = new Uint8Array(width * height * 4);
  for (let i = 0; i < data.length; i++) data[i] = Math.floor(rnd() * 256);
  // A blob of trusted pixels with a soft edge, and scattered ones.
  const mask = new Float32Array(width * height);
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++) {
      const d = Math.hypot(x - width * 0.4, y - height * 0.6) / (0.3 * Math.max(width, height));
      mask[y * width + x] = rnd() < 0.05 ? 1 : Math.max(0, Math.min(1, 1.5 - d));
    }
  return { image: { width, height, data } satisfies RgbaImage, mask };
}

describe('pushPullFill', () => {
  it('gives the bytes of the pixel-by-pixel push (odd sizes, single rows and columns)', () => {
    for (const [w, h] of [
      [37, 53],
      [64, 1],
      [1, 9],
      [128, 96],
      [3, 3],
    ]) {
      const { image, mask } = randomImage(w, h, w * 31 + h);
      const filled = pushPullFill(image, mask);
      expect([filled.w, filled.h]).toEqual([w, h]);
      expect(Buffer.from(filled.rgb.buffer).equals(Buffer.from(reference(image, mask).buffer))).toBe(true);
    }
  });
});
