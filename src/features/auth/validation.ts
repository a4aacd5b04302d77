/** The sign-in and sign-up rules of SPEC §5, with their exact messages. */
export type AuthMode = 'signin' | 'signup';

export interface AuthForm {
  name: string;
  email: string;
  password: string;
  confirmPassword: string;
}

export type AuthField = keyof AuthForm;
export type AuthErrors = Partial<Record<AuthField, string>>;

export const EMPTY_FORM: AuthForm = { name: '', email: '', password: '', confirmPassword: '' };

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const MIN_PASSWORD = 6;

export function isEmail(value: string): boolean {
  return EMAIL.test(value.trim());
}

export function validateAuthForm(mode: AuthMode, form: AuthForm): AuthErrors {
  const errors: AuthErrors = {};
  if (mode === 'signup' && !form.name.trim()) errors.name = 'Full name is required';
  if (!form.email.trim()) errors.email = 'Email is required';
  else if (!isEmail(form.email)) errors.email = 'Please enter a valid email address';
  if (!form.password) errors.password = 'Password is required';
  else if (form.password.length < MIN_PASSWORD) errors.password = 'Password must be at least 6 characters';
  if (mode === 'signup') {
    if (!form.confirmPassword) errors.confirmPassword = 'Please confirm your password';
    else if (form.confirmPassword !== form.password) errors.confirmPassword = 'Passwords do not match';
  }
  return errors;
}

/** The profile's and reset page's rules (SPEC §5 "Password change/set"), in the spec's order. */
export function newPasswordProblem(password: string, confirm: string): string | null {
  if (password !== confirm) return 'New passwords do not match.';
  if (password.length < MIN_PASSWORD) return 'Password must be at least 6 characters long.';
  return null;
}
