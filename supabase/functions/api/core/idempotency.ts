/**
 * Idempotency keys as stored: the caller's key in a namespace per kind of request, so a batch's per-item
 * keys, a single request's key and a free conversion's key can never name each other's generations
 * (a single request keyed "K#1" once matched item 1 of batch "K"), and a fingerprint of what the key
 * promises to repeat.
 */
import type { Context } from 'hono';
import { badRequest } from './errors.ts';

/** The request's `Idempotency-Key` header, trimmed (null when absent). */
export function readIdempotencyKey(c: Context): string | null {
  const key = c.req.header('idempotency-key')?.trim() || null;
  if (key && key.length > 150) throw badRequest('Idempotency-Key must be at most 150 characters.');
  return key;
}

/** `one:K` for a single image, `batch:N:K` for item N of a batch (1-based). */
export function storedIdempotencyKey(key: string | null, count: number, index: number): string | null {
  if (!key) return null;
  return count > 1 ? `batch:${index + 1}:${key}` : `one:${key}`;
}

export function freeIdempotencyKey(key: string | null): string | null {
  return key ? `free:${key}` : null;
}

const hex = (buffer: ArrayBuffer) =>
  Array.from(new Uint8Array(buffer), (b) => b.toString(16).padStart(2, '0')).join('');

/** SHA-256 over the request's parameters and the image's own SHA-256. */
export async function requestFingerprint(params: unknown[], image: Uint8Array): Promise<string> {
  const imageHash = hex(await crypto.subtle.digest('SHA-256', image as Uint8Array<ArrayBuffer>));
  const text = JSON.stringify([...params, imageHash]);
  return hex(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text)));
}
