/** Request body parsing with zod: bad JSON and invalid fields become clear 400s. */
import type { Context } from 'hono';
import type { z } from 'zod';
import { badRequest } from './errors.ts';

export async function parseJson<T extends z.ZodType>(c: Context, schema: T): Promise<z.infer<T>> {
  let body: unknown;
  try {
    body = await c.req.json();
  } catch {
    throw badRequest('The request body must be valid JSON.');
  }
  const result = schema.safeParse(body);
  if (!result.success) {
    const issue = result.error.issues[0];
    const field = issue?.path.join('.') || 'body';
    throw badRequest(`${field}: ${issue?.message ?? 'invalid value'}`);
  }
  return result.data;
}
