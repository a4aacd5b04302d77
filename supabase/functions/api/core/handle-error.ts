/**
 * The central error handler: every failure leaves as JSON with the right status. Browser routes answer
 * `{error, code}` (what the SPA reads); /api/v1 answers `{error: {code, message}}` with a stable code.
 */
import type { Context, ErrorHandler } from 'hono';
import { HTTPException } from 'hono/http-exception';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { isV1Path } from '../v1/paths.ts';
import { ApiError, fromPostgres } from './errors.ts';

function answer(c: Context, status: ContentfulStatusCode, message: string, code: string | undefined) {
  if (isV1Path(c.req.path)) {
    return c.json(
      { error: { code: code ?? (status >= 500 ? 'internal_error' : 'bad_request'), message } },
      status,
    );
  }
  return c.json(code === undefined ? { error: message } : { error: message, code }, status);
}

export const handleError: ErrorHandler = (error, c) => {
  if (error instanceof ApiError) return answer(c, error.status, error.message, error.code);
  if (error instanceof HTTPException) {
    return answer(c, error.status as ContentfulStatusCode, error.message || 'Bad request.', undefined);
  }
  const mapped = fromPostgres(error);
  if (mapped) return answer(c, mapped.status, mapped.message, mapped.code);
  // Unexpected: log with the request for the operator, tell the user something useful.
  console.error(`api: ${c.req.method} ${c.req.path} failed:`, error);
  return answer(c, 500, 'Something went wrong on our side. Please try again in a moment.', undefined);
};
