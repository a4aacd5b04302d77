/** The one error type of the api function; the central handler turns it into `{error}` JSON. */
import type { ErrorCode } from '@lift3d/contract';
import type { ContentfulStatusCode } from 'hono/utils/http-status';

export class ApiError extends Error {
  constructor(
    readonly status: ContentfulStatusCode,
    message: string,
    readonly code?: ErrorCode,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

export const badRequest = (message: string) => new ApiError(400, message, 'bad_request');
export const unauthorized = (message = 'Please sign in to continue.') =>
  new ApiError(401, message, 'unauthorized');
/** The token's session was signed out or ended by a password change since the token was issued. */
export const sessionEnded = () =>
  new ApiError(
    401,
    'This session has ended (signed out or password changed). Please sign in again.',
    'session_ended',
  );
export const forbidden = (message = 'You do not have access to this.') =>
  new ApiError(403, message, 'forbidden');
export const notFound = (message = 'Not found.') => new ApiError(404, message, 'not_found');

/** Maps errors raised inside SQL functions (`raise exception ... using errcode`) to API errors. */
export function fromPostgres(error: unknown): ApiError | null {
  const e = error as { code?: string; message?: string };
  if (!e || typeof e.code !== 'string') return null;
  switch (e.code) {
    case '42501': // insufficient_privilege (RLS or grants)
      return new ApiError(403, 'You do not have access to this.', 'forbidden');
    case '23514': // check_violation
    case '22023': // invalid_parameter_value
    case '22P02': // invalid_text_representation
    case '22001': // string_data_right_truncation
    case '22003': // numeric_value_out_of_range (e.g. 2³¹ into an integer)
    case '22021': // character_not_in_repertoire (NUL in text)
      return new ApiError(400, e.message ?? 'Invalid input.', 'bad_request');
    case '23505': // unique_violation
    case '40001': // serialization_failure: changed meanwhile, the caller may retry
      return new ApiError(409, e.message ?? 'Conflict.', 'conflict');
    case 'P0002': // no_data_found
      return new ApiError(404, e.message ?? 'Not found.', 'not_found');
    case 'P0402': // custom: not enough credits
      return new ApiError(402, e.message ?? 'Not enough credits.', 'payment_required');
    case 'P0422': // custom: an Idempotency-Key reused with other parameters
      return new ApiError(
        422,
        e.message ?? 'This Idempotency-Key was used for another request.',
        'idempotency_mismatch',
      );
    case 'P0409': // custom: a limit on how many of something one may have (e.g. 10 API keys)
      return new ApiError(409, e.message ?? 'Limit reached.', 'conflict');
    case 'P0429': // custom: slow down
      return new ApiError(429, e.message ?? 'Too many requests.', 'rate_limited');
    default:
      return null;
  }
}
