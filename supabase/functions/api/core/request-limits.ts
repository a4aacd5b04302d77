/**
 * Limits every request meets before a route reads it: a body size cap (the upload routes set their own,
 * larger one, for multipart bodies only: JSON to them is capped like anywhere else) and no NUL characters
 * in the query string (Postgres text cannot hold them).
 */
import type { MiddlewareHandler } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { ApiError, badRequest } from './errors.ts';

export interface RequestLimits {
  /** Largest JSON (or other non-upload) body, in bytes. */
  maxBodyBytes: number;
  /** Routes (method + path under /api) that read multipart uploads and enforce their own limit. */
  uploadRoutes: string[];
}

const REQUEST_LIMIT_DEFAULTS: RequestLimits = {
  maxBodyBytes: 256 * 1024,
  uploadRoutes: ['POST /api/generations', 'POST /api/generations/free', 'POST /api/v1/generations'],
};

export function requestLimits(options: Partial<RequestLimits> = {}): MiddlewareHandler {
  const o = { ...REQUEST_LIMIT_DEFAULTS, ...options };
  const uploads = new Set(o.uploadRoutes);
  const limit = bodyLimit({
    maxSize: o.maxBodyBytes,
    onError: () => {
      throw new ApiError(
        413,
        `The request body is larger than ${Math.round(o.maxBodyBytes / 1024)} KB.`,
        'too_large',
      );
    },
  });
  return async (c, next) => {
    const url = new URL(c.req.url);
    // decodeURIComponent throws on a malformed escape: that is the caller's error too.
    let query: string;
    try {
      query = decodeURIComponent(url.search.replaceAll('+', ' '));
    } catch {
      throw badRequest('The query string is not valid URL encoding.');
    }
    if (query.includes('\0')) throw badRequest('The query string must not contain NUL characters.');
    const path = url.pathname.replace(/\/+$/, '');
    const multipart = (c.req.header('content-type') ?? '').toLowerCase().startsWith('multipart/form-data');
    if (multipart && uploads.has(`${c.req.method} ${path}`)) return next();
    return limit(c, next);
  };
}

/** Deepest JSON nesting accepted: no request of ours comes near it, and deeper values cost stack to walk. */
export const MAX_JSON_DEPTH = 64;

/** Whether JSON text nests arrays and objects deeper than `max` (strings skipped), read before parsing. */
export function nestsDeeperThan(text: string, max: number): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text.charCodeAt(i);
    if (inString) {
      if (ch === 0x5c)
        i++; // a backslash escapes the next character
      else if (ch === 0x22) inString = false;
    } else if (ch === 0x22) inString = true;
    else if (ch === 0x5b || ch === 0x7b) {
      if (++depth > max) return true;
    } else if (ch === 0x5d || ch === 0x7d) depth--;
  }
  return false;
}

/** The first string inside a parsed JSON value that holds a NUL character, as a field path; null if none. */
export function findNul(value: unknown, path = ''): string | null {
  if (typeof value === 'string') return value.includes('\0') ? path || 'body' : null;
  if (Array.isArray(value)) {
    for (const [i, item] of value.entries()) {
      const hit = findNul(item, `${path}${path ? '.' : ''}${i}`);
      if (hit) return hit;
    }
    return null;
  }
  if (value && typeof value === 'object') {
    for (const [key, item] of Object.entries(value)) {
      if (key.includes('\0')) return path || 'body';
      const hit = findNul(item, `${path}${path ? '.' : ''}${key}`);
      if (hit) return hit;
    }
  }
  return null;
}

/** An optional whole-number query parameter within [min, max]; a 400 that names it otherwise. */
export function queryInt(
  raw: string | undefined,
  name: string,
  range: { fallback: number; min: number; max: number },
): number {
  if (raw === undefined || raw === '') return range.fallback;
  const value = Number(raw);
  if (!/^-?\d+$/.test(raw.trim()) || !Number.isSafeInteger(value) || value < range.min || value > range.max) {
    throw badRequest(`${name} must be a whole number from ${range.min} to ${range.max}.`);
  }
  return value;
}
