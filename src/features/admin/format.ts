/** Number, money and date formats of the admin pages (en-US, as the rest of the app). */
const integer = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 });

export function formatNumber(value: number): string {
  return integer.format(Number.isFinite(value) ? value : 0);
}

/** Money in its own currency; the store sells in EUR. */
export function formatMoney(amount: number, currency = 'EUR'): string {
  const safe = Number.isFinite(amount) ? amount : 0;
  try {
    return new Intl.NumberFormat('en-US', { style: 'currency', currency }).format(safe);
  } catch {
    return `${safe.toFixed(2)} ${currency}`; // an unknown currency code
  }
}

export function formatCents(cents: number, currency = 'EUR'): string {
  return formatMoney(cents / 100, currency);
}

/** Percentages are shown rounded (SPEC §2 "Dashboard"). */
export function formatPercent(value: number): string {
  return `${Math.round(Number.isFinite(value) ? value : 0)}%`;
}

export function formatDate(iso: string): string {
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return '-';
  return d.toLocaleDateString('en-US', { year: 'numeric', month: 'short', day: 'numeric' });
}

export function formatDateTime(iso: string): string {
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return '-';
  return d.toLocaleString('en-US', {
    year: 'numeric',
    month: 'short',
    day: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
  });
}

/** A `YYYY-MM-DD` day as a short label, without shifting it through the local time zone. */
export function formatDay(day: string): string {
  const m = /^(\d{4})-(\d{2})-(\d{2})/.exec(day);
  if (!m) return day;
  const d = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])));
  return d.toLocaleDateString('en-US', { month: 'short', day: 'numeric', timeZone: 'UTC' });
}

/** A price typed as euros ("12", "12.5", "12,50") in cents; null when it is not a positive amount. */
export function parsePriceCents(input: string): number | null {
  const s = input.trim().replace(',', '.');
  if (!/^\d+(\.\d{0,2})?$/.test(s)) return null;
  const cents = Math.round(Number.parseFloat(s) * 100);
  return cents > 0 ? cents : null;
}

/** A duration in seconds as the dashboard shows it: "42.5 s", "3 min 5 s"; "-" when unknown. */
export function formatSeconds(value: number | null): string {
  if (value === null || !Number.isFinite(value)) return '-';
  if (value < 60) return `${value.toFixed(1)} s`;
  const whole = Math.round(value);
  const s = whole % 60;
  return s ? `${Math.floor(whole / 60)} min ${s} s` : `${whole / 60} min`;
}
