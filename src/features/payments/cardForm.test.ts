import { describe, expect, it } from 'vitest';
import {
  type CardFormState,
  expiryValid,
  formatAmount,
  luhnValid,
  parsePayParams,
  shapeCardNumber,
  shapeCvc,
  shapeExpiry,
  validateCardForm,
} from './cardForm';

const NOW = new Date(2026, 10, 22); // November 2026
const VALID: CardFormState = {
  cardholderName: 'Ada Lovelace',
  cardNumber: '4242 4242 4242 4242',
  expiry: '12/30',
  cvc: '123',
  email: 'ada@example.com',
};

describe('Luhn', () => {
  it('accepts well-known test numbers', () => {
    for (const n of [
      '4242424242424242',
      '4111111111111111',
      '5555555555554444',
      '378282246310005',
      '6011111111111117',
    ]) {
      expect(luhnValid(n), n).toBe(true);
    }
  });
  it('rejects a changed digit, letters and empty input', () => {
    expect(luhnValid('4242424242424241')).toBe(false);
    expect(luhnValid('4111111111111112')).toBe(false);
    expect(luhnValid('4242a24242424242')).toBe(false);
    expect(luhnValid('')).toBe(false);
  });
});

describe('expiry', () => {
  it('this month is still valid, last month is not', () => {
    expect(expiryValid('11/26', NOW)).toBe(true);
    expect(expiryValid('10/26', NOW)).toBe(false);
  });
  it('a later month this year and any month of a later year are valid', () => {
    expect(expiryValid('12/26', NOW)).toBe(true);
    expect(expiryValid('01/27', NOW)).toBe(true);
  });
  it('an earlier year is invalid even with a later month', () => {
    expect(expiryValid('12/25', NOW)).toBe(false);
  });
  it('needs MM/YY with a month from 1 to 12', () => {
    for (const bad of ['00/30', '13/30', '1/30', '1230', '12/3', '12-30', ''])
      expect(expiryValid(bad, NOW), bad).toBe(false);
    expect(expiryValid('01/30', NOW)).toBe(true);
  });
  it('turns over at the new year', () => {
    const january = new Date(2027, 0, 1);
    expect(expiryValid('12/26', january)).toBe(false);
    expect(expiryValid('01/27', january)).toBe(true);
  });
});

describe('validation order and messages', () => {
  it('a valid form passes', () => {
    expect(validateCardForm(VALID, 2000, NOW)).toBeNull();
  });
  it('amount comes first, even when everything else is wrong too', () => {
    const empty = { cardholderName: '', cardNumber: '', expiry: '', cvc: '', email: '' };
    for (const amount of [null, 0, -5, 12.5]) {
      expect(validateCardForm(empty, amount, NOW)).toEqual({
        title: 'Missing amount',
        description: 'Provide amount as cents via ?amount=1500',
        field: 'amount',
      });
    }
    expect(validateCardForm(empty, 2000, NOW)?.title).toBe('Cardholder name required');
  });
  it('then name, card number, expiry, CVC, e-mail', () => {
    expect(validateCardForm({ ...VALID, cardholderName: '   ' }, 2000, NOW)?.title).toBe(
      'Cardholder name required',
    );
    expect(validateCardForm({ ...VALID, cardNumber: '4242 4242 4242 4241', expiry: 'x' }, 2000, NOW)).toEqual(
      {
        title: 'Card number invalid',
        description: 'Check the number and try again',
        field: 'cardNumber',
      },
    );
    // 11 digits that pass Luhn are still too short.
    expect(validateCardForm({ ...VALID, cardNumber: '4242 4242 42' }, 2000, NOW)?.title).toBe(
      'Card number invalid',
    );
    expect(validateCardForm({ ...VALID, expiry: '10/26', cvc: '' }, 2000, NOW)).toEqual({
      title: 'Expiry invalid',
      description: 'Use MM/YY and a future date',
      field: 'expiry',
    });
    expect(validateCardForm({ ...VALID, cvc: '12', email: '' }, 2000, NOW)).toEqual({
      title: 'CVC invalid',
      description: 'Must be 3 or 4 digits',
      field: 'cvc',
    });
    expect(validateCardForm({ ...VALID, cvc: '1234' }, 2000, NOW)).toBeNull();
  });
  it('e-mail must be present and look like one', () => {
    for (const email of ['', '  ', 'ada', 'ada@', 'ada@example', 'a da@example.com']) {
      expect(validateCardForm({ ...VALID, email }, 2000, NOW), email).toEqual({
        title: 'Valid email required',
        field: 'email',
      });
    }
  });
});

describe('input shaping', () => {
  it('card number: digits only, in groups of four', () => {
    expect(shapeCardNumber('4242424242424242')).toBe('4242 4242 4242 4242');
    expect(shapeCardNumber('4242-4242 42ab42')).toBe('4242 4242 4242');
    expect(shapeCardNumber('42424')).toBe('4242 4');
    expect(shapeCardNumber('4242')).toBe('4242');
  });
  it('expiry: up to four digits with a slash after two', () => {
    expect(shapeExpiry('1')).toBe('1');
    expect(shapeExpiry('12')).toBe('12');
    expect(shapeExpiry('123')).toBe('12/3');
    expect(shapeExpiry('12/30')).toBe('12/30');
    expect(shapeExpiry('123099')).toBe('12/30');
    expect(shapeExpiry('ab')).toBe('');
  });
  it('CVC: digits only, at most four', () => {
    expect(shapeCvc('12a3')).toBe('123');
    expect(shapeCvc('123456')).toBe('1234');
  });
});

describe('/pay parameters', () => {
  it('defaults: EUR and "Credit pack"; the currency is upper-cased', () => {
    expect(parsePayParams({ amount: '1500' })).toEqual({
      amount: 1500,
      currency: 'EUR',
      description: 'Credit pack',
      credits: null,
      paymentLink: null,
      order: null,
    });
    expect(parsePayParams({ amount: 2000, currency: 'usd', credits: '12000' })).toMatchObject({
      amount: 2000,
      currency: 'USD',
      credits: 12000,
    });
  });
  it('the amount must be a positive integer of minor units', () => {
    for (const amount of ['', '0', '-1', '15.5', 'abc', undefined])
      expect(parsePayParams({ amount }).amount).toBeNull();
  });
  it('only http(s) payment links are followed', () => {
    expect(parsePayParams({ paymentLink: 'https://pay.example.com/x' }).paymentLink).toBe(
      'https://pay.example.com/x',
    );
    expect(parsePayParams({ paymentLink: 'javascript:alert(1)' }).paymentLink).toBeNull();
  });
  it('formats minor units with two decimals and € for EUR', () => {
    expect(formatAmount(2000, 'EUR')).toBe('€20.00');
    expect(formatAmount(1305, 'USD')).toBe('USD 13.05');
  });
});
