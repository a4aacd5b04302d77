import { describe, expect, test } from 'vitest';
import { authErrorMessage, COMMON_PASSWORD, GENERIC_AUTH_ERROR } from './authErrors';

describe('auth error messages', () => {
  test('known Supabase Auth codes become sentences', () => {
    expect(authErrorMessage({ code: 'user_already_exists', message: 'User already registered' })).toBe(
      'An account with this email already exists. Please sign in instead.',
    );
    expect(authErrorMessage({ code: 'invalid_credentials', message: 'Invalid login credentials' })).toBe(
      'Incorrect email or password. Please try again.',
    );
    expect(authErrorMessage({ code: 'over_request_rate_limit', status: 429, message: 'x' })).toBe(
      'Too many attempts. Please wait a few minutes and try again.',
    );
  });

  test('any 429 reads as too many attempts', () => {
    expect(authErrorMessage({ status: 429, message: 'Request rate limit reached' })).toMatch(
      /^Too many attempts/,
    );
  });

  test("unknown codes keep the error's own message; nothing at all is the generic text", () => {
    expect(authErrorMessage({ code: 'something_new', message: 'Server says no' })).toBe('Server says no');
    expect(authErrorMessage({ message: '' })).toBe(GENERIC_AUTH_ERROR);
    expect(authErrorMessage(null)).toBe(GENERIC_AUTH_ERROR);
    expect(authErrorMessage({ name: 'AuthRetryableFetchError', message: '{}' })).toBe('Network error');
  });

  test('a breached password reads differently from a short one; wrong current passwords say so', () => {
    expect(authErrorMessage({ code: 'weak_password', reasons: ['pwned'], message: 'x' })).toBe(
      COMMON_PASSWORD,
    );
    expect(authErrorMessage({ code: 'weak_password', reasons: ['length'], message: 'x' })).toBe(
      'Password must be at least 6 characters.',
    );
    expect(authErrorMessage({ code: 'current_password_mismatch', message: 'x' })).toBe(
      'Your current password is incorrect.',
    );
  });
});
