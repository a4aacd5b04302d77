/**
 * One origin for the whole local stack, as a Supabase project plus a static host would give: the built
 * SPA, `/auth/v1/*` (the auth server, a Hono app mounted here), `/api/*` (the Deno api function, proxied)
 * and `/config.json`. `/api` (and the local inbox) go through a proxy on node:http; the rest is a Hono app.
 */
import { createServer, type IncomingMessage, type Server } from 'node:http';
import { getRequestListener, type HttpBindings } from '@hono/node-server';
import type { HostConfig } from '@lift3d/contract';
import { type Context, Hono } from 'hono';
import { createProxy } from './gateway-proxy.ts';
import { SHARE_PAGE, serveSharePage } from './gateway-share.ts';
import { serveStatic } from './gateway-static.ts';
import type { Log } from './log.ts';
import { MAIL_INBOX_PATH } from './mail-catcher.ts';
import { securityHeaders } from './security-headers.ts';

/** What the gateway mounts at /auth/v1: any fetch handler (the auth server's Hono app). */
interface FetchApp {
  fetch: (request: Request, env?: HttpBindings) => Response | Promise<Response>;
}

export interface GatewayOptions {
  distDir: string;
  auth: FetchApp;
  apiOrigin: string;
  /** The local inbox's web server, served at /mail/; null when there is none. */
  mailInboxOrigin?: string | null;
  /** What /config.json says: the same shape the SPA parses. */
  publicConfig: HostConfig;
  log: Log;
  /**
   * Other origins that reach this same gateway (its loopback names, SITE_URL): a page loaded from one of
   * them may call the api on another, as a deployed SPA calls the function's URL (connect-src).
   */
  connectOrigins?: readonly string[];
}

type Env = { Bindings: HttpBindings };

const under = (path: string, prefix: string) => path === prefix || path.startsWith(`${prefix}/`);

function createGatewayApp(options: GatewayOptions): Hono<Env> {
  const api = new URL(options.apiOrigin);
  const app = new Hono<Env>();

  app.use('*', async (c, next) => {
    await next();
    const path = new URL(c.req.url).pathname;
    // (`/api` never reaches this app: the proxy sets its headers.)
    const headers = securityHeaders(under(path, '/auth/v1') ? 'api' : 'page', {
      paypal: options.publicConfig.payments === 'paypal',
      https: viaHttps(c),
      connectOrigins: options.connectOrigins,
    });
    // An answer's own header (the api's, the auth server's) wins over the gateway's default.
    for (const [name, value] of Object.entries(headers))
      if (!c.res.headers.has(name)) c.res.headers.set(name, value);
  });

  app.mount('/auth/v1', (request, env: HttpBindings) => options.auth.fetch(request, env));
  app.get('/config.json', (c) => sendConfig(c, options.publicConfig));
  app.all('*', (c) => {
    const pathname = new URL(c.req.url).pathname;
    const share = SHARE_PAGE.exec(pathname);
    if (share && (c.req.method === 'GET' || c.req.method === 'HEAD')) {
      const slug = share[1] ?? '';
      return serveSharePage(c.req.raw, {
        slug,
        distDir: options.distDir,
        apiOrigin: api.origin,
        origin: `${viaHttps(c) ? 'https' : 'http'}://${c.req.header('host') ?? 'localhost'}`,
        log: options.log,
      });
    }
    return serveStatic(c.req.raw, pathname, options.distDir);
  });
  app.onError((error, c) => {
    options.log(`${c.req.method} ${new URL(c.req.url).pathname}: ${error.stack ?? error.message}`);
    return c.text('The gateway could not answer this request.', 500);
  });
  return app;
}

/**
 * The gateway as a node:http server, not yet listening (the stack and tests choose the port). `/api` is
 * proxied on node:http directly (gateway-proxy.ts: every api call passes here, and the Hono app's web
 * streams cost as much CPU as the api's own work); the rest is the Hono app.
 */
export function createGateway(options: GatewayOptions): Server {
  const app = getRequestListener(createGatewayApp(options).fetch);
  const toApi = createProxy({
    target: new URL(options.apiOrigin),
    log: options.log,
    unavailable: 'The API is unavailable right now. Please try again in a moment.',
    defaultHeaders: (request) =>
      securityHeaders('api', {
        paypal: options.publicConfig.payments === 'paypal',
        https: requestViaHttps(request),
        connectOrigins: options.connectOrigins,
      }),
  });
  // The inbox is MailDev's own app (its scripts, and each mail in a frame), not a page of ours: our page
  // policy would block it, so it is proxied as it is, without the security headers.
  const toInbox = options.mailInboxOrigin
    ? createProxy({
        target: new URL(options.mailInboxOrigin),
        log: options.log,
        unavailable: 'The mail inbox is unavailable right now.',
        defaultHeaders: () => ({}),
      })
    : null;
  return createServer((request, response) => {
    const path = (request.url ?? '/').split('?', 1)[0] ?? '/';
    if (under(path, '/api')) toApi(request, response);
    else if (toInbox && under(path, MAIL_INBOX_PATH)) toInbox(request, response);
    else void app(request, response);
  });
}

/** TLS on this socket, or a proxy in front that terminated it and said so. */
function requestViaHttps(request: IncomingMessage): boolean {
  const socket = request.socket;
  if ('encrypted' in socket && socket.encrypted) return true;
  const proto = request.headers['x-forwarded-proto'];
  return (typeof proto === 'string' ? proto : '').split(',')[0]?.trim() === 'https';
}
const viaHttps = (c: Context<Env>) => requestViaHttps(c.env.incoming);

function sendConfig(c: Context<Env>, config: HostConfig) {
  // The browser reaches auth on the origin it loaded the page from, whatever port that is.
  const host = c.req.header('host') ?? 'localhost';
  const proto = viaHttps(c) ? 'https' : 'http';
  c.header('Cache-Control', 'no-store');
  return c.json({
    supabaseUrl: `${proto}://${host}`,
    supabaseAnonKey: config.supabaseAnonKey,
    apiUrl: '/api',
    googleEnabled: config.googleEnabled,
    payments: config.payments,
    paypalClientId: config.paypalClientId,
    mailInboxUrl: config.mailInboxUrl,
  });
}
