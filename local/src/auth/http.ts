/**
 * Small node:http helpers: body parsing (JSON or form), JSON answers, redirects, CORS, and errors in
 * GoTrue's two response shapes, chosen by the `X-Supabase-Api-Version` request header exactly as GoTrue
 * does: `{code: <error_code>, message}` for 2024-01-01 (what supabase-js sends), otherwise the initial
 * `{code: <status>, error_code, msg}`.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { AuthHttpError } from './errors.ts';

const API_VERSION_HEADER = 'x-supabase-api-version';
const API_VERSION_2024 = '2024-01-01';
const MAX_BODY_BYTES = 1024 * 1024;

export type Body = Record<string, unknown>;

export async function readBody(req: IncomingMessage): Promise<Body> {
  if (req.method === 'GET' || req.method === 'HEAD') return {};
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    size += (chunk as Buffer).length;
    if (size > MAX_BODY_BYTES) {
      throw new AuthHttpError(413, 'validation_failed', 'Request body too large: send at most 1 MB.');
    }
    chunks.push(chunk as Buffer);
  }
  const text = Buffer.concat(chunks).toString('utf8').trim();
  if (!text) return {};
  const type = String(req.headers['content-type'] ?? '');
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

export function sendJson(
  res: ServerResponse,
  status: number,
  body: unknown,
  headers: Record<string, string> = {},
) {
  const text = JSON.stringify(body);
  res.writeHead(status, {
    'content-type': 'application/json',
    'content-length': Buffer.byteLength(text),
    'cache-control': 'no-store',
    ...headers,
  });
  res.end(text);
}

export function sendEmpty(res: ServerResponse, status = 204) {
  res.writeHead(status, { 'cache-control': 'no-store' });
  res.end();
}

export function redirect(res: ServerResponse, location: string, status = 302) {
  res.writeHead(status, { location, 'cache-control': 'no-store' });
  res.end();
}

function wantsApiVersion2024(req: IncomingMessage): boolean {
  const value = String(req.headers[API_VERSION_HEADER] ?? '');
  return /^\d{4}-\d{2}-\d{2}$/.test(value) && value >= API_VERSION_2024;
}

export function sendError(req: IncomingMessage, res: ServerResponse, error: AuthHttpError) {
  const headers: Record<string, string> = {};
  if (error.retryAfter !== null) headers['retry-after'] = String(error.retryAfter);
  if (wantsApiVersion2024(req)) {
    headers['x-supabase-api-version'] = API_VERSION_2024;
    sendJson(res, error.status, { code: error.code, message: error.message, ...error.extra }, headers);
    return;
  }
  sendJson(
    res,
    error.status,
    { code: error.status, error_code: error.code, msg: error.message, ...error.extra },
    headers,
  );
}

/** Supabase's API answers any origin (its keys, not cookies, authenticate); the SPA's dev server needs it. */
export function applyCors(req: IncomingMessage, res: ServerResponse): boolean {
  const origin = req.headers.origin;
  if (origin) {
    res.setHeader('access-control-allow-origin', origin);
    res.setHeader('vary', 'Origin');
    res.setHeader('access-control-allow-credentials', 'true');
    res.setHeader(
      'access-control-expose-headers',
      'x-total-count, link, x-supabase-api-version, retry-after',
    );
  }
  if (req.method !== 'OPTIONS') return false;
  res.setHeader('access-control-allow-methods', 'GET, POST, PUT, PATCH, DELETE, OPTIONS');
  res.setHeader(
    'access-control-allow-headers',
    String(
      req.headers['access-control-request-headers'] ?? 'authorization, apikey, content-type, x-client-info',
    ),
  );
  res.setHeader('access-control-max-age', '600');
  sendEmpty(res, 204);
  return true;
}

export function clientIp(req: IncomingMessage, trustForwardedFor: boolean): string {
  if (trustForwardedFor) {
    const forwarded = String(req.headers['x-forwarded-for'] ?? '')
      .split(',')[0]
      ?.trim();
    if (forwarded) return forwarded;
  }
  return req.socket.remoteAddress ?? 'unknown';
}

export function bearerToken(req: IncomingMessage): string | null {
  const header = String(req.headers.authorization ?? '');
  const match = /^Bearer\s+(\S+)$/i.exec(header);
  return match ? match[1] : null;
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
