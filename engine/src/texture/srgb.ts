/**
 * 8-bit sRGB ↔ linear light by table: delighting divides colours in linear light, and a conversion's
 * million texels make the power functions the step's largest cost when computed per texel.
 */

export const TO_LINEAR = new Float32Array(256).map((_, i) => {
  const c = i / 255;
  return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
});
const LUT = 4096;
const TO_SRGB = new Uint8Array(LUT + 1).map((_, i) => {
  const c = i / LUT;
  const s = c <= 0.0031308 ? c * 12.92 : 1.055 * c ** (1 / 2.4) - 0.055;
  return Math.round(Math.min(1, Math.max(0, s)) * 255);
});

/** Linear (0..1) → 8-bit sRGB. */
export const toSrgb = (v: number) => TO_SRGB[Math.max(0, Math.min(LUT, Math.round(v * LUT)))];

/** Relative luminance of linear rgb. */
export const luma = (r: number, g: number, b: number) => 0.2126 * r + 0.7152 * g + 0.0722 * b;

/** Factor levels of the division table: 0.2 % apart at most over 0.4–2.5. */
export const DIVISION_STEPS = 1024;
const divisionTables = new Map<number, Uint8Array>();

/**
 * sRGB value ÷ factor (in linear light) → sRGB, for every 8-bit value and `DIVISION_STEPS` + 1 factors
 * from 1/max to max: the per-texel division becomes a table look-up.
 */
export function divisionTable(maxFactor: number): Uint8Array {
  let table = divisionTables.get(maxFactor);
  if (table) return table;
  table = new Uint8Array((DIVISION_STEPS + 1) * 256);
  const lo = 1 / maxFactor;
  for (let s = 0; s <= DIVISION_STEPS; s++) {
    const f = lo + ((maxFactor - lo) * s) / DIVISION_STEPS;
    for (let v = 0; v < 256; v++) table[s * 256 + v] = toSrgb(TO_LINEAR[v] / f);
  }
  divisionTables.set(maxFactor, table);
  return table;
}
