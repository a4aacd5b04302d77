/**
 * One origin for the whole local stack, as a Supabase project plus a static host would give:
 * the built SPA, `/auth/v1/*` (auth server), `/api/*` (the Deno api function) and `/config.json`.
 */

import { createReadStream, existsSync, readFileSync, statSync } from 'node:fs';
import { createServer, type IncomingMessage, request, type Server, type ServerResponse } from 'node:http';
import { extname, join, normalize, sep } from 'node:path';
import { brotliCompressSync, gzipSync, constants as zlib } from 'node:zlib';
import type { HostConfig } from '@lift3d/contract';
import { SHARE_PAGE, serveSharePage } from './gateway-share.ts';
import type { Log } from './log.ts';
import { MAIL_INBOX_PATH } from './mail-catcher.ts';
import { securityHeaders } from './security-headers.ts';

export type Handler = (req: IncomingMessage, res: ServerResponse) => void;

export interface GatewayOptions {
  distDir: string;
  auth: Handler;
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

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.webp': 'image/webp',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.txt': 'text/plain; charset=utf-8',
  '.webmanifest': 'application/manifest+json',
  '.mp4': 'video/mp4',
  '.glb': 'model/gltf-binary',
};

export function createGateway(options: GatewayOptions): Server {
  const api = new URL(options.apiOrigin);
  const inbox = options.mailInboxOrigin ? new URL(options.mailInboxOrigin) : null;
  return createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://localhost');
    // The inbox is MailDev's own app (its scripts, and each mail in a frame), not a page of ours: our page
    // policy would block it, so it is proxied as it is.
    if (inbox && (url.pathname === MAIL_INBOX_PATH || url.pathname.startsWith(`${MAIL_INBOX_PATH}/`)))
      return proxy(req, res, inbox, options.log, 'The mail inbox is unavailable right now.');
    const isApi = ['/api', '/auth/v1'].some((p) => url.pathname === p || url.pathname.startsWith(`${p}/`));
    const headers = securityHeaders(isApi ? 'api' : 'page', {
      paypal: options.publicConfig.payments === 'paypal',
      https: viaHttps(req),
      connectOrigins: options.connectOrigins,
    });
    for (const [name, value] of Object.entries(headers)) res.setHeader(name, value);
    if (url.pathname === '/auth/v1' || url.pathname.startsWith('/auth/v1/')) {
      req.url = (url.pathname.slice('/auth/v1'.length) || '/') + url.search;
      return options.auth(req, res);
    }
    if (url.pathname === '/api' || url.pathname.startsWith('/api/'))
      return proxy(
        req,
        res,
        api,
        options.log,
        'The API is unavailable right now. Please try again in a moment.',
      );
    if (url.pathname === '/config.json') return sendConfig(req, res, options.publicConfig);
    const share = SHARE_PAGE.exec(url.pathname);
    if (share && (req.method === 'GET' || req.method === 'HEAD')) {
      const origin = `${viaHttps(req) ? 'https' : 'http'}://${req.headers.host ?? 'localhost'}`;
      const slug = share[1] ?? '';
      void serveSharePage(req, res, {
        slug,
        distDir: options.distDir,
        apiOrigin: api.origin,
        origin,
        log: options.log,
      }).catch((error: Error) => {
        options.log(`share page ${slug}: ${error.message}`);
        if (res.headersSent) return res.destroy();
        res.writeHead(500, { 'Content-Type': 'text/plain; charset=utf-8' });
        res.end('The share page could not be built.');
      });
      return;
    }
    return serveStatic(req, res, url.pathname, options.distDir);
  });
}

/** TLS on this socket, or a proxy in front that terminated it and said so. */
function viaHttps(req: IncomingMessage): boolean {
  if ('encrypted' in req.socket && req.socket.encrypted) return true;
  return (
    String(req.headers['x-forwarded-proto'] ?? '')
      .split(',')[0]
      .trim() === 'https'
  );
}

function sendConfig(req: IncomingMessage, res: ServerResponse, config: HostConfig) {
  // The browser reaches auth on the origin it loaded the page from, whatever port that is.
  const host = req.headers.host ?? 'localhost';
  const proto = viaHttps(req) ? 'https' : 'http';
  const body = JSON.stringify({
    supabaseUrl: `${proto}://${host}`,
    supabaseAnonKey: config.supabaseAnonKey,
    apiUrl: '/api',
    googleEnabled: config.googleEnabled,
    payments: config.payments,
    paypalClientId: config.paypalClientId,
    mailInboxUrl: config.mailInboxUrl,
  });
  res.writeHead(200, { 'Content-Type': 'application/json; charset=utf-8', 'Cache-Control': 'no-store' });
  res.end(body);
}

function proxy(req: IncomingMessage, res: ServerResponse, target: URL, log: Log, unavailable: string) {
  const headers = { ...req.headers, 'x-forwarded-for': req.socket.remoteAddress ?? '' };
  const upstream = request(
    { hostname: target.hostname, port: target.port, method: req.method, path: req.url, headers },
    (answer) => {
      res.writeHead(answer.statusCode ?? 502, answer.headers);
      answer.pipe(res);
    },
  );
  upstream.on('error', (error) => {
    log(`proxy to ${target.origin}: ${req.method} ${req.url}: ${error.message}`);
    if (res.headersSent) return res.destroy();
    res.writeHead(502, { 'Content-Type': 'application/json; charset=utf-8' });
    res.end(JSON.stringify({ error: unavailable }));
  });
  req.pipe(upstream);
}

function serveStatic(req: IncomingMessage, res: ServerResponse, pathname: string, distDir: string) {
  if (req.method !== 'GET' && req.method !== 'HEAD') {
    res.writeHead(405, { Allow: 'GET, HEAD' });
    return res.end();
  }
  let decoded: string;
  try {
    decoded = decodeURIComponent(pathname);
  } catch {
    res.writeHead(400);
    return res.end();
  }
  const file = normalize(join(distDir, decoded));
  const inside = (path: string) => path === distDir || path.startsWith(distDir + sep);
  if (inside(file) && existsSync(file) && statSync(file).isFile()) {
    // Hashed names change with their content; everything else (HTML, favicon, config) is revalidated.
    const immutable = decoded.startsWith('/assets/');
    return sendFile(req, res, file, immutable ? IMMUTABLE : REVALIDATE);
  }
  // A public page prerendered at build time: `/about` → about.html, `/` → index.html.
  const page = decoded === '/' ? join(distDir, 'index.html') : `${file.replace(/[/\\]+$/, '')}.html`;
  if (inside(page) && existsSync(page) && statSync(page).isFile())
    return sendFile(req, res, page, REVALIDATE);
  // Client-side routes (and unknown paths, which the app renders as its not-found page) get the empty shell;
  // a build from before prerendering has only index.html, which is that shell.
  const shell = [join(distDir, 'spa.html'), join(distDir, 'index.html')].find((f) => existsSync(f));
  if (!shell) {
    res.writeHead(503, { 'Content-Type': 'text/plain; charset=utf-8' });
    return res.end('The web app is not built yet: run `npm run build`.');
  }
  return sendFile(req, res, shell, REVALIDATE);
}

const IMMUTABLE = 'public, max-age=31536000, immutable';
/** Cached, but asked again each time: a new build shows at once, an unchanged page costs a 304. */
const REVALIDATE = 'no-cache';

const COMPRESSIBLE = new Set(['.html', '.js', '.css', '.json', '.svg', '.txt', '.webmanifest']);
const compressed = new Map<string, { mtimeMs: number; br: Buffer; gzip: Buffer }>();

/** Brotli or gzip for text assets, compressed once per file version and kept in memory. */
function compressedVersion(file: string, mtimeMs: number, acceptEncoding: string) {
  if (!COMPRESSIBLE.has(extname(file).toLowerCase())) return null;
  const wantsBr = /\bbr\b/.test(acceptEncoding);
  const wantsGzip = /\bgzip\b/.test(acceptEncoding);
  if (!wantsBr && !wantsGzip) return null;
  let entry = compressed.get(file);
  if (!entry || entry.mtimeMs !== mtimeMs) {
    const raw = readFileSync(file);
    entry = {
      mtimeMs,
      br: brotliCompressSync(raw, { params: { [zlib.BROTLI_PARAM_QUALITY]: 9 } }),
      gzip: gzipSync(raw, { level: 9 }),
    };
    compressed.set(file, entry);
  }
  return wantsBr ? { encoding: 'br', body: entry.br } : { encoding: 'gzip', body: entry.gzip };
}

function sendFile(req: IncomingMessage, res: ServerResponse, file: string, cacheControl: string) {
  const { size, mtimeMs } = statSync(file);
  // One tag per file version (the same file, path and all, at the same size and time).
  const etag = `W/"${size.toString(36)}-${Math.floor(mtimeMs).toString(36)}"`;
  if (
    String(req.headers['if-none-match'] ?? '')
      .split(/\s*,\s*/)
      .includes(etag)
  ) {
    res.writeHead(304, { ETag: etag, 'Cache-Control': cacheControl });
    return res.end();
  }
  const type = TYPES[extname(file).toLowerCase()] ?? 'application/octet-stream';
  const packed = compressedVersion(file, mtimeMs, String(req.headers['accept-encoding'] ?? ''));
  if (packed) {
    res.writeHead(200, {
      'Content-Type': type,
      'Content-Encoding': packed.encoding,
      'Content-Length': packed.body.length,
      'Cache-Control': cacheControl,
      ETag: etag,
      Vary: 'Accept-Encoding',
    });
    return res.end(req.method === 'HEAD' ? undefined : packed.body);
  }
  res.writeHead(200, {
    'Content-Type': type,
    'Content-Length': size,
    'Cache-Control': cacheControl,
    ETag: etag,
  });
  if (req.method === 'HEAD') return res.end();
  createReadStream(file).pipe(res);
}
