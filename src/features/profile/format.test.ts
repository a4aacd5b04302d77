import { describe, expect, test } from 'vitest';
import { accountAgeDays, formatLongDate, profileInitials } from './format';

describe('profile formatting', () => {
  test('initials use the first letters of up to two words', () => {
    expect(profileInitials('ada lovelace byron')).toBe('AL');
    expect(profileInitials('  Grace  ')).toBe('G');
    expect(profileInitials('')).toBe('');
  });

  test('account age counts whole days and shows - for a bad date', () => {
    const now = Date.parse('2026-11-22T12:00:00Z');
    expect(accountAgeDays('2026-11-20T12:00:01Z', now)).toBe('1 day');
    expect(accountAgeDays('2026-11-12T12:00:00Z', now)).toBe('10 days');
    expect(accountAgeDays('2026-11-22T11:00:00Z', now)).toBe('0 days');
    expect(accountAgeDays('not a date', now)).toBe('-');
  });

  test('dates are long US format with the time', () => {
    const text = formatLongDate('2026-03-05T15:07:00Z');
    expect(text).toMatch(/^March 5, 2026/);
    expect(text).toMatch(/\d{1,2}:07\s?(AM|PM)/);
    expect(formatLongDate('nope')).toBe('-');
  });
});
