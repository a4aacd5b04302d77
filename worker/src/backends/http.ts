/**
 * One HTTP exchange with a service, its failures sorted into ProviderError codes the runner acts on:
 * 401/403 auth (never retried: a bad key stays bad), 429 rate_limited and 5xx, network errors or no
 * answer within the request's timeout unavailable (retried, honouring Retry-After in seconds or as an
 * HTTP date), other 4xx rejected. The parsed error body rides along for the adapters' own codes.
 */
import { type FetchLike, ProviderError } from './types.ts';

export interface JsonRequest {
  backend: string;
  fetch: FetchLike;
  url: string;
  method?: 'GET' | 'POST';
  headers: Record<string, string>;
  body?: unknown;
  signal: AbortSignal;
  /** No answer within this long is a failure (unavailable), never a hang. */
  timeoutMs?: number;
}

export const REQUEST_TIMEOUT_MS = 30_000;

/** Retry-After as milliseconds from now: delay-seconds or an HTTP date (RFC 9110 §10.2.3). */
export function retryAfterMs(header: string | null, now = Date.now()): number | undefined {
  if (!header) return undefined;
  const value = header.trim();
  if (/^\d+$/.test(value)) return Number(value) * 1000;
  const at = Date.parse(value);
  return Number.isFinite(at) ? Math.max(0, at - now) : undefined;
}

/** The caller's signal, also aborted after `ms`; `timedOut` tells the two apart. */
export function withTimeout(signal: AbortSignal, ms: number) {
  const timer = AbortSignal.timeout(ms);
  return { signal: AbortSignal.any([signal, timer]), timedOut: () => timer.aborted && !signal.aborted };
}

/**
 * The service's own words from an error body, cut short: {message} (Meshy; Tripo's with its `code` and
 * `suggestion`), {detail, error_type} (fal's request errors) or {detail: [{msg}]} (fal's model errors).
 */
function errorText(body: unknown, fallback: string): string {
  if (!body || typeof body !== 'object') return fallback;
  const b = body as Record<string, unknown>;
  const parts: string[] = [];
  const main = b.message ?? b.detail ?? b.error ?? b.error_msg;
  if (typeof main === 'string' && main) parts.push(main);
  else if (Array.isArray(main))
    parts.push(
      main
        .map((d) => (d && typeof d === 'object' && typeof d.msg === 'string' ? d.msg : JSON.stringify(d)))
        .join('; '),
    );
  else if (main && typeof main === 'object') parts.push(JSON.stringify(main));
  if (typeof b.suggestion === 'string' && b.suggestion) parts.push(b.suggestion);
  const code = b.error_type ?? b.error_code ?? b.code;
  if ((typeof code === 'string' && code) || typeof code === 'number') parts.push(`code ${code}`);
  return parts.length ? parts.join(' — ').slice(0, 300) : fallback;
}

export async function requestJson<T = Record<string, unknown>>(req: JsonRequest): Promise<T> {
  const timeoutMs = req.timeoutMs ?? REQUEST_TIMEOUT_MS;
  const limit = withTimeout(req.signal, timeoutMs);
  const init: RequestInit = {
    method: req.method ?? (req.body === undefined ? 'GET' : 'POST'),
    headers: { Accept: 'application/json', ...req.headers },
    signal: limit.signal,
  };
  if (req.body instanceof FormData) init.body = req.body;
  else if (req.body !== undefined) {
    init.body = JSON.stringify(req.body);
    (init.headers as Record<string, string>)['Content-Type'] = 'application/json';
  }
  const unreachable = (cause: unknown) => {
    if (req.signal.aborted) return cause;
    const why = limit.timedOut()
      ? `no answer within ${Math.round(timeoutMs / 1000)} s`
      : (cause as Error).message;
    return new ProviderError(req.backend, 'unavailable', `cannot reach ${new URL(req.url).host} (${why})`, {
      cause,
    });
  };
  let res: Response;
  let text: string;
  try {
    res = await req.fetch(req.url, init);
    text = await res.text();
  } catch (cause) {
    throw unreachable(cause);
  }
  let body: unknown = null;
  try {
    body = text ? JSON.parse(text) : null;
  } catch {
    body = null;
  }
  if (res.ok) {
    if (body === null || typeof body !== 'object') {
      throw new ProviderError(req.backend, 'bad_response', `answered ${res.status} without a JSON object`, {
        status: res.status,
      });
    }
    return body as T;
  }
  const message = errorText(body, `HTTP ${res.status}`);
  const status = res.status;
  const retryAfter = retryAfterMs(res.headers.get('retry-after'));
  if (status === 401 || status === 403) {
    throw new ProviderError(req.backend, 'auth', `the API key was refused (${status}: ${message})`, {
      status,
      body,
    });
  }
  if (status === 429) {
    throw new ProviderError(req.backend, 'rate_limited', `rate limited (${message})`, {
      status,
      retryAfterMs: retryAfter,
      body,
    });
  }
  if (status >= 500)
    throw new ProviderError(req.backend, 'unavailable', `server error ${status} (${message})`, {
      status,
      retryAfterMs: retryAfter,
      body,
    });
  throw new ProviderError(req.backend, 'rejected', `refused the request (${status}: ${message})`, {
    status,
    body,
  });
}

export function dataUri(png: Uint8Array): string {
  return `data:image/png;base64,${Buffer.from(png.buffer, png.byteOffset, png.byteLength).toString('base64')}`;
}

export function trimSlash(url: string): string {
  return url.replace(/\/+$/, '');
}
