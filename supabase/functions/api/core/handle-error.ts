/** The central error handler: every failure leaves as `{error}` JSON with the right status. */
import type { ErrorBody } from '@lift3d/contract';
import type { ErrorHandler } from 'hono';
import { HTTPException } from 'hono/http-exception';
import { ApiError, fromPostgres } from './errors.ts';

export const handleError: ErrorHandler = (error, c) => {
  if (error instanceof ApiError) {
    return c.json<ErrorBody>({ error: error.message, code: error.code }, error.status);
  }
  if (error instanceof HTTPException) {
    return c.json<ErrorBody>({ error: error.message || 'Bad request.' }, error.status);
  }
  const mapped = fromPostgres(error);
  if (mapped) return c.json<ErrorBody>({ error: mapped.message, code: mapped.code }, mapped.status);
  // Unexpected: log with the request for the operator, tell the user something useful.
  console.error(`api: ${c.req.method} ${c.req.path} failed:`, error);
  return c.json<ErrorBody>({ error: 'Something went wrong on our side. Please try again in a moment.' }, 500);
};
