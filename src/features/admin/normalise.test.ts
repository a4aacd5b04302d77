import { describe, expect, test } from 'vitest';
import { normaliseAdminUser, parseCredits } from './normalise';

const NOW = new Date('2026-11-22T10:00:00.000Z');

describe('normaliseAdminUser', () => {
  test('accepts snake_case', () => {
    expect(
      normaliseAdminUser({
        id: 'a',
        name: 'Ada',
        email: 'ada@example.test',
        credits: 12,
        is_admin: true,
        created_at: '2026-01-01T00:00:00.000Z',
        updated_at: '2026-01-02T00:00:00.000Z',
      }),
    ).toEqual({
      id: 'a',
      name: 'Ada',
      email: 'ada@example.test',
      credits: 12,
      is_admin: true,
      created_at: '2026-01-01T00:00:00.000Z',
      updated_at: '2026-01-02T00:00:00.000Z',
    });
  });

  test('accepts camelCase (the /api user shape)', () => {
    const u = normaliseAdminUser({
      id: 'b',
      email: 'b@example.test',
      isAdmin: true,
      createdAt: '2026-03-01T00:00:00.000Z',
      updatedAt: '2026-03-02T00:00:00.000Z',
    });
    expect(u.is_admin).toBe(true);
    expect(u.created_at).toBe('2026-03-01T00:00:00.000Z');
    expect(u.updated_at).toBe('2026-03-02T00:00:00.000Z');
  });

  test('defaults credits to 0, names to empty and dates to now', () => {
    const u = normaliseAdminUser({ id: 'c', email: 'c@example.test', credits: 'lots' }, () => NOW);
    expect(u).toMatchObject({ name: '', credits: 0, is_admin: false });
    expect(u.created_at).toBe(NOW.toISOString());
    expect(u.updated_at).toBe(NOW.toISOString());
  });
});

describe('parseCredits', () => {
  test('parses integers and turns non-numbers into 0', () => {
    expect(parseCredits('250')).toBe(250);
    expect(parseCredits('-40')).toBe(-40);
    expect(parseCredits('12.9')).toBe(12);
    expect(parseCredits('abc')).toBe(0);
    expect(parseCredits('')).toBe(0);
  });
});
