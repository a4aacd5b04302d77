/**
 * One HTTP exchange with a service, its failures sorted into ProviderError codes the runner acts on:
 * 401/403 auth (never retried: a bad key stays bad), 429 rate_limited and 5xx or network errors
 * unavailable (retried, honouring Retry-After), other 4xx rejected.
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
}

/** The service's own words from an error body ({message}, {detail}, {error}), cut short. */
function errorText(body: unknown, fallback: string): string {
  if (body && typeof body === 'object') {
    const b = body as Record<string, unknown>;
    for (const key of ['message', 'detail', 'error']) {
      const value = b[key];
      if (typeof value === 'string' && value) return value.slice(0, 300);
      if (value && typeof value === 'object') return JSON.stringify(value).slice(0, 300);
    }
  }
  return fallback;
}

export async function requestJson<T = Record<string, unknown>>(req: JsonRequest): Promise<T> {
  const init: RequestInit = {
    method: req.method ?? (req.body === undefined ? 'GET' : 'POST'),
    headers: { Accept: 'application/json', ...req.headers },
    signal: req.signal,
  };
  if (req.body instanceof FormData) init.body = req.body;
  else if (req.body !== undefined) {
    init.body = JSON.stringify(req.body);
    (init.headers as Record<string, string>)['Content-Type'] = 'application/json';
  }
  let res: Response;
  try {
    res = await req.fetch(req.url, init);
  } catch (cause) {
    if (req.signal.aborted) throw cause;
    throw new ProviderError(
      req.backend,
      'unavailable',
      `cannot reach ${new URL(req.url).host} (${(cause as Error).message})`,
      { cause },
    );
  }
  const text = await res.text();
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
  if (status === 401 || status === 403) {
    throw new ProviderError(req.backend, 'auth', `the API key was refused (${status}: ${message})`, {
      status,
    });
  }
  if (status === 429) {
    const after = Number(res.headers.get('retry-after'));
    throw new ProviderError(req.backend, 'rate_limited', `rate limited (${message})`, {
      status,
      retryAfterMs: Number.isFinite(after) && after >= 0 ? after * 1000 : undefined,
    });
  }
  if (status >= 500)
    throw new ProviderError(req.backend, 'unavailable', `server error ${status} (${message})`, { status });
  throw new ProviderError(req.backend, 'rejected', `refused the request (${status}: ${message})`, { status });
}

export function dataUri(png: Uint8Array): string {
  return `data:image/png;base64,${Buffer.from(png.buffer, png.byteOffset, png.byteLength).toString('base64')}`;
}

export function trimSlash(url: string): string {
  return url.replace(/\/+$/, '');
}
