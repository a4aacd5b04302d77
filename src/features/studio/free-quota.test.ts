import { describe, expect, test } from 'vitest';
import { freeQuotaText } from './free-quota';

describe('freeQuotaText', () => {
  test('counts what is left', () => {
    expect(freeQuotaText({ limit: 3, used: 1, remaining: 2 })).toEqual({
      text: '2 of 3 free conversions left today',
      exhausted: false,
    });
    expect(freeQuotaText({ limit: 3, used: 2, remaining: 1 }).text).toBe(
      '1 of 3 free conversions left today',
    );
  });

  test('an account that used its allowance gets the daily-limit message', () => {
    expect(freeQuotaText({ limit: 5, used: 5, remaining: 0 })).toEqual({
      text: 'You have used your 5 free conversions for today. Come back tomorrow, or use credits in the Studio.',
      exhausted: true,
    });
  });

  test('a network that used its allowance, and a limit of 0', () => {
    expect(freeQuotaText({ limit: 3, used: 1, remaining: 0 }).text).toMatch(/for your network are used up/);
    expect(freeQuotaText({ limit: 0, used: 0, remaining: 0 }).text).toMatch(/paused today/);
  });
});
