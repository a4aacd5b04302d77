import { describe, expect, test } from 'vitest';
import { ACCEPTABLE_USE } from './acceptable-use';
import { COMPANY } from './company';
import { COOKIES } from './cookies';
import { lastUpdated } from './LegalPage';
import { PRIVACY } from './privacy';
import { TERMS } from './terms';
import { COST, type LegalDocument, withCost } from './types';

const text = (doc: LegalDocument) =>
  doc.sections
    .flatMap((s) => [s.title, ...s.body.flatMap((b) => (typeof b === 'string' ? [b] : b.list))])
    .join('\n');

describe('legal documents (SPEC §2 "Legal pages")', () => {
  test.each([
    ['terms', TERMS, 12],
    ['privacy', PRIVACY, 12],
    ['acceptable use', ACCEPTABLE_USE, 12],
    ['cookies', COOKIES, 10],
  ] as const)('%s has %i numbered sections, each with text and a unique title', (_name, doc, count) => {
    expect(doc.sections).toHaveLength(count);
    expect(new Set(doc.sections.map((s) => s.title)).size).toBe(count);
    for (const s of doc.sections) expect(s.body.length).toBeGreaterThan(0);
  });

  test('the privacy policy states a minimum age of 13', () => {
    expect(text(PRIVACY)).toMatch(/at least 13 years old/);
  });

  test('refund terms agree with each other: 7-day guarantee on unused credits, otherwise only where the law requires', () => {
    const terms = text(TERMS);
    expect(terms).toMatch(/7-day money-back guarantee/);
    expect(terms).toMatch(/refund the price of the credits from that purchase that you have not used/);
    expect(terms).toMatch(
      /Apart from this guarantee, credits are non-refundable unless the law requires a refund/,
    );
    expect(terms).toMatch(/Credits never expire/);
    // The price is the database's: the terms name it through the COST placeholder, never as a number.
    expect(terms).toContain(`costs ${COST} credits`);
    expect(terms).not.toMatch(/\b\d+ credits\b/);
    expect(withCost(terms, '70')).toContain('costs 70 credits (the price shown in the studio)');
    expect(terms).toMatch(/every format of a finished model is included/);
    expect(terms).toMatch(/commercial licence/i);
    // Nothing may promise an unconditional refund or say credits expire.
    expect(terms).not.toMatch(/credits (will |may )?expire/i);
  });

  test('the cookie policy lists the storage keys the app really uses', async () => {
    const { AUTH_STORAGE_KEY } = await import('../../lib/supabase');
    const { REMEMBER_KEY } = await import('../auth/sessionStorageChoice');
    const { USER_STORAGE_KEY } = await import('../auth/storage');
    const { SESSION_ID_KEY, VISITOR_ID_KEY } = await import('../analytics/visit');
    const cookies = text(COOKIES);
    for (const key of [AUTH_STORAGE_KEY, REMEMBER_KEY, USER_STORAGE_KEY, SESSION_ID_KEY, VISITOR_ID_KEY]) {
      expect(cookies).toContain(key);
    }
  });

  test('the processors named in the privacy policy include Supabase and PayPal', () => {
    expect(text(PRIVACY)).toMatch(/Supabase/);
    expect(text(PRIVACY)).toMatch(/PayPal/);
  });

  test('every page ends with a postal address and contact e-mails', () => {
    expect(COMPANY.postalAddress.length).toBeGreaterThanOrEqual(3);
    for (const e of COMPANY.emails) expect(e.address).toMatch(/^[^@\s]+@[^@\s]+\.[a-z]+$/);
  });

  test('the last-updated date is the day the document last changed, in long US form', () => {
    expect(lastUpdated('2026-11-22')).toBe('November 22, 2026');
    for (const doc of [TERMS, PRIVACY, ACCEPTABLE_USE, COOKIES])
      expect(doc.updated).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  });
});
