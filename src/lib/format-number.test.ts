import { expect, test } from 'vitest';
import { formatCount, formatEuro } from './format-number';

const intlEuro = (amount: number) =>
  new Intl.NumberFormat('en-IE', {
    style: 'currency',
    currency: 'EUR',
    minimumFractionDigits: Number.isInteger(amount) ? 0 : 2,
  }).format(amount);

test('counts read exactly as toLocaleString("en-US")', () => {
  for (const n of [
    0,
    7,
    999,
    1000,
    5600,
    12000,
    40000,
    1234567,
    2 ** 53 - 1,
    2 ** 53,
    1.5,
    -1200,
    Number.NaN,
  ])
    expect(formatCount(n), String(n)).toBe(n.toLocaleString('en-US'));
});

test('prices read exactly as the en-IE euro format', () => {
  const amounts = [
    0,
    0.5,
    2.5,
    13,
    20,
    29.99,
    45,
    99.9,
    1000,
    1234.05,
    0.1 + 0.2,
    19.999,
    0.001,
    -5,
    1e7 + 0.01,
  ];
  for (const amount of amounts) expect(formatEuro(amount), String(amount)).toBe(intlEuro(amount));
  expect(formatEuro(13)).toBe('€13');
  expect(formatEuro(1234.05)).toBe('€1,234.05');
});
