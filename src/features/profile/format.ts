/** Profile page formatting (SPEC §2 "Profile"). */

/** First letters of up to the first two words of the name, upper case. */
export function profileInitials(name: string): string {
  return name
    .trim()
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((word) => word[0])
    .join('')
    .toUpperCase();
}

const DAY_MS = 24 * 60 * 60 * 1000;

/** Whole days since `createdAt`, or '-' when the date is invalid. */
export function accountAgeDays(createdAt: string, now: number = Date.now()): string {
  const created = Date.parse(createdAt);
  if (Number.isNaN(created)) return '-';
  const days = Math.max(0, Math.floor((now - created) / DAY_MS));
  return `${days} ${days === 1 ? 'day' : 'days'}`;
}

const LONG_US = new Intl.DateTimeFormat('en-US', {
  year: 'numeric',
  month: 'long',
  day: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
});

/** Long US format with month, day, year, hour and minute, e.g. "November 22, 2026 at 3:05 PM". */
export function formatLongDate(value: string): string {
  const time = Date.parse(value);
  return Number.isNaN(time) ? '-' : LONG_US.format(time);
}
