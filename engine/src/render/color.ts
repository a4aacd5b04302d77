/**
 * Colour helpers shared by the renderer: sRGB ↔ linear tables and the tone curve.
 *
 * Lighting happens in linear light (a soft terminator and believable falloff need it); the texture and
 * the frame stay 8-bit sRGB. Tables replace pow() in the per-pixel path.
 */
import { EngineError } from '../errors.ts';

export type Rgb = readonly [number, number, number];

/** sRGB byte → linear [0, 1]. */
export const SRGB_TO_LINEAR = new Float32Array(256);
for (let i = 0; i < 256; i++) {
  const c = i / 255;
  SRGB_TO_LINEAR[i] = c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
}

/** Entries per 1.0 of linear light in `TONE_TO_SRGB`. */
export const TONE_SCALE = 1024;
/** Linear light [0, 2) → sRGB byte, with a soft shoulder so highlights roll off instead of clipping. */
export const TONE_TO_SRGB = new Uint8Array(2 * TONE_SCALE);
const SHOULDER = 0.8;
for (let i = 0; i < TONE_TO_SRGB.length; i++) {
  let x = i / TONE_SCALE;
  if (x > SHOULDER) x = SHOULDER + (1 - SHOULDER) * (1 - Math.exp(-(x - SHOULDER) / (1 - SHOULDER)));
  TONE_TO_SRGB[i] = Math.round(linearToSrgbUnit(x) * 255);
}

/** Linear [0, 1] → sRGB byte without tone mapping (used when averaging samples). */
export const LINEAR_TO_SRGB_SCALE = 4095;
export const LINEAR_TO_SRGB = new Uint8Array(LINEAR_TO_SRGB_SCALE + 1);
for (let i = 0; i <= LINEAR_TO_SRGB_SCALE; i++) {
  LINEAR_TO_SRGB[i] = Math.round(linearToSrgbUnit(i / LINEAR_TO_SRGB_SCALE) * 255);
}

function linearToSrgbUnit(x: number): number {
  const c = Math.min(1, Math.max(0, x));
  return c <= 0.0031308 ? c * 12.92 : 1.055 * c ** (1 / 2.4) - 0.055;
}

/** '#rrggbb' or '#rgb' → [r, g, b] bytes. */
export function parseHex(value: string, what: string): Rgb {
  const m = /^#?([0-9a-f]{3}|[0-9a-f]{6})$/i.exec(value.trim());
  if (!m) {
    throw new EngineError(
      'invalid_option',
      `render: ${what} must be a colour like '#d8dce2', got '${value}'`,
    );
  }
  let hex = m[1];
  if (hex.length === 3) hex = hex[0] + hex[0] + hex[1] + hex[1] + hex[2] + hex[2];
  const n = Number.parseInt(hex, 16);
  return [(n >> 16) & 255, (n >> 8) & 255, n & 255];
}
