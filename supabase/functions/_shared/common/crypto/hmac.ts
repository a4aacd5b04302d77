/**
 * HMAC-SHA256 as lowercase hex, with Web Crypto only (Deno and Node alike): signed file links, webhook
 * signatures and the free studio's client-address hash all use it.
 */
const encoder = new TextEncoder();

/** The MAC of `message` under `secret` (both UTF-8); `bytes` keeps only the first bytes (a shorter link). */
export async function hmacSha256Hex(secret: string, message: string, bytes = 32): Promise<string> {
  const key = await crypto.subtle.importKey(
    'raw',
    encoder.encode(secret),
    { name: 'HMAC', hash: 'SHA-256' },
    false,
    ['sign'],
  );
  const mac = new Uint8Array(await crypto.subtle.sign('HMAC', key, encoder.encode(message)));
  return Array.from(mac.subarray(0, bytes), (b) => b.toString(16).padStart(2, '0')).join('');
}
