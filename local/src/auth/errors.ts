/**
 * Errors of the local auth server, in Supabase Auth's shapes so supabase-js turns them into the same
 * `AuthApiError`s (message and `code`) as against Supabase. `error_code` values are GoTrue's.
 */
export type AuthErrorCode =
  | 'unexpected_failure'
  | 'validation_failed'
  | 'bad_json'
  | 'email_exists'
  | 'user_already_exists'
  | 'bad_jwt'
  | 'not_admin'
  | 'no_authorization'
  | 'user_not_found'
  | 'session_not_found'
  | 'refresh_token_not_found'
  | 'refresh_token_already_used'
  | 'flow_state_not_found'
  | 'flow_state_expired'
  | 'bad_code_verifier'
  | 'bad_oauth_state'
  | 'bad_oauth_callback'
  | 'provider_disabled'
  | 'provider_email_needs_verification'
  | 'user_banned'
  | 'email_not_confirmed'
  | 'weak_password'
  | 'same_password'
  | 'current_password_required'
  | 'current_password_mismatch'
  | 'invalid_credentials'
  | 'otp_expired'
  | 'over_request_rate_limit'
  | 'over_email_send_rate_limit'
  | 'not_found'
  | 'unsupported_grant_type'
  | 'conflict';

export class AuthHttpError extends Error {
  readonly status: number;
  readonly code: AuthErrorCode;
  /** Extra top-level fields (e.g. `weak_password: {reasons}`). */
  readonly extra: Record<string, unknown>;
  /** Seconds until a rate-limited request may be retried. */
  readonly retryAfter: number | null;

  constructor(
    status: number,
    code: AuthErrorCode,
    message: string,
    options: { extra?: Record<string, unknown>; retryAfter?: number } = {},
  ) {
    super(message);
    this.name = 'AuthHttpError';
    this.status = status;
    this.code = code;
    this.extra = options.extra ?? {};
    this.retryAfter = options.retryAfter ?? null;
  }
}

export const badRequest = (code: AuthErrorCode, message: string) => new AuthHttpError(400, code, message);
export const unprocessable = (code: AuthErrorCode, message: string) => new AuthHttpError(422, code, message);
export const forbidden = (code: AuthErrorCode, message: string) => new AuthHttpError(403, code, message);
export const notFound = (code: AuthErrorCode, message: string) => new AuthHttpError(404, code, message);
export const unauthorized = (code: AuthErrorCode, message: string) => new AuthHttpError(401, code, message);
