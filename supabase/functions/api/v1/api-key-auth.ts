/**
 * /api/v1 callers: `Authorization: Bearer <API key>` only. The key is looked up by its SHA-256 through
 * public.api_key_authenticate, which also counts the request in the key's one-minute window; the request
 * then runs as the key's owner (role authenticated, sub = owner), so row-level security and the same SQL
 * functions decide as for a browser session. Browser session tokens are refused here, and keys are refused
 * on the browser routes (their JWT check cannot verify a key).
 */
import type { MiddlewareHandler } from 'hono';
import type { Db } from '../core/db.ts';
import type { AppEnv } from '../core/deps.ts';
import { ApiError } from '../core/errors.ts';

/** `l3d_` + 8 characters shown in the profile + `_` + 43 characters of base64url (32 random bytes). */
const API_KEY_PATTERN = /^(l3d_[A-Za-z0-9]{8})_[A-Za-z0-9_-]{43}$/;

const hex = (buffer: ArrayBuffer) =>
  Array.from(new Uint8Array(buffer), (b) => b.toString(16).padStart(2, '0')).join('');

async function hashApiKey(key: string): Promise<string> {
  return hex(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(key)));
}

const ALPHANUMERIC = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

/** A new key: its visible prefix, the whole secret (shown once) and the hash that is stored. */
export async function newApiKey(): Promise<{ prefix: string; key: string; hash: string }> {
  // 248 is the largest multiple of 62 below 256: rejecting bytes above it keeps the prefix unbiased.
  const prefixChars: string[] = [];
  while (prefixChars.length < 8) {
    for (const b of crypto.getRandomValues(new Uint8Array(16))) {
      if (b < 248 && prefixChars.length < 8) prefixChars.push(ALPHANUMERIC[b % 62]);
    }
  }
  const secret = btoa(String.fromCharCode(...crypto.getRandomValues(new Uint8Array(32))))
    .replaceAll('+', '-')
    .replaceAll('/', '_')
    .replace(/=+$/, '');
  const prefix = `l3d_${prefixChars.join('')}`;
  const key = `${prefix}_${secret}`;
  return { prefix, key, hash: await hashApiKey(key) };
}

const invalidKey = () =>
  new ApiError(401, 'This API key is not valid or has been revoked.', 'invalid_api_key');

export function apiKeyAuth(db: Db): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const header = c.req.header('authorization');
    if (!header) {
      throw new ApiError(
        401,
        'Send your API key as "Authorization: Bearer <key>". Create one in Profile → Developers.',
        'missing_api_key',
      );
    }
    const token = /^Bearer\s+(\S+)$/i.exec(header)?.[1];
    if (!token)
      throw new ApiError(401, 'The Authorization header must be "Bearer <API key>".', 'invalid_api_key');
    if (!API_KEY_PATTERN.test(token)) {
      if (token.split('.').length === 3) {
        throw new ApiError(
          401,
          'Browser session tokens are not accepted on /api/v1. Use an API key from Profile → Developers.',
          'session_token_not_accepted',
        );
      }
      throw invalidKey();
    }
    const hash = await hashApiKey(token);
    const [state] = await db.asService(
      (tx) => tx`select key_id, user_id, request_limit, remaining, reset_at, allowed
                   from public.api_key_authenticate(${hash})`,
    );
    if (!state) throw invalidKey();
    const resetSeconds = Math.max(1, Math.ceil((new Date(state.reset_at).getTime() - Date.now()) / 1000));
    c.header('RateLimit-Limit', String(state.request_limit));
    c.header('RateLimit-Remaining', String(state.remaining));
    c.header('RateLimit-Reset', String(resetSeconds));
    if (!state.allowed) {
      c.header('Retry-After', String(resetSeconds));
      throw new ApiError(
        429,
        `This API key made more than ${state.request_limit} requests this minute. Retry after ${resetSeconds} s.`,
        'rate_limited',
      );
    }
    c.set('caller', {
      role: 'authenticated',
      userId: state.user_id,
      // A key never carries administrator rights on the token; v1 queries are limited to the owner's rows.
      isAdmin: false,
      claims: { role: 'authenticated', sub: state.user_id, aud: 'authenticated', api_key_id: state.key_id },
    });
    return next();
  };
}
