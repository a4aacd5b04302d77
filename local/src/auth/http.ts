/**
 * Request and response helpers of the auth server (a Hono app, see index.ts): body parsing (JSON or form),
 * JSON answers, redirects, and errors in GoTrue's two response shapes, chosen by the
 * `X-Supabase-Api-Version` request header exactly as GoTrue does: `{code: <error_code>, message}` for
 * 2024-01-01 (what supabase-js sends), otherwise the initial `{code: <status>, error_code, msg}`.
 */
import { AuthHttpError } from './errors.ts';

const API_VERSION_HEADER = 'x-supabase-api-version';
const API_VERSION_2024 = '2024-01-01';
export const MAX_BODY_BYTES = 1024 * 1024;

export type Body = Record<string, unknown>;

/** The body as an object; its size is capped before (index.ts, Hono's bodyLimit). */
export async function readBody(request: Request): Promise<Body> {
  if (request.method === 'GET' || request.method === 'HEAD') return {};
  const text = (await request.text()).trim();
  if (!text) return {};
  const type = request.headers.get('content-type') ?? '';
  if (type.includes('application/x-www-form-urlencoded')) {
    return Object.fromEntries(new URLSearchParams(text));
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch (error) {
    throw new AuthHttpError(
      400,
      'bad_json',
      `Could not parse request body as JSON: ${(error as Error).message}`,
    );
  }
  if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) {
    throw new AuthHttpError(400, 'bad_json', 'Could not parse request body as JSON: expected an object.');
  }
  return parsed as Body;
}

export function json(status: number, body: unknown, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json', 'cache-control': 'no-store', ...headers },
  });
}

export function empty(status = 204): Response {
  return new Response(null, { status, headers: { 'cache-control': 'no-store' } });
}

export function redirect(location: string, status = 302): Response {
  return new Response(null, { status, headers: { location, 'cache-control': 'no-store' } });
}

function wantsApiVersion2024(headers: Headers): boolean {
  const value = headers.get(API_VERSION_HEADER) ?? '';
  return /^\d{4}-\d{2}-\d{2}$/.test(value) && value >= API_VERSION_2024;
}

export function errorResponse(headers: Headers, error: AuthHttpError): Response {
  const answerHeaders: Record<string, string> = {};
  if (error.retryAfter !== null) answerHeaders['retry-after'] = String(error.retryAfter);
  if (wantsApiVersion2024(headers)) {
    answerHeaders['x-supabase-api-version'] = API_VERSION_2024;
    return json(error.status, { code: error.code, message: error.message, ...error.extra }, answerHeaders);
  }
  return json(
    error.status,
    { code: error.status, error_code: error.code, msg: error.message, ...error.extra },
    answerHeaders,
  );
}

export function bearerToken(headers: Headers): string | null {
  const match = /^Bearer\s+(\S+)$/i.exec(headers.get('authorization') ?? '');
  return match ? (match[1] ?? null) : null;
}

export function stringField(body: Body, name: string): string | undefined {
  const value = body[name];
  if (value === undefined || value === null) return undefined;
  if (typeof value !== 'string') {
    throw new AuthHttpError(400, 'validation_failed', `"${name}" must be a string.`);
  }
  return value;
}

export function objectField(body: Body, name: string): Record<string, unknown> | undefined {
  const value = body[name];
  if (value === undefined || value === null) return undefined;
  if (typeof value !== 'object' || Array.isArray(value)) {
    throw new AuthHttpError(400, 'validation_failed', `"${name}" must be a JSON object.`);
  }
  return value as Record<string, unknown>;
}
