/**
 * Webhook signatures, the same code on the worker (signing) and for anyone verifying (tests, docs).
 * Header: `Lift3D-Signature: t=<unix seconds>,v1=<hex HMAC-SHA256(secret, "<t>.<raw body>")>`. The key is
 * the whole secret string (`whsec_…`) as UTF-8. Receivers recompute v1 over the raw body exactly as received
 * and refuse a timestamp outside the replay window (5 minutes either way): a captured request replayed later
 * fails even though its signature is genuine. Web Crypto only, so it runs on Deno and Node.
 */
import { hmacSha256Hex } from '../crypto/hmac.ts';

export const SIGNATURE_HEADER = 'Lift3D-Signature';
export const EVENT_ID_HEADER = 'Lift3D-Event-Id';
/** How far a signature's timestamp may be from the receiver's clock. */
const REPLAY_WINDOW_SECONDS = 300;

/** The header value for `body` signed at `nowMs`. */
export async function signatureHeader(secret: string, body: string, nowMs = Date.now()): Promise<string> {
  const t = Math.floor(nowMs / 1000);
  return `t=${t},v1=${await hmacSha256Hex(secret, `${t}.${body}`)}`;
}

function sameText(a: string, b: string): boolean {
  // Compares every character whatever differs first, so timing does not reveal the expected value.
  let diff = a.length ^ b.length;
  for (let i = 0; i < Math.max(a.length, b.length); i++) diff |= a.charCodeAt(i) ^ b.charCodeAt(i);
  return diff === 0;
}

export type Verification = { ok: true; timestamp: number } | { ok: false; reason: string };

/** Checks a `Lift3D-Signature` header against the raw body, the secret and the replay window. */
export async function verifySignature(
  secret: string,
  header: string | null,
  body: string,
  options: { nowMs?: number; toleranceSeconds?: number } = {},
): Promise<Verification> {
  if (!header) return { ok: false, reason: 'missing signature header' };
  const fields = new Map<string, string[]>();
  for (const part of header.split(',')) {
    const eq = part.indexOf('=');
    if (eq <= 0) continue;
    const name = part.slice(0, eq).trim();
    fields.set(name, [...(fields.get(name) ?? []), part.slice(eq + 1).trim()]);
  }
  const t = Number(fields.get('t')?.[0]);
  if (!Number.isInteger(t)) return { ok: false, reason: 'no timestamp in the signature header' };
  const now = Math.floor((options.nowMs ?? Date.now()) / 1000);
  if (Math.abs(now - t) > (options.toleranceSeconds ?? REPLAY_WINDOW_SECONDS)) {
    return { ok: false, reason: 'timestamp outside the replay window' };
  }
  const expected = await hmacSha256Hex(secret, `${t}.${body}`);
  // Several v1 values may be present (e.g. while a rotated secret is phased in): any match is enough.
  if (!(fields.get('v1') ?? []).some((v) => sameText(v, expected)))
    return { ok: false, reason: 'signature mismatch' };
  return { ok: true, timestamp: t };
}
