/**
 * The local stack's auth server: the subset of the Supabase Auth (GoTrue) HTTP API that supabase-js uses,
 * over `auth.users` and Supabase's other auth tables. A development tool: it refuses NODE_ENV=production.
 *
 * Mount it under `/auth/v1` (the handler sees paths without that prefix).
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type postgres from 'postgres';
import { type AuthConfig, resolveAuthConfig } from './config.ts';
import type { AuthContext, Mailer, RequestContext } from './context.ts';
import { AuthHttpError } from './errors.ts';
import { requireApiKey } from './guard.ts';
import { applyCors, clientIp, readBody, sendError } from './http.ts';
import { OidcClients } from './oidc.ts';
import { RateLimiter } from './rate-limit.ts';
import { matchRoute } from './router.ts';

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

export type AuthHandler = (req: IncomingMessage, res: ServerResponse) => void;

export function createAuthHandler(deps: AuthDeps): AuthHandler {
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

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    if (applyCors(req, res)) return;
    const url = new URL(req.url ?? '/', 'http://auth.local');
    const path = url.pathname.replace(/\/+$/, '') || '/';
    const method = req.method === 'HEAD' ? 'GET' : (req.method ?? 'GET');
    const match = matchRoute(method, path);
    if (match === null)
      throw new AuthHttpError(404, 'not_found', `No such endpoint: ${method} /auth/v1${path}`);
    if (match === 'method')
      throw new AuthHttpError(405, 'validation_failed', `Method ${method} is not allowed on /auth/v1${path}`);
    const request: RequestContext = {
      req,
      res,
      url,
      body: {},
      ip: clientIp(req, config.trustForwardedFor),
      userAgent: req.headers['user-agent'] ?? null,
    };
    if (!match.route.open) requireApiKey(ctx, request);
    request.body = await readBody(req);
    await match.route.handler(ctx, request, match.param);
  }

  return (req, res) => {
    handle(req, res).catch((error: unknown) => {
      if (res.headersSent) {
        log(`error after the response started: ${(error as Error).stack ?? error}`);
        res.destroy();
        return;
      }
      if (error instanceof AuthHttpError) {
        if (error.status >= 500) log(`${req.method} ${req.url}: ${error.message}`);
        sendError(req, res, error);
        return;
      }
      log(`${req.method} ${req.url} failed: ${(error as Error).stack ?? error}`);
      sendError(
        req,
        res,
        new AuthHttpError(
          500,
          'unexpected_failure',
          'Unexpected failure, please check server logs for more information',
        ),
      );
    });
  };
}
