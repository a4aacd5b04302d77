/**
 * The sender's IP address as a keyed hash: enough to rate-limit public forms and the free daily quota,
 * never stored in the clear.
 *
 * notes: any header a client can set is a lie until a proxy we trust has overwritten it. So the address is
 * read from ONE configured source: by default the `x-forwarded-for` entry the trusted proxy appended (the
 * local gateway overwrites the header; Supabase's edge appends the address it saw), counted from the right
 * past any further trusted hops; or a single header that the trusted proxy always sets
 * (`cf-connecting-ip` behind Cloudflare). `x-real-ip` and `cf-connecting-ip` are never read otherwise.
 * The key is a server secret so the hash of an IPv4 address cannot be reversed by trying all 2³² of them.
 */

import { hmacSha256Hex } from '@lift3d/common/crypto/hmac.ts';
import type { Context } from 'hono';

export interface ClientIpOptions {
  /** `x-forwarded-for`, or the name of a header the trusted proxy always overwrites. */
  header: string;
  /** With x-forwarded-for: trusted proxies after the one that saw the client (0: the last entry). */
  trustedHops: number;
}

const CLIENT_IP_DEFAULTS: ClientIpOptions = { header: 'x-forwarded-for', trustedHops: 0 };

function clientIp(c: Context, options: Partial<ClientIpOptions> = {}): string | null {
  const o = { ...CLIENT_IP_DEFAULTS, ...options };
  const header = o.header.toLowerCase();
  const value = c.req.header(header);
  if (!value?.trim()) return null;
  if (header !== 'x-forwarded-for') return value.trim();
  // Entries left of the trusted proxy's are whatever the client sent; the rightmost are appended by proxies.
  const entries = value
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  return entries[entries.length - 1 - o.trustedHops] ?? null;
}

export async function hashClientIp(
  c: Context,
  key: string,
  options: Partial<ClientIpOptions> = {},
): Promise<string | null> {
  const ip = clientIp(c, options);
  if (!ip) return null;
  return hmacSha256Hex(key, ip);
}
