/**
 * Request bodies validated at the route with the contract's zod schemas (`jsonBody(schema)` before the
 * handler; the handler reads `c.req.valid('json')`, typed from the schema). Bad JSON and invalid fields
 * become clear 400s in the api's own error shape.
 */
import { zValidator } from '@hono/zod-validator';
import type { Context, MiddlewareHandler } from 'hono';
import { validator } from 'hono/validator';
import type { z } from 'zod/mini';
import { ApiError, badRequest } from './errors.ts';
import { findNul, MAX_JSON_DEPTH, nestsDeeperThan } from './request-limits.ts';

/** The first problem of a failed parse, named by its field, as every route words it. */
export function firstIssue(error: { issues: readonly { path: readonly PropertyKey[]; message: string }[] }) {
  const issue = error.issues[0];
  const field = issue?.path.map(String).join('.') || 'body';
  return `${field}: ${issue?.message ?? 'invalid value'}`;
}

/**
 * Reads the body once before zod sees it: the depth and NUL limits, and JSON that does not parse, are
 * refused in our words (Hono keeps the text, so the validator after it parses the same bytes).
 */
async function readJson(c: Context, next: () => Promise<void>): Promise<void> {
  let text: string;
  try {
    text = await c.req.text();
  } catch (error) {
    // The body limit's 413 comes through here while the body is read.
    if (error instanceof ApiError) throw error;
    throw badRequest('The request body could not be read.');
  }
  const type = (c.req.header('content-type') ?? '').split(';')[0].trim().toLowerCase();
  if (!/^application\/([\w.-]+\+)?json$/.test(type)) {
    throw badRequest('Send the request body as JSON (Content-Type: application/json).');
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
  await next();
}

/** The JSON body checked against `schema` at the route; the handler reads it with `c.req.valid('json')`. */
export function jsonBody<T extends z.ZodMiniType>(schema: T) {
  const check = zValidator('json', schema, (result) => {
    if (!result.success) throw badRequest(firstIssue(result.error));
  });
  // The hook throws on a failed check, so the validator never answers by itself: nothing to pass back.
  const guarded: typeof check = (c, next) =>
    readJson(c, async () => {
      await check(c, next);
    });
  return guarded;
}

/** For a body whose route also takes multipart: the same checks, called from the handler. */
export async function parseJson<T extends z.ZodMiniType>(c: Context, schema: T): Promise<z.output<T>> {
  let parsed: z.output<T> | undefined;
  await readJson(c, async () => {
    const result = await schema.safeParseAsync(await c.req.json());
    if (!result.success) throw badRequest(firstIssue(result.error));
    parsed = result.data as z.output<T>;
  });
  return parsed as z.output<T>;
}

/** The same reading checks for a route that takes JSON or multipart: applied only to a JSON body. */
export const jsonGuard: MiddlewareHandler = async (c, next) => {
  const type = (c.req.header('content-type') ?? '').toLowerCase();
  if (!type.startsWith('application/json')) return next();
  await readJson(c, next);
};

/**
 * The query string checked against `schema` at the route; the handler reads `c.req.valid('query')`. Empty
 * values (`?q=`) count as not given, as a form that leaves a field blank means; `refusal` words the 400
 * for the whole query (a list's limits read better in one sentence than field by field).
 */
export function queryParams<T extends z.ZodMiniType>(schema: T, refusal?: string) {
  return validator('query', (value) => {
    const given: Record<string, string> = {};
    for (const [key, v] of Object.entries(value)) {
      // A repeated parameter counts by its first value, as c.req.query() reads it.
      const first = Array.isArray(v) ? v[0] : v;
      if (first !== undefined && first !== '') given[key] = first;
    }
    const result = schema.safeParse(given);
    if (!result.success) throw badRequest(refusal ?? firstIssue(result.error));
    return result.data as z.output<T>;
  });
}
