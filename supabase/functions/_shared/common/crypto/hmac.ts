/**
 * HMAC-SHA256 as lowercase hex, with Web Crypto only (Deno and Node alike): signed file links, webhook
 * signatures and the free studio's client-address hash all use it.
 */
const encoder = new TextEncoder();

// Imported keys by secret: a list of models signs several links per model with the one link secret, and
// importing the key again for each was a good part of the work. Bounded, since webhook secrets are per user.
// (Named by what importKey returns: the Node type checks see no global CryptoKey.)
type HmacKey = Awaited<ReturnType<typeof crypto.subtle.importKey>>;
const keys = new Map<string, Promise<HmacKey>>();
const MAX_KEYS = 64;

function keyFor(secret: string): Promise<HmacKey> {
  let key = keys.get(secret);
  if (!key) {
    if (keys.size >= MAX_KEYS) keys.clear();
    key = crypto.subtle.importKey('raw', encoder.encode(secret), { name: 'HMAC', hash: 'SHA-256' }, false, [
      'sign',
    ]);
    // A failed import is not kept: the next call tries again.
    key.catch(() => keys.delete(secret));
    keys.set(secret, key);
  }
  return key;
}

/** The MAC of `message` under `secret` (both UTF-8); `bytes` keeps only the first bytes (a shorter link). */
export async function hmacSha256Hex(secret: string, message: string, bytes = 32): Promise<string> {
  const key = await keyFor(secret);
  const mac = new Uint8Array(await crypto.subtle.sign('HMAC', key, encoder.encode(message)));
  return Array.from(mac.subarray(0, bytes), (b) => b.toString(16).padStart(2, '0')).join('');
}
