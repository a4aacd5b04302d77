/** Request body parsing with zod: bad JSON and invalid fields become clear 400s. */
import type { Context } from 'hono';
import type { z } from 'zod';
import { ApiError, badRequest } from './errors.ts';
import { findNul, MAX_JSON_DEPTH, nestsDeeperThan } from './request-limits.ts';

export async function parseJson<T extends z.ZodType>(c: Context, schema: T): Promise<z.infer<T>> {
  let text: string;
  try {
    text = await c.req.text();
  } catch (error) {
    // The body limit's 413 comes through here while the body is read.
    if (error instanceof ApiError) throw error;
    throw badRequest('The request body could not be read.');
  }
  if (nestsDeeperThan(text, MAX_JSON_DEPTH)) {
    throw badRequest(`The request body nests deeper than ${MAX_JSON_DEPTH} levels.`);
  }
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    throw badRequest('The request body must be valid JSON.');
  }
  // Postgres text cannot hold NUL: refused here as the caller's error, not a 500 from the database.
  const nul = findNul(body);
  if (nul) throw badRequest(`${nul}: must not contain NUL characters.`);
  const result = schema.safeParse(body);
  if (!result.success) {
    const issue = result.error.issues[0];
    const field = issue?.path.join('.') || 'body';
    throw badRequest(`${field}: ${issue?.message ?? 'invalid value'}`);
  }
  return result.data;
}
