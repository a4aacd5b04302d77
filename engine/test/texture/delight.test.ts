/**
 * Delighting on a scene whose albedo and light are known: a ball painted in two colours, lit by a
 * directional light from the upper left plus ambient, with a glossy highlight, photographed head-on.
 */
import { describe, expect, it } from 'vitest';
import { type ConvertResult, createEngine, type RgbaImage } from '../../src/index.ts';
import { cameraFrame } from '../support/frames.ts';
import { png } from '../support/synthetic.ts';

const SIZE = 512;
const R = 200;
const C = SIZE / 2;
const LIGHT = (() => {
  const l = [-0.6, 0.55, 0.6];
  const n = Math.hypot(...l);
  return l.map((v) => v / n);
})();
const AMBIENT = 0.3;
const DIRECT = 0.85;

/** Linear albedo at an image pixel: warm on the left half, cool on the right. */
function albedo(x: number): [number, number, number] {
  return x < C ? [0.6, 0.3, 0.18] : [0.18, 0.3, 0.6];
}
const toSrgb = (c: number) => {
  const v = Math.min(1, Math.max(0, c));
  return Math.round((v <= 0.0031308 ? v * 12.92 : 1.055 * v ** (1 / 2.4) - 0.055) * 255);
};
const toLinear = (s: number) => {
  const c = s / 255;
  return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
};

function ballNormal(px: number, py: number): [number, number, number] | null {
  const dx = (px - C) / R;
  const dy = -(py - C) / R;
  const r2 = dx * dx + dy * dy;
  if (r2 >= 1) return null;
  return [dx, dy, Math.sqrt(1 - r2)];
}

function litBall(): RgbaImage {
  const data = new Uint8Array(SIZE * SIZE * 4);
  const half = [LIGHT[0], LIGHT[1], LIGHT[2] + 1];
  const hl = Math.hypot(...half);
  for (let y = 0; y < SIZE; y++) {
    for (let x = 0; x < SIZE; x++) {
      const n = ballNormal(x + 0.5, y + 0.5);
      if (!n) continue;
      const shade = AMBIENT + DIRECT * Math.max(0, n[0] * LIGHT[0] + n[1] * LIGHT[1] + n[2] * LIGHT[2]);
      const spec = 0.9 * Math.max(0, (n[0] * half[0] + n[1] * half[1] + n[2] * half[2]) / hl) ** 200;
      const a = albedo(x + 0.5);
      const o = (y * SIZE + x) * 4;
      for (let k = 0; k < 3; k++) data[o + k] = toSrgb(a[k] * shade + spec);
      data[o + 3] = 255;
    }
  }
  return { width: SIZE, height: SIZE, data };
}

/** Per front vertex the texture's linear colour over the true albedo; the spread of that ratio is the error. */
function albedoRatios(result: ConvertResult): number[] {
  const p = cameraFrame(result);
  const { unitsPerPixel: u, centrePx } = result.stats.frame;
  const { uvs } = result.mesh;
  const { width, height, data } = result.texture;
  const ratios: number[] = [];
  for (let v = 0; v < p.length / 3; v++) {
    const px = p[v * 3] / u + centrePx[0];
    const py = -p[v * 3 + 1] / u + centrePx[1];
    const n = ballNormal(px, py);
    // The photo's own head-on part (the rim's normals are the geometry's guess), away from the paint seam.
    if (!n || n[2] < 0.5 || p[v * 3 + 2] < 0 || Math.abs(px - C) < 8) continue;
    const tx = Math.min(width - 1, Math.floor(uvs[v * 2] * width));
    const ty = Math.min(height - 1, Math.floor(uvs[v * 2 + 1] * height));
    const o = (ty * width + tx) * 4;
    const a = albedo(px);
    const got = [0, 1, 2].map((k) => toLinear(data[o + k]));
    ratios.push((got[0] + got[1] + got[2]) / (a[0] + a[1] + a[2]));
  }
  return ratios;
}

/** Median and 90th percentile of |ratio / median − 1|: the albedo error up to one overall scale. */
function albedoError(ratios: number[]): { median: number; p90: number } {
  const s = [...ratios].sort((a, b) => a - b);
  const k = s[Math.floor(s.length / 2)];
  const err = ratios.map((r) => Math.abs(r / k - 1)).sort((a, b) => a - b);
  return { median: err[Math.floor(err.length / 2)], p90: err[Math.floor(err.length * 0.9)] };
}

describe('delighting', () => {
  const engine = createEngine();

  it('brings a lit ball back to its albedo within 6 % (median) and 20 % (90th percentile)', async () => {
    const bytes = await png(litBall());
    const photo = await engine.convert(bytes, { topology: 'low', delight: { enabled: false } });
    const delit = await engine.convert(bytes, { topology: 'low' });
    const before = albedoError(albedoRatios(photo));
    const after = albedoError(albedoRatios(delit));
    // The photo's texture carries the light: ~3× between the lit and the shaded side.
    expect(before.p90).toBeGreaterThan(0.3);
    expect(after.median).toBeLessThan(0.06);
    expect(after.p90).toBeLessThan(0.2);
    expect(delit.stats.delight.applied).toBe(true);
    // The light came from the upper left, toward the camera: found within 40° (the two paints split the
    // ball left and right, so part of the light's left-right slope can pass for a paint difference).
    const [lx, ly, lz] = delit.stats.delight.lightDirection;
    expect(lx * LIGHT[0] + ly * LIGHT[1] + lz * LIGHT[2]).toBeGreaterThan(Math.cos((40 * Math.PI) / 180));
    // The highlight is gone from the base colour, and the surface is reported glossy.
    expect(delit.stats.delight.highlights).toBeGreaterThan(0);
    expect(delit.roughness).toBeLessThan(0.8);
    expect(photo.stats.delight.applied).toBe(false);
  });

  it('leaves an evenly lit subject as it is', async () => {
    const flat = litBall();
    // Same ball, albedo only: no light to take out.
    for (let y = 0; y < SIZE; y++)
      for (let x = 0; x < SIZE; x++) {
        const o = (y * SIZE + x) * 4;
        if (!flat.data[o + 3]) continue;
        const a = albedo(x + 0.5);
        for (let k = 0; k < 3; k++) flat.data[o + k] = toSrgb(a[k]);
      }
    const result = await engine.convert(await png(flat), { topology: 'low' });
    expect(result.stats.delight.applied).toBe(false);
    expect(result.roughness).toBeUndefined();
    expect(albedoError(albedoRatios(result)).p90).toBeLessThan(0.05);
  });
});
