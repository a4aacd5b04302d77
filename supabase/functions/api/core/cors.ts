/**
 * CORS for a deployed SPA on another origin than the function (a static host calling
 * https://<ref>.supabase.co/functions/v1/api). Preflights are answered before authentication (a browser
 * never sends the token with them); only the configured site origins get `Access-Control-Allow-Origin`,
 * so any other page's script cannot read answers with a user's token.
 */
import type { MiddlewareHandler } from 'hono';
import { cors } from 'hono/cors';

export interface CorsOptions {
  /** Exact origins (`scheme://host[:port]`) allowed to call the api from a browser. */
  allowedOrigins: readonly string[];
  /** How long a browser may cache a preflight answer. */
  maxAgeSeconds?: number;
}

/** Headers the SPA and supabase-js send: the bearer token, JSON bodies, retries, visit sessions. */
const ALLOWED_HEADERS = [
  'authorization',
  'content-type',
  'accept',
  'idempotency-key',
  'x-session-id',
  'x-client-info',
  'apikey',
  'range',
];

/** Headers script may read from answers (downloads name their file; throttled calls say when to retry). */
const EXPOSED_HEADERS = ['content-disposition', 'content-length', 'content-range', 'retry-after'];

/** `https://Example.com/` → `https://example.com`; anything that is not an http(s) origin → null. */
function normalizeOrigin(value: string): string | null {
  const trimmed = value.trim();
  if (!URL.canParse(trimmed)) return null;
  const url = new URL(trimmed);
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
  return url.origin;
}

/** The site URL's origin plus a comma-separated allow-list (`CORS_ORIGINS`), without duplicates. */
export function corsOrigins(siteUrl: string | undefined, extra: string | undefined): string[] {
  const all = [siteUrl ?? '', ...(extra ?? '').split(',')]
    .map(normalizeOrigin)
    .filter((o): o is string => o !== null);
  return [...new Set(all)];
}

export function corsMiddleware(options: CorsOptions): MiddlewareHandler {
  const allowed = new Set(options.allowedOrigins);
  return cors({
    origin: (origin) => (allowed.has(origin) ? origin : null),
    allowMethods: ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'],
    allowHeaders: ALLOWED_HEADERS,
    exposeHeaders: EXPOSED_HEADERS,
    maxAge: options.maxAgeSeconds ?? 600,
    // Bearer tokens, never cookies: credentials mode stays off.
    credentials: false,
  });
}
