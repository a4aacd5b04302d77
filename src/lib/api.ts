import type {
  ContactMessage,
  PublicSettings,
  RouteAnswer,
  RouteBody,
  RouteName,
  RouteParams,
  RouteQuery,
  User,
  Visit,
  WaitlistSignup,
} from '@lift3d/contract';
import { ROUTES } from '@lift3d/contract/routes';
import { getConfig } from './config';
import { getAccessToken } from './supabase';

/**
 * The `/api` client (SPEC §7, §8 "API client").
 *
 * notes:
 * - Every call sends and accepts JSON, omits cookies and bypasses the HTTP cache; the caller's identity is the
 *   supabase access token in `Authorization: Bearer`, never a cookie.
 * - Errors: a non-2xx status throws with the body's `error` field, else the body text, else `HTTP {status}`.
 *   A body that is not JSON (or fails to parse) is wrapped as `{success: false, error: text}`: a failure even
 *   on a 2xx status, because every endpoint answers JSON and anything else means a proxy or host is in the way.
 *   A request that never gets a response throws 'Network error'. Every failure is logged, then rethrown.
 */

export type { User };

export class ApiError extends Error {
  /** HTTP status, or 0 when no response arrived. */
  readonly status: number;
  readonly body: unknown;
  constructor(message: string, status: number, body: unknown) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.body = body;
  }
}

export interface ApiClientOptions {
  /** Base of every path, e.g. '/api' or 'http://127.0.0.1:3000/api'. */
  baseUrl: () => Promise<string> | string;
  getAccessToken: () => Promise<string | null>;
  fetch: typeof fetch;
  log: (message: string) => void;
}

export interface RequestOptions {
  headers?: Record<string, string>;
  /** Send the request without the session's bearer token (e.g. anonymous analytics). */
  anonymous?: boolean;
}

const DEFAULTS: ApiClientOptions = {
  baseUrl: async () => (await getConfig()).apiUrl,
  getAccessToken,
  fetch: (input, init) => globalThis.fetch(input, init),
  log: (message) => console.error(message),
};

function errorField(data: unknown): string | undefined {
  if (!data || typeof data !== 'object' || !('error' in data)) return undefined;
  const error = (data as { error: unknown }).error;
  if (typeof error === 'string') return error || undefined;
  if (error && typeof error === 'object' && 'message' in error && typeof error.message === 'string') {
    return error.message || undefined;
  }
  return undefined;
}

function parseBody(res: Response, text: string): { data: unknown; wrapped: boolean } {
  if (!text) return { data: null, wrapped: false };
  if ((res.headers.get('content-type') ?? '').includes('json')) {
    try {
      return { data: JSON.parse(text), wrapped: false };
    } catch {
      // fall through: a broken JSON body is treated like any other non-JSON text
    }
  }
  return { data: { success: false, error: text }, wrapped: true };
}

export type ApiClient = ReturnType<typeof createApiClient>;

/** What `call` takes besides the route's name: its path parameters, body and query when it has them. */
type CallOptions<N extends RouteName> = RequestOptions &
  (keyof RouteParams<N> extends never ? { params?: undefined } : { params: RouteParams<N> }) &
  (RouteBody<N> extends undefined ? { body?: undefined } : { body: RouteBody<N> }) &
  (RouteQuery<N> extends undefined ? { query?: undefined } : { query?: RouteQuery<N> });

/** Optional when the route needs neither parameters nor a body. */
type CallArgs<N extends RouteName> =
  Record<never, never> extends CallOptions<N> ? [options?: CallOptions<N>] : [options: CallOptions<N>];

/** `/users/:id` with `{id}` filled in (each value encoded) and the query appended. */
function routePath(
  template: string,
  params: Record<string, string> = {},
  query: Record<string, string | number | undefined> = {},
): string {
  const path = template.replace(/:(\w+)/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`api: ${template} needs the parameter ${name}`);
    return encodeURIComponent(value);
  });
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) if (value !== undefined) search.set(key, String(value));
  const text = search.toString();
  return text ? `${path}?${text}` : path;
}

export function createApiClient(options: Partial<ApiClientOptions> = {}) {
  const o: ApiClientOptions = { ...DEFAULTS, ...options };

  /** Base URL and bearer token of every call. */
  async function prepare(path: string, ro: RequestOptions, headers: Headers) {
    const base = (await o.baseUrl()).replace(/\/+$/, '');
    if (!ro.anonymous) {
      const token = await o.getAccessToken();
      if (token) headers.set('Authorization', `Bearer ${token}`);
    }
    return `${base}${path}`;
  }

  /**
   * A call whose body or answer is not JSON (a multipart upload, a file download): the same token, cookie
   * and cache rules and the same errors as `send`, but the successful Response is the caller's to read.
   */
  async function raw(path: string, init: RequestInit, ro: RequestOptions = {}): Promise<Response> {
    const label = `api: ${init.method ?? 'GET'} ${path}`;
    try {
      const headers = new Headers(init.headers);
      const url = await prepare(path, ro, headers);
      let res: Response;
      try {
        res = await o.fetch(url, { ...init, headers, credentials: 'omit', cache: 'no-store' });
      } catch (cause) {
        throw new ApiError('Network error', 0, cause);
      }
      if (!res.ok) {
        const text = await res.text().catch(() => '');
        const { data } = parseBody(res, text);
        throw new ApiError(errorField(data) || text || `HTTP ${res.status}`, res.status, data);
      }
      return res;
    } catch (err) {
      o.log(`${label} failed: ${err instanceof Error ? err.message : String(err)}`);
      throw err;
    }
  }

  async function send<T>(method: string, path: string, body?: unknown, ro: RequestOptions = {}): Promise<T> {
    const label = `api: ${method} ${path}`;
    try {
      const headers = new Headers({ Accept: 'application/json', ...ro.headers });
      if (body !== undefined) headers.set('Content-Type', 'application/json');
      const url = await prepare(path, ro, headers);
      let res: Response;
      let text: string;
      try {
        res = await o.fetch(url, {
          method,
          headers,
          body: body === undefined ? undefined : JSON.stringify(body),
          credentials: 'omit',
          cache: 'no-store',
        });
        text = await res.text();
      } catch (cause) {
        throw new ApiError('Network error', 0, cause);
      }
      const { data, wrapped } = parseBody(res, text);
      if (!res.ok) throw new ApiError(errorField(data) || text || `HTTP ${res.status}`, res.status, data);
      if (wrapped) throw new ApiError(text, res.status, data);
      return data as T;
    } catch (err) {
      const message = err instanceof Error ? err.message : String(err);
      o.log(`${label} failed: ${message}`);
      throw err;
    }
  }

  /**
   * A JSON endpoint by its name in the contract's route table: the body it takes and the answer it gives
   * are the contract's schemas' types, so a changed field there is a type error here.
   */
  function call<N extends RouteName>(name: N, ...[options]: CallArgs<N>): Promise<RouteAnswer<N>> {
    const [method, template] = ROUTES[name].split(' ') as [string, string];
    const o = (options ?? {}) as CallOptions<N>;
    const path = routePath(
      template,
      o.params as Record<string, string> | undefined,
      o.query as Record<string, string | number | undefined> | undefined,
    );
    const body = o.body ?? (method === 'GET' || method === 'DELETE' ? undefined : {});
    return send<RouteAnswer<N>>(method, path, body, o);
  }

  return {
    call,
    request: send,
    raw,
    get: <T>(path: string, ro?: RequestOptions) => send<T>('GET', path, undefined, ro),
    post: <T>(path: string, body?: unknown, ro?: RequestOptions) => send<T>('POST', path, body ?? {}, ro),
    put: <T>(path: string, body?: unknown, ro?: RequestOptions) => send<T>('PUT', path, body ?? {}, ro),
    delete: <T>(path: string, ro?: RequestOptions) => send<T>('DELETE', path, undefined, ro),

    /** Price of a conversion and the limits, from the database (`GET /api/config`). */
    getSettings: (): Promise<PublicSettings> => call('config', { anonymous: true }),
    health: () => send<{ status: string; db: string; version: string }>('GET', '/health'),
    recordVisit: (visit: Visit, sessionId: string) =>
      call('visit', { body: visit, headers: { 'X-Session-Id': sessionId } }),
    getUser: (id: string): Promise<{ user: User }> => call('user', { params: { id } }),
    updateUser: (id: string, changes: { name?: string; email?: string }) =>
      call('updateUser', { params: { id }, body: changes }),
    addCredits: (id: string, creditsToAdd: number) =>
      call('addCredits', { params: { id }, body: { creditsToAdd } }),
    sendContact: (message: ContactMessage) => call('contact', { body: message }),
    joinWaitlist: (signup: WaitlistSignup) => call('waitlist', { body: signup }),
    findUserByEmail: async (_email: string): Promise<never> => {
      const err = new Error('findUserByEmail not implemented in API yet');
      o.log(`api: findUserByEmail failed: ${err.message}`);
      throw err;
    },
  };
}

/** The app's client: base URL from `/config.json`, token from the supabase session. */
export const api = createApiClient();
