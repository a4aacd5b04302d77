/**
 * Where a webhook may be sent: an https URL whose host resolves only to public addresses. Checked by the
 * api when the URL is saved and by the worker before every attempt (DNS can change in between). Name
 * resolution is passed in: Deno (api) and Node (worker) resolve differently, the rule is the same.
 * `allowPrivate` (off by default; on in the local stack and tests) also accepts http and private
 * addresses, so a receiver on this machine can be used — every other step stays the same.
 */
import { isPublicAddress } from '../net/public-address.ts';

export interface TargetOptions {
  allowPrivate: boolean;
  /** Every address the host name resolves to (empty when it does not resolve). */
  resolve: (host: string) => Promise<string[]>;
}

export type TargetCheck = { ok: true; url: URL; addresses: string[] } | { ok: false; reason: string };

const IPV4_LITERAL = /^[0-9.]+$/;

/** The URL's host as an address literal (brackets of IPv6 removed), or null for a name. */
function addressLiteral(url: URL): string | null {
  const host = url.hostname;
  if (host.startsWith('[')) return host.slice(1, -1);
  return IPV4_LITERAL.test(host) ? host : null;
}

export async function checkWebhookTarget(raw: string, options: TargetOptions): Promise<TargetCheck> {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return { ok: false, reason: 'Enter the full address of your endpoint, starting with https://.' };
  }
  const schemeOk = url.protocol === 'https:' || (options.allowPrivate && url.protocol === 'http:');
  if (!schemeOk)
    return { ok: false, reason: 'Webhooks are sent over https only: the URL must start with https://.' };
  if (url.username || url.password)
    return { ok: false, reason: 'The URL must not contain a user name or password.' };
  const literal = addressLiteral(url);
  let addresses: string[];
  if (literal) addresses = [literal];
  else {
    try {
      addresses = await options.resolve(url.hostname);
    } catch {
      addresses = [];
    }
  }
  if (addresses.length === 0) return { ok: false, reason: `The host ${url.hostname} could not be resolved.` };
  const blocked = addresses.find((a) => !isPublicAddress(a));
  if (blocked && !options.allowPrivate) {
    return {
      ok: false,
      reason: `The host ${url.hostname} resolves to a private address (${blocked}); webhooks go to public addresses only.`,
    };
  }
  return { ok: true, url, addresses };
}
