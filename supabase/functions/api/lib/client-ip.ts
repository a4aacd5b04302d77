/**
 * The sender's IP address as a keyed hash: enough to rate-limit public forms, never stored in the clear.
 *
 * notes: behind Supabase's edge (and the local gateway, which overwrites the header) the first
 * `x-forwarded-for` entry is the client; `cf-connecting-ip`/`x-real-ip` win where a proxy sets them.
 * The key is a server secret so the hash of an IPv4 address cannot be reversed by trying all 2³² of them.
 */
import type { Context } from 'hono';

export function clientIp(c: Context): string | null {
  const direct = c.req.header('cf-connecting-ip') ?? c.req.header('x-real-ip');
  if (direct?.trim()) return direct.trim();
  const first = c.req.header('x-forwarded-for')?.split(',')[0]?.trim();
  return first || null;
}

export async function hashClientIp(c: Context, key: string): Promise<string | null> {
  const ip = clientIp(c);
  if (!ip) return null;
  const enc = new TextEncoder();
  const hmac = await crypto.subtle.importKey(
    'raw',
    enc.encode(key),
    { name: 'HMAC', hash: 'SHA-256' },
    false,
    ['sign'],
  );
  const mac = new Uint8Array(await crypto.subtle.sign('HMAC', hmac, enc.encode(ip)));
  return Array.from(mac, (b) => b.toString(16).padStart(2, '0')).join('');
}
