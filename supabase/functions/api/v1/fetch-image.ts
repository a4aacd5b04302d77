/**
 * Fetches the `image_url` of POST /api/v1/generations for the caller, without letting the URL reach our
 * own network (SSRF): https only, no credentials in the URL, every address the host name resolves to
 * (Deno.resolveDns, A and AAAA) must be public, redirects are followed by hand and each hop is checked the
 * same way, and the download has a size and a time limit. A refusal is the caller's error, before any
 * credit moves.
 *
 * notes:
 * - fetch() resolves the name again when it connects; a resolver that answers differently within that
 *   moment (DNS rebinding) is not covered by this check alone. Every address of the name must be public,
 *   so a name that mixes public and private answers is refused.
 * - Tests need a reachable https server, which runs on loopback: `trustedOrigins` names exact origins that
 *   may resolve to non-public addresses and `caCerts` adds the test server's self-signed root. Both are
 *   empty in production; everything else is the same code path.
 */
import { isPublicAddress } from '@lift3d/common/net/public-address.ts';
import { ApiError } from '../core/errors.ts';

export interface ImageFetchOptions {
  maxBytes: number;
  /** For the whole download, redirects included. */
  timeoutMs: number;
  maxRedirects: number;
  /** Extra trusted root certificates (PEM). */
  caCerts?: string[];
  /** Exact origins (`https://host:port`) allowed to resolve to non-public addresses: tests only. */
  trustedOrigins?: string[];
  /** Host name → addresses; Deno.resolveDns by default. */
  resolve?: (host: string) => Promise<string[]>;
}

export const IMAGE_FETCH_DEFAULTS = { timeoutMs: 15_000, maxRedirects: 3 };

const refused = (message: string) => new ApiError(400, message, 'image_url_refused');
const failed = (message: string) => new ApiError(422, message, 'image_url_failed');

async function resolveDns(host: string): Promise<string[]> {
  const lookups = await Promise.allSettled([Deno.resolveDns(host, 'A'), Deno.resolveDns(host, 'AAAA')]);
  return lookups.flatMap((r) => (r.status === 'fulfilled' ? r.value : []));
}

function isIpLiteral(host: string): boolean {
  return /^\[.*\]$/.test(host) || /^[\d.]+$/.test(host);
}

async function checkHop(url: URL, options: ImageFetchOptions): Promise<void> {
  if (url.protocol !== 'https:') throw refused('image_url must be an https:// URL.');
  if (url.username || url.password) throw refused('image_url must not contain a user name or password.');
  if (options.trustedOrigins?.includes(url.origin)) return;
  const host = url.hostname;
  const addresses = isIpLiteral(host) ? [host] : await (options.resolve ?? resolveDns)(host);
  if (addresses.length === 0) throw failed(`image_url: the host ${host} could not be resolved.`);
  const blocked = addresses.find((a) => !isPublicAddress(a));
  if (blocked !== undefined) {
    throw refused(
      `image_url: ${host} resolves to a private or reserved address; only public hosts are fetched.`,
    );
  }
}

export interface FetchedImage {
  bytes: Uint8Array;
  /** The last path segment of the final URL, for messages. */
  name: string;
}

export async function fetchImageUrl(raw: string, options: ImageFetchOptions): Promise<FetchedImage> {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw refused('image_url must be an absolute https:// URL.');
  }
  const client = options.caCerts?.length ? Deno.createHttpClient({ caCerts: options.caCerts }) : undefined;
  const signal = AbortSignal.timeout(options.timeoutMs);
  try {
    for (let hop = 0; ; hop++) {
      await checkHop(url, options);
      let response: Response;
      try {
        response = await fetch(url, { redirect: 'manual', signal, client, headers: { accept: 'image/*' } });
      } catch (error) {
        if (signal.aborted) throw failed(`image_url: no answer within ${options.timeoutMs / 1000} s.`);
        throw failed(`image_url could not be fetched (${(error as Error).name}).`);
      }
      if (response.status >= 300 && response.status < 400 && response.headers.has('location')) {
        await response.body?.cancel();
        if (hop >= options.maxRedirects) throw failed('image_url redirects too many times.');
        url = new URL(response.headers.get('location')!, url);
        continue;
      }
      if (!response.ok) {
        await response.body?.cancel();
        throw failed(`image_url answered HTTP ${response.status}.`);
      }
      const bytes = await readCapped(response, options.maxBytes, signal, options.timeoutMs);
      const name = decodeURIComponent(url.pathname.split('/').pop() || '') || 'image';
      return { bytes, name };
    }
  } finally {
    client?.close();
  }
}

async function readCapped(response: Response, maxBytes: number, signal: AbortSignal, timeoutMs: number) {
  const tooLarge = () =>
    new ApiError(413, `image_url is larger than ${Math.round(maxBytes / 1024 / 1024)} MB.`, 'too_large');
  const declared = Number(response.headers.get('content-length') ?? Number.NaN);
  if (declared > maxBytes) {
    await response.body?.cancel();
    throw tooLarge();
  }
  if (!response.body) return new Uint8Array();
  const chunks: Uint8Array[] = [];
  let total = 0;
  const reader = response.body.getReader();
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      total += value.byteLength;
      // The declared length may be absent or wrong: the bytes actually read decide.
      if (total > maxBytes) {
        await reader.cancel();
        throw tooLarge();
      }
      chunks.push(value);
    }
  } catch (error) {
    if (error instanceof ApiError) throw error;
    if (signal.aborted) throw failed(`image_url: the download did not finish within ${timeoutMs / 1000} s.`);
    throw failed('image_url: the download broke off.');
  }
  const bytes = new Uint8Array(total);
  let at = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, at);
    at += chunk.byteLength;
  }
  return bytes;
}
