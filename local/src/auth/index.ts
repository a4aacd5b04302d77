/**
 * The local stack's auth server: the subset of the Supabase Auth (GoTrue) HTTP API that supabase-js uses,
 * over `auth.users` and Supabase's other auth tables. A development tool: it refuses NODE_ENV=production.
 *
 * A Hono app whose paths are those under `/auth/v1` (the gateway mounts it there, which strips the prefix).
 */
import { getConnInfo } from '@hono/node-server/conninfo';
import { Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { cors } from 'hono/cors';
import type postgres from 'postgres';
import { type AuthConfig, type ResolvedAuthConfig, resolveAuthConfig } from './config.ts';
import type { AuthContext, Mailer, RequestContext } from './context.ts';
import { AuthHttpError } from './errors.ts';
import { requireApiKey } from './guard.ts';
import { errorResponse, MAX_BODY_BYTES, readBody } from './http.ts';
import { OidcClients } from './oidc.ts';
import { RateLimiter } from './rate-limit.ts';
import { ROUTES } from './router.ts';

export { createApiKeys } from './api-keys.ts';
export type { AuthConfig } from './config.ts';
export type { MailMessage } from './context.ts';

export interface AuthDeps {
  sql: postgres.Sql;
  config: AuthConfig;
  /** Sends e-mail (recovery links). Without one, mails are written to `log`. */
  mailer?: Mailer;
  log?: (line: string) => void;
}

export type AuthApp = Hono;

export function createAuthApp(deps: AuthDeps): AuthApp {
  const config = resolveAuthConfig(deps.config);
  const log = deps.log ?? ((line: string) => console.log(`[auth] ${line}`));
  const ctx: AuthContext = {
    sql: deps.sql,
    config,
    mailer:
      deps.mailer ??
      (async (message) => {
        log(`mail to ${message.to}: ${message.subject}\n${message.text}`);
      }),
    limiter: new RateLimiter(),
    secret: new TextEncoder().encode(config.jwtSecret),
    oidc: new OidcClients(config.google),
    log,
  };

  // Trailing slashes are ignored, as GoTrue's router does.
  const app = new Hono({ strict: false });
  // Supabase's API answers any origin (its keys, not cookies, authenticate); the SPA's dev server needs it.
  app.use(
    '*',
    cors({
      origin: (origin) => origin,
      credentials: true,
      allowMethods: ['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'],
      exposeHeaders: ['x-total-count', 'link', 'x-supabase-api-version', 'retry-after'],
      maxAge: 600,
    }),
  );
  app.use(
    '*',
    bodyLimit({
      maxSize: MAX_BODY_BYTES,
      onError: () => {
        throw new AuthHttpError(413, 'validation_failed', 'Request body too large: send at most 1 MB.');
      },
    }),
  );

  const paths = new Map<string, Set<string>>();
  for (const route of ROUTES) {
    paths.set(route.path, (paths.get(route.path) ?? new Set()).add(route.method));
    app.on(route.method, route.path, async (c) => {
      const request: RequestContext = {
        headers: c.req.raw.headers,
        url: new URL(c.req.url),
        body: {},
        ip: clientIp(c.req.raw.headers, getConnInfo(c).remote.address, config),
        userAgent: c.req.header('user-agent') ?? null,
      };
      if (!route.open) requireApiKey(ctx, request);
      request.body = await readBody(c.req.raw);
      return route.handler(ctx, request, c.req.param('id') ?? '');
    });
  }
  // A known path asked with another method is a 405, as GoTrue answers; anything else a 404.
  for (const path of paths.keys()) {
    app.all(path, (c) =>
      errorResponse(
        c.req.raw.headers,
        new AuthHttpError(
          405,
          'validation_failed',
          `Method ${c.req.method} is not allowed on /auth/v1${pathOf(c.req.url)}`,
        ),
      ),
    );
  }
  app.notFound((c) =>
    errorResponse(
      c.req.raw.headers,
      new AuthHttpError(404, 'not_found', `No such endpoint: ${c.req.method} /auth/v1${pathOf(c.req.url)}`),
    ),
  );
  app.onError((error, c) => {
    if (error instanceof AuthHttpError) {
      if (error.status >= 500) log(`${c.req.method} ${c.req.path}: ${error.message}`);
      return errorResponse(c.req.raw.headers, error);
    }
    log(`${c.req.method} ${c.req.path} failed: ${error.stack ?? error}`);
    return errorResponse(
      c.req.raw.headers,
      new AuthHttpError(
        500,
        'unexpected_failure',
        'Unexpected failure, please check server logs for more information',
      ),
    );
  });
  return app;
}

const pathOf = (url: string) => new URL(url).pathname.replace(/\/+$/, '') || '/';

function clientIp(headers: Headers, remote: string | undefined, config: ResolvedAuthConfig): string {
  if (config.trustForwardedFor) {
    const forwarded = (headers.get('x-forwarded-for') ?? '').split(',')[0]?.trim();
    if (forwarded) return forwarded;
  }
  return remote ?? 'unknown';
}
