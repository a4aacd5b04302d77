/**
 * Numbers as the landing shows them, the same text as `toLocaleString('en-US')` and an en-IE euro
 * `Intl.NumberFormat`, without touching Intl on the first screen.
 *
 * notes:
 * - Why: the first Intl number format of a page load sets up the browser's locale data. Measured with the
 *   Chrome profiler on the landing under a 4x CPU slowdown (2026-11-27): 70–77 ms of self time in the price
 *   formatter during hydration, all of it in the first call (a second call costs about 0.03 ms in Node).
 * - Whole numbers and whole cents are formatted here; anything else (fractions of a cent, negative or
 *   non-finite amounts, beyond 2^53) goes to Intl as before, so the text never differs.
 */

/** 1234567 → "1,234,567" for a non-negative safe integer; undefined otherwise. */
function groupDigits(n: number): string | undefined {
  if (!Number.isSafeInteger(n) || n < 0) return undefined;
  return String(n).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
}

/** `n.toLocaleString('en-US')`. */
export function formatCount(n: number): string {
  return groupDigits(n) ?? n.toLocaleString('en-US');
}

/** "€13", "€2.50", "€1,234.05": whole euros without decimals, otherwise two (en-IE, EUR). */
export function formatEuro(amount: number): string {
  const cents = Math.round(amount * 100);
  const whole = Math.abs(amount * 100 - cents) < 1e-6 ? groupDigits(Math.trunc(cents / 100)) : undefined;
  if (whole === undefined || cents < 0) {
    return new Intl.NumberFormat('en-IE', {
      style: 'currency',
      currency: 'EUR',
      minimumFractionDigits: Number.isInteger(amount) ? 0 : 2,
    }).format(amount);
  }
  return cents % 100 === 0 ? `€${whole}` : `€${whole}.${String(cents % 100).padStart(2, '0')}`;
}
