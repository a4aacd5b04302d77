/**
 * Turns auth failures into sentences a person understands (SPEC §8 "Auth": the error's own message,
 * else 'An error occurred. Please try again.'). Supabase Auth's error codes pick the sentence; the
 * message is the fallback, so an unknown code still says what the server said.
 */
export const GENERIC_AUTH_ERROR = 'An error occurred. Please try again.';

const BY_CODE: Record<string, string> = {
  user_already_exists: 'An account with this email already exists. Please sign in instead.',
  email_exists: 'An account with this email already exists. Please sign in instead.',
  invalid_credentials: 'Incorrect email or password. Please try again.',
  over_request_rate_limit: 'Too many attempts. Please wait a few minutes and try again.',
  over_email_send_rate_limit: 'Too many emails requested. Please wait a minute and try again.',
  email_not_confirmed: 'Please confirm your email address first: check your inbox for the link.',
  user_banned: 'This account has been suspended. Please contact support.',
  weak_password: 'Password must be at least 6 characters.',
  same_password: 'Your new password must be different from the current one.',
  current_password_mismatch: 'Your current password is incorrect.',
  current_password_required: 'Please enter your current password.',
  signup_disabled: 'Sign-ups are closed at the moment.',
  otp_expired: 'This link is invalid or has expired. Please request a new one.',
  flow_state_not_found: 'This sign-in link has expired. Please start again.',
  pkce_code_verifier_not_found:
    'This sign-in was started in another browser or has expired. Please start again.',
  bad_code_verifier:
    'This link was opened in a different browser. Please open it where you asked for it, or request a new one.',
};

/** Supabase's answer for a password found in breach corpora (HIBP on hosted, a shipped list locally). */
export const COMMON_PASSWORD =
  'This password is too common or has appeared in a data breach. Please choose a different one.';

export function authErrorMessage(error: unknown): string {
  if (!error) return GENERIC_AUTH_ERROR;
  const e = error as {
    code?: unknown;
    status?: unknown;
    message?: unknown;
    name?: unknown;
    reasons?: unknown;
  };
  if (e.code === 'weak_password' && Array.isArray(e.reasons) && e.reasons.includes('pwned'))
    return COMMON_PASSWORD;
  if (typeof e.code === 'string' && BY_CODE[e.code]) return BY_CODE[e.code];
  if (e.status === 429) return BY_CODE.over_request_rate_limit;
  if (e.name === 'AuthRetryableFetchError' || e.message === 'Failed to fetch') return 'Network error';
  if (typeof e.message === 'string' && e.message.trim() && e.message !== '{}') return e.message;
  return GENERIC_AUTH_ERROR;
}
