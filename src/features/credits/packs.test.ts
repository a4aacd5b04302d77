import { describe, expect, it } from 'vitest';
import {
  CREDIT_PACKS,
  findPack,
  formatEuro,
  generationsFor,
  pricePerThousand,
  withPriceBonuses,
} from './packs';

describe('credit packs', () => {
  it('match the published packs', () => {
    expect(CREDIT_PACKS.map((p) => [p.id, p.credits, p.price, p.popular])).toEqual([
      ['starter', 5600, 13, false],
      ['professional', 12000, 20, true],
      ['enterprise', 40000, 45, false],
    ]);
  });

  it('count whole generations at 50 credits each', () => {
    expect(CREDIT_PACKS.map((p) => generationsFor(p.credits, 50))).toEqual([112, 240, 800]);
    expect(generationsFor(49, 50)).toBe(0);
  });

  it('find packs case-insensitively and ignore unknown ids', () => {
    expect(findPack('PROFESSIONAL')?.id).toBe('professional');
    expect(findPack(' Starter ')?.id).toBe('starter');
    expect(findPack('gold')).toBeUndefined();
  });

  it('format prices', () => {
    expect(pricePerThousand(CREDIT_PACKS[0])).toBe('2.32');
    expect(formatEuro(13)).toBe('€13');
    expect(formatEuro(2.5)).toBe('€2.50');
  });
});

describe('withPriceBonuses', () => {
  it('states what the prices give, rounded down, against the fewest credits per euro', () => {
    expect(withPriceBonuses(CREDIT_PACKS).map((p) => p.bonus)).toEqual([
      undefined,
      '39% more credits per euro',
      '106% more credits per euro',
    ]);
  });

  it('ignores a stored bonus text that the prices do not support', () => {
    const same = CREDIT_PACKS.map((p) => ({ ...p, credits: p.price * 100, bonus: '67% more credits' }));
    expect(withPriceBonuses(same).every((p) => p.bonus === undefined)).toBe(true);
  });
});
