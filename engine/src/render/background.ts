/**
 * The backdrop: a seamless studio sweep (vertical gradient), a soft glow behind the subject and a light
 * vignette, dithered so the 8-bit gradient does not band.
 */
import { EngineError } from '../errors.ts';
import { parseHex, type Rgb } from './color.ts';

export type BackgroundOption = 'light' | 'dark' | { top: string; bottom: string };

const PRESETS: Record<'light' | 'dark', { top: string; bottom: string }> = {
  light: { top: '#f3f4f6', bottom: '#c8ccd3' },
  dark: { top: '#4a4e55', bottom: '#17181b' },
};

export function resolveBackground(option: BackgroundOption): { top: Rgb; bottom: Rgb } {
  if (option === 'light' || option === 'dark') {
    const p = PRESETS[option];
    return { top: parseHex(p.top, 'background.top'), bottom: parseHex(p.bottom, 'background.bottom') };
  }
  if (
    option &&
    typeof option === 'object' &&
    typeof option.top === 'string' &&
    typeof option.bottom === 'string'
  ) {
    return {
      top: parseHex(option.top, 'background.top'),
      bottom: parseHex(option.bottom, 'background.bottom'),
    };
  }
  throw new EngineError(
    'invalid_option',
    `render: background must be 'light', 'dark' or { top: '#rrggbb', bottom: '#rrggbb' }`,
  );
}

/** Packed RGBA words of the backdrop. `glowY` is the glow's centre as a fraction of the height. */
export function paintBackground(
  width: number,
  height: number,
  option: BackgroundOption,
  glowY = 0.45,
): Int32Array {
  const { top, bottom } = resolveBackground(option);
  const out = new Int32Array(width * height);
  // Glow and vignette are separable products of per-column and per-row factors: no per-pixel exp/sqrt.
  const fx = new Float64Array(width);
  const fy = new Float64Array(height);
  const half = Math.max(width, height) / 2;
  for (let x = 0; x < width; x++) fx[x] = shape((x + 0.5 - width / 2) / half);
  for (let y = 0; y < height; y++) fy[y] = shape((y + 0.5 - height * glowY) / half);
  let seed = 0x9e3779b9;
  for (let y = 0; y < height; y++) {
    // Eased so most of the change happens in the lower half, like a floor curving into a wall.
    const t0 = y / Math.max(1, height - 1);
    const t = t0 * t0 * (3 - 2 * t0);
    const rowR = top[0] + (bottom[0] - top[0]) * t;
    const rowG = top[1] + (bottom[1] - top[1]) * t;
    const rowB = top[2] + (bottom[2] - top[2]) * t;
    const ky = fy[y];
    for (let x = 0; x < width; x++) {
      const k = fx[x] * ky;
      // xorshift noise, ±0.45 LSB
      seed ^= seed << 13;
      seed ^= seed >>> 17;
      seed ^= seed << 5;
      const n = ((seed >>> 0) / 4294967296 - 0.5) * 0.9;
      const r = clampByte(rowR * k + n + 0.5);
      const g = clampByte(rowG * k + n + 0.5);
      const b = clampByte(rowB * k + n + 0.5);
      out[y * width + x] = (255 << 24) | (b << 16) | (g << 8) | r;
    }
  }
  return out;
}

/** One axis of the glow (+3.5 % in the middle) times the vignette (−7 % at the edge). */
function shape(t: number): number {
  const glow = 1 + 0.035 * Math.exp(-t * t * 3);
  const v = Math.min(1, Math.abs(t));
  return glow * (1 - 0.07 * v * v * v * v);
}

function clampByte(v: number): number {
  return v <= 0 ? 0 : v >= 255 ? 255 : v | 0;
}
