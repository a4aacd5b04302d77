/**
 * One origin for the whole local stack, as a Supabase project plus a static host would give: the built
 * SPA, `/auth/v1/*` (the auth server, a Hono app mounted here), `/api/*` (the Deno api function, proxied)
 * and `/config.json`. A Hono app served by @hono/node-server, like the api beside it.
 */
import type { Server } from 'node:http';
import { createAdaptorServer, type HttpBindings } from '@hono/node-server';
import { getConnInfo } from '@hono/node-server/conninfo';
import type { HostConfig } from '@lift3d/contract';
import { type Context, Hono } from 'hono';
import { proxy } from 'hono/proxy';
import { SHARE_PAGE, serveSharePage } from './gateway-share.ts';
import { serveStatic } from './gateway-static.ts';
import { fetchKeepingHost } from './http-fetch.ts';
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
  const inbox = options.mailInboxOrigin ? new URL(options.mailInboxOrigin) : null;
  const app = new Hono<Env>();

  // The inbox is MailDev's own app (its scripts, and each mail in a frame), not a page of ours: our page
  // policy would block it, so it is proxied as it is, before the security headers.
  if (inbox) {
    const toInbox = (c: Context<Env>) =>
      forward(c, inbox, options.log, 'The mail inbox is unavailable right now.');
    app.all(MAIL_INBOX_PATH, toInbox);
    app.all(`${MAIL_INBOX_PATH}/*`, toInbox);
  }

  app.use('*', async (c, next) => {
    const start = performance.now();
    await next();
    const path = new URL(c.req.url).pathname;
    const isApi = under(path, '/api') || under(path, '/auth/v1');
    // The gateway's hop in Server-Timing, beside the api's own figures (`app`, `db`): the difference is
    // the proxying and the connection between them.
    if (isApi) c.res.headers.append('Server-Timing', `gw;dur=${(performance.now() - start).toFixed(1)}`);
    const headers = securityHeaders(isApi ? 'api' : 'page', {
      paypal: options.publicConfig.payments === 'paypal',
      https: viaHttps(c),
      connectOrigins: options.connectOrigins,
    });
    // An answer's own header (the api's, the auth server's) wins over the gateway's default.
    for (const [name, value] of Object.entries(headers))
      if (!c.res.headers.has(name)) c.res.headers.set(name, value);
  });

  app.mount('/auth/v1', (request, env: HttpBindings) => options.auth.fetch(request, env));
  const toApi = (c: Context<Env>) =>
    forward(c, api, options.log, 'The API is unavailable right now. Please try again in a moment.');
  app.all('/api', toApi);
  app.all('/api/*', toApi);
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

/** The gateway as a node:http server, not yet listening (the stack and tests choose the port). */
export function createGateway(options: GatewayOptions): Server {
  // Without a `createServer` option @hono/node-server makes a node:http server.
  return createAdaptorServer({ fetch: createGatewayApp(options).fetch }) as Server;
}

/** TLS on this socket, or a proxy in front that terminated it and said so. */
function viaHttps(c: Context<Env>): boolean {
  const socket = c.env.incoming.socket;
  if ('encrypted' in socket && socket.encrypted) return true;
  return (c.req.header('x-forwarded-proto') ?? '').split(',')[0]?.trim() === 'https';
}

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

/**
 * The request as it came (method, path, query, headers including Host, body streamed), to `target`; the
 * answer as it comes, redirects included (a download's 302 is the browser's to follow). hono/proxy drops
 * the hop-by-hop headers both ways.
 */
async function forward(c: Context<Env>, target: URL, log: Log, unavailable: string): Promise<Response> {
  const url = new URL(c.req.url);
  try {
    return await proxy(`${target.origin}${url.pathname}${url.search}`, {
      raw: c.req.raw,
      customFetch: fetchKeepingHost,
      headers: { ...c.req.header(), 'x-forwarded-for': getConnInfo(c).remote.address ?? '' },
    });
  } catch (error) {
    log(
      `proxy to ${target.origin}: ${c.req.method} ${url.pathname}${url.search}: ${(error as Error).message}`,
    );
    return c.json({ error: unavailable }, 502);
  }
}
