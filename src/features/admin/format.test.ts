import { describe, expect, test } from 'vitest';
import {
  formatCents,
  formatDay,
  formatMoney,
  formatNumber,
  formatPercent,
  formatSeconds,
  parsePriceCents,
} from './format';

describe('admin formats', () => {
  test('thousands separators and EUR money', () => {
    expect(formatNumber(40000)).toBe('40,000');
    expect(formatMoney(1234.5)).toBe('€1,234.50');
    expect(formatCents(1300, 'EUR')).toBe('€13.00');
    expect(formatMoney(5, 'USD')).toBe('$5.00');
  });

  test('percentages are rounded', () => {
    expect(formatPercent(33.4)).toBe('33%');
    expect(formatPercent(66.5)).toBe('67%');
    expect(formatPercent(Number.NaN)).toBe('0%');
  });

  test('days keep their date in every time zone', () => {
    expect(formatDay('2026-11-22')).toBe('Nov 22');
  });

  test('prices typed in euros become cents', () => {
    expect(parsePriceCents('20')).toBe(2000);
    expect(parsePriceCents('19.99')).toBe(1999);
    expect(parsePriceCents('12,5')).toBe(1250);
    expect(parsePriceCents('0')).toBeNull();
    expect(parsePriceCents('1.999')).toBeNull();
    expect(parsePriceCents('abc')).toBeNull();
  });

  test('durations in seconds, then minutes and seconds', () => {
    expect(formatSeconds(42.54)).toBe('42.5 s');
    expect(formatSeconds(185)).toBe('3 min 5 s');
    expect(formatSeconds(120)).toBe('2 min');
    expect(formatSeconds(null)).toBe('-');
  });
});
