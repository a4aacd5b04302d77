import { describe, expect, test } from 'vitest';
import { EMPTY_FORM, newPasswordProblem, validateAuthForm } from './validation';

describe('sign-in and sign-up validation (SPEC §5)', () => {
  test('empty sign-in form', () => {
    expect(validateAuthForm('signin', EMPTY_FORM)).toEqual({
      email: 'Email is required',
      password: 'Password is required',
    });
  });

  test('malformed e-mail and short password', () => {
    expect(validateAuthForm('signin', { ...EMPTY_FORM, email: 'a@b', password: '12345' })).toEqual({
      email: 'Please enter a valid email address',
      password: 'Password must be at least 6 characters',
    });
  });

  test('sign-up checks the trimmed name and the confirmation', () => {
    const form = { name: '  ', email: 'a@b.co', password: 'secret', confirmPassword: '' };
    expect(validateAuthForm('signup', form)).toEqual({
      name: 'Full name is required',
      confirmPassword: 'Please confirm your password',
    });
    expect(validateAuthForm('signup', { ...form, name: 'Ada', confirmPassword: 'secreT' })).toEqual({
      confirmPassword: 'Passwords do not match',
    });
    expect(validateAuthForm('signup', { ...form, name: 'Ada', confirmPassword: 'secret' })).toEqual({});
  });

  test('password change rules in the spec order', () => {
    expect(newPasswordProblem('abc', 'abd')).toBe('New passwords do not match.');
    expect(newPasswordProblem('abc', 'abc')).toBe('Password must be at least 6 characters long.');
    expect(newPasswordProblem('abcdef', 'abcdef')).toBeNull();
  });
});
