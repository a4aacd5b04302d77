/** The body of every failed `/api` answer: a sentence for the user and, for known failures, a code. */
import * as z from 'zod/mini';

export const ERROR_CODES = [
  'bad_request',
  'unauthorized',
  'forbidden',
  'not_found',
  'conflict',
  'payment_required',
  'idempotency_mismatch',
  'rate_limited',
  'unavailable',
  'gone',
  'too_large',
  'invalid_token',
  'invalid_signature',
  'session_ended',
  'bad_gateway',
  // /api/v1 only
  'missing_api_key',
  'invalid_api_key',
  'session_token_not_accepted',
  'image_url_refused',
  'image_url_failed',
] as const;
export const ErrorCode = z.enum(ERROR_CODES);
export type ErrorCode = z.infer<typeof ErrorCode>;

export const ErrorBody = z.object({
  error: z.string(),
  /** Stable machine-readable reason; absent on unexpected failures. */
  code: z.optional(ErrorCode),
});
export type ErrorBody = z.infer<typeof ErrorBody>;
