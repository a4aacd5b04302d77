/**
 * Synthetic backdrops for the segmentation benchmark: a photo with alpha composited onto one gives a
 * photo without alpha whose true mask is known. Two groups: `tune` (the options of the plain-backdrop
 * matte were chosen on these) and `held` (kept apart and reported once, after the options were frozen).
 * Each group has plain, lit and busy backdrops; all are seeded, so a run is repeatable.
 */
import sharp from 'sharp';
import { rng } from './metrics.ts';

export type BackdropGroup = 'tune' | 'held';

export interface BackdropSpec {
  name: string;
  group: BackdropGroup;
  /** Plain or smoothly lit (the fast path may take it) or busy (it must fall back). */
  kind: 'plain' | 'busy';
  /** RGB, w×h×3. `alpha` (w×h, 0..255) places shadows under the subject. */
  make(w: number, h: number, alpha: Uint8Array): Promise<Uint8Array>;
}

const clamp = (v: number) => Math.min(255, Math.max(0, v));

/** Gaussian-ish sensor noise (sum of three uniforms). */
function noisy(rgb: Uint8Array, sigma: number, seed: number): Uint8Array {
  const r = rng(seed);
  for (let i = 0; i < rgb.length; i++) rgb[i] = clamp(rgb[i] + (r() + r() + r() - 1.5) * 2 * sigma);
  return rgb;
}

function fill(w: number, h: number, colour: (x: number, y: number) => [number, number, number]) {
  const out = new Uint8Array(w * h * 3);
  for (let y = 0; y < h; y++)
    for (let x = 0; x < w; x++) {
      const c = colour(x / (w - 1), y / (h - 1));
      out.set([clamp(c[0]), clamp(c[1]), clamp(c[2])], (y * w + x) * 3);
    }
  return out;
}

/** A soft shadow: the subject's alpha blurred and shifted, as darkening 0..strength. */
async function shadow(w: number, h: number, alpha: Uint8Array, shift: [number, number], strength: number) {
  const sigma = Math.max(2, Math.min(w, h) * 0.02);
  const blurred = await sharp(alpha, { raw: { width: w, height: h, channels: 1 } })
    .blur(sigma)
    .extractChannel(0)
    .raw()
    .toBuffer();
  const out = new Float32Array(w * h);
  const dx = Math.round(shift[0] * w);
  const dy = Math.round(shift[1] * h);
  for (let y = 0; y < h; y++)
    for (let x = 0; x < w; x++) {
      const sx = x - dx;
      const sy = y - dy;
      if (sx >= 0 && sy >= 0 && sx < w && sy < h) out[y * w + x] = (blurred[sy * w + sx] / 255) * strength;
    }
  return out;
}

function darken(rgb: Uint8Array, by: Float32Array): Uint8Array {
  for (let i = 0; i < by.length; i++)
    for (let k = 0; k < 3; k++) rgb[i * 3 + k] = clamp(rgb[i * 3 + k] * (1 - by[i]));
  return rgb;
}

/** Value noise: random grids at a few scales, resized smoothly and summed (0..1). */
async function valueNoise(w: number, h: number, seed: number, cells: number[]): Promise<Float32Array> {
  const r = rng(seed);
  const out = new Float32Array(w * h);
  let total = 0;
  for (const [o, c] of cells.entries()) {
    const weight = 1 / 2 ** o;
    const grid = new Uint8Array(c * c);
    for (let i = 0; i < grid.length; i++) grid[i] = Math.floor(r() * 256);
    const up = await sharp(grid, { raw: { width: c, height: c, channels: 1 } })
      .resize(w, h, { kernel: 'cubic', fit: 'fill' })
      .extractChannel(0)
      .raw()
      .toBuffer();
    for (let i = 0; i < w * h; i++) out[i] += (up[i] / 255) * weight;
    total += weight;
  }
  for (let i = 0; i < w * h; i++) out[i] /= total;
  return out;
}

/** Random shapes of random colours: a cluttered table or shelf, slightly out of focus. */
async function clutter(w: number, h: number, seed: number, stripes: boolean): Promise<Uint8Array> {
  const r = rng(seed);
  const out = fill(w, h, () => [120 + r() * 10, 115, 110]);
  const shapes = 60;
  for (let s = 0; s < shapes; s++) {
    const col = [r() * 255, r() * 255, r() * 255];
    const cx = r() * w;
    const cy = r() * h;
    const rx = (0.03 + r() * 0.15) * w;
    const ry = (0.03 + r() * 0.15) * h;
    const round = r() < 0.5;
    const stripe = stripes && r() < 0.4;
    for (let y = Math.max(0, Math.floor(cy - ry)); y < Math.min(h, cy + ry); y++)
      for (let x = Math.max(0, Math.floor(cx - rx)); x < Math.min(w, cx + rx); x++) {
        const u = (x - cx) / rx;
        const v = (y - cy) / ry;
        if (round && u * u + v * v > 1) continue;
        const shade = stripe && Math.floor((x + y) / (w * 0.02)) % 2 ? 0.55 : 1;
        out.set(
          col.map((c) => clamp(c * shade)),
          (y * w + x) * 3,
        );
      }
  }
  const blurred = await sharp(out, { raw: { width: w, height: h, channels: 3 } })
    .blur(1.5)
    .raw()
    .toBuffer();
  return noisy(new Uint8Array(blurred), 2, seed + 1);
}

export const BACKDROPS: BackdropSpec[] = [
  // Tuning group.
  {
    name: 'white',
    group: 'tune',
    kind: 'plain',
    make: async (w, h) =>
      noisy(
        fill(w, h, () => [246, 246, 244]),
        1.5,
        1,
      ),
  },
  {
    name: 'blue',
    group: 'tune',
    kind: 'plain',
    make: async (w, h) =>
      noisy(
        fill(w, h, () => [64, 104, 168]),
        1.5,
        2,
      ),
  },
  {
    name: 'gradient+shadow',
    group: 'tune',
    kind: 'plain',
    make: async (w, h, a) =>
      noisy(
        darken(
          fill(w, h, (_x, y) => [238 - 28 * y, 236 - 30 * y, 230 - 30 * y]),
          await shadow(w, h, a, [0.03, 0.02], 0.35),
        ),
        1.5,
        3,
      ),
  },
  {
    name: 'wood',
    group: 'tune',
    kind: 'busy',
    make: async (w, h) => {
      const n = await valueNoise(w, h, 4, [4, 16, 64]);
      return noisy(
        fill(w, h, (x, y) => {
          const i = Math.round(y * (h - 1)) * w + Math.round(x * (w - 1));
          const grain = 0.5 + 0.5 * Math.sin((x * 40 + 8 * n[i]) * Math.PI);
          return [150 + 50 * grain, 100 + 35 * grain, 60 + 20 * grain];
        }),
        3,
        5,
      );
    },
  },
  { name: 'clutter-a', group: 'tune', kind: 'busy', make: (w, h) => clutter(w, h, 6, false) },
  // Held-out group: never looked at while choosing options.
  {
    name: 'grey',
    group: 'held',
    kind: 'plain',
    make: async (w, h) =>
      noisy(
        fill(w, h, () => [190, 192, 195]),
        3,
        11,
      ),
  },
  {
    name: 'vignette',
    group: 'held',
    kind: 'plain',
    make: async (w, h, a) => {
      const base = fill(w, h, (x, y) => {
        const r2 = ((x - 0.5) ** 2 + (y - 0.45) ** 2) / 0.5;
        return [235 - 90 * r2, 232 - 88 * r2, 228 - 85 * r2];
      });
      return noisy(darken(base, await shadow(w, h, a, [0, 0.015], 0.45)), 2, 12);
    },
  },
  {
    name: 'peach-gradient',
    group: 'held',
    kind: 'plain',
    make: async (w, h) =>
      noisy(
        fill(w, h, (x) => [250 - 20 * x, 222 - 25 * x, 196 - 6 * x]),
        1.5,
        13,
      ),
  },
  {
    name: 'noise',
    group: 'held',
    kind: 'busy',
    make: async (w, h) => {
      const n = await valueNoise(w, h, 14, [3, 9, 27, 81]);
      const m = await valueNoise(w, h, 15, [5, 25]);
      return noisy(
        fill(w, h, (x, y) => {
          const i = Math.round(y * (h - 1)) * w + Math.round(x * (w - 1));
          return [60 + 180 * n[i], 80 + 120 * m[i], 200 - 150 * n[i]];
        }),
        2,
        16,
      );
    },
  },
  { name: 'clutter-b', group: 'held', kind: 'busy', make: (w, h) => clutter(w, h, 17, true) },
];

/** The photo (RGBA) over a backdrop, as a JPEG (quality 90) like a phone's: bytes and the true mask. */
export async function composite(
  photo: { data: Uint8Array; width: number; height: number },
  backdrop: BackdropSpec,
): Promise<{ jpeg: Uint8Array; truth: Uint8Array }> {
  const { width: w, height: h, data } = photo;
  const alpha = new Uint8Array(w * h);
  for (let i = 0; i < w * h; i++) alpha[i] = data[i * 4 + 3];
  const bg = await backdrop.make(w, h, alpha);
  const rgb = new Uint8Array(w * h * 3);
  const truth = new Uint8Array(w * h);
  for (let i = 0; i < w * h; i++) {
    const a = alpha[i] / 255;
    for (let k = 0; k < 3; k++) rgb[i * 3 + k] = Math.round(data[i * 4 + k] * a + bg[i * 3 + k] * (1 - a));
    truth[i] = alpha[i] >= 128 ? 1 : 0;
  }
  const jpeg = await sharp(rgb, { raw: { width: w, height: h, channels: 3 } })
    .jpeg({ quality: 90 })
    .toBuffer();
  return { jpeg: new Uint8Array(jpeg), truth };
}
