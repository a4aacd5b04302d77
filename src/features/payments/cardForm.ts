/**
 * The demo card form of /pay (SPEC §2 "Demo card page", §3 "Card form state" and "/pay query parameters",
 * §5 "Card form"): query parsing, input shaping, and validation in the spec's order with its messages.
 * Pure functions, so the rules are tested without a browser. Card data never leaves the page.
 */

export interface CardFormState {
  cardholderName: string;
  cardNumber: string;
  expiry: string;
  cvc: string;
  email: string;
}

export const EMPTY_CARD_FORM: CardFormState = {
  cardholderName: '',
  cardNumber: '',
  expiry: '',
  cvc: '',
  email: '',
};

export interface PayParams {
  /** Minor units (cents); null when missing or not a positive integer. */
  amount: number | null;
  currency: string;
  description: string;
  credits: number | null;
  paymentLink: string | null;
  /** The demo order to complete (set by checkout); absent when /pay is opened on its own. */
  order: string | null;
}

const DEFAULTS = { currency: 'EUR', description: 'Credit pack', minCardDigits: 12 } as const;

function asString(value: unknown): string | null {
  if (typeof value === 'string') return value;
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  return null;
}

function positiveInteger(value: unknown): number | null {
  const s = asString(value)?.trim();
  if (!s || !/^\d+$/.test(s)) return null;
  const n = Number(s);
  return Number.isSafeInteger(n) && n > 0 ? n : null;
}

/** Only http(s) links may take the browser away (never `javascript:` or data URLs). */
function safeLink(value: unknown): string | null {
  const s = asString(value)?.trim();
  if (!s) return null;
  try {
    const url = new URL(s);
    return url.protocol === 'https:' || url.protocol === 'http:' ? url.href : null;
  } catch {
    return null;
  }
}

export function parsePayParams(search: Record<string, unknown>): PayParams {
  const currency = asString(search.currency)?.trim().toUpperCase();
  const description = asString(search.description)?.trim();
  return {
    amount: positiveInteger(search.amount),
    currency: currency && /^[A-Z]{3}$/.test(currency) ? currency : DEFAULTS.currency,
    description: description || DEFAULTS.description,
    credits: positiveInteger(search.credits),
    paymentLink: safeLink(search.paymentLink),
    order: asString(search.order)?.trim() || null,
  };
}

/** "€20.00" for EUR, otherwise "USD 20.00": minor units ÷ 100 with two decimals (SPEC §9). */
export function formatAmount(minor: number, currency: string): string {
  const value = (minor / 100).toFixed(2);
  return currency === 'EUR' ? `€${value}` : `${currency} ${value}`;
}

/** Digits only, grouped in fours with spaces. */
export function shapeCardNumber(input: string): string {
  const digits = input.replace(/\D/g, '').slice(0, 19);
  return digits.replace(/(\d{4})(?=\d)/g, '$1 ');
}

/** Up to 4 digits with a slash after the first 2. */
export function shapeExpiry(input: string): string {
  const digits = input.replace(/\D/g, '').slice(0, 4);
  return digits.length > 2 ? `${digits.slice(0, 2)}/${digits.slice(2)}` : digits;
}

/** Digits only, up to 4. */
export function shapeCvc(input: string): string {
  return input.replace(/\D/g, '').slice(0, 4);
}

export function luhnValid(digits: string): boolean {
  if (!/^\d+$/.test(digits)) return false;
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum % 10 === 0;
}

/** MM/YY, month 1-12, not before the current month (this month is still valid). */
export function expiryValid(expiry: string, now: Date = new Date()): boolean {
  const m = /^(\d{2})\/(\d{2})$/.exec(expiry);
  if (!m) return false;
  const month = Number(m[1]);
  const year = 2000 + Number(m[2]);
  if (month < 1 || month > 12) return false;
  const thisYear = now.getFullYear();
  const thisMonth = now.getMonth() + 1;
  return year > thisYear || (year === thisYear && month >= thisMonth);
}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export interface CardFormProblem {
  title: string;
  description?: string;
  field: keyof CardFormState | 'amount';
}

/** The first problem in the spec's order, or null when the form may be submitted. */
export function validateCardForm(
  form: CardFormState,
  amount: number | null,
  now: Date = new Date(),
): CardFormProblem | null {
  if (amount === null || !Number.isSafeInteger(amount) || amount <= 0) {
    return {
      title: 'Missing amount',
      description: 'Provide amount as cents via ?amount=1500',
      field: 'amount',
    };
  }
  if (!form.cardholderName.trim()) return { title: 'Cardholder name required', field: 'cardholderName' };
  const digits = form.cardNumber.replace(/\s/g, '');
  if (digits.length < DEFAULTS.minCardDigits || !luhnValid(digits)) {
    return {
      title: 'Card number invalid',
      description: 'Check the number and try again',
      field: 'cardNumber',
    };
  }
  if (!expiryValid(form.expiry, now)) {
    return { title: 'Expiry invalid', description: 'Use MM/YY and a future date', field: 'expiry' };
  }
  if (form.cvc.length < 3)
    return { title: 'CVC invalid', description: 'Must be 3 or 4 digits', field: 'cvc' };
  if (!form.email.trim() || !EMAIL.test(form.email.trim()))
    return { title: 'Valid email required', field: 'email' };
  return null;
}
