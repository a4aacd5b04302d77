/**
 * The built SPA as the gateway serves it: a file of dist/ as it is, a public page prerendered at build time
 * (`/about` → about.html), or the empty shell for client-side routes. HTML is revalidated on every visit
 * (weak ETag, 304 when unchanged), hashed assets are immutable, text is brotli or gzip compressed once per
 * file version.
 */
import { createReadStream, existsSync, readFileSync, statSync } from 'node:fs';
import { extname, join, normalize, sep } from 'node:path';
import { Readable } from 'node:stream';
import { brotliCompressSync, gzipSync, constants as zlib } from 'node:zlib';

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

const IMMUTABLE = 'public, max-age=31536000, immutable';
/** Cached, but asked again each time: a new build shows at once, an unchanged page costs a 304. */
const REVALIDATE = 'no-cache';

export const notBuilt = () =>
  new Response('The web app is not built yet: run `npm run build`.', {
    status: 503,
    headers: { 'Content-Type': 'text/plain; charset=utf-8' },
  });

export function serveStatic(request: Request, pathname: string, distDir: string): Response {
  if (request.method !== 'GET' && request.method !== 'HEAD')
    return new Response(null, { status: 405, headers: { Allow: 'GET, HEAD' } });
  let decoded: string;
  try {
    decoded = decodeURIComponent(pathname);
  } catch {
    return new Response(null, { status: 400 });
  }
  const file = normalize(join(distDir, decoded));
  const inside = (path: string) => path === distDir || path.startsWith(distDir + sep);
  if (inside(file) && existsSync(file) && statSync(file).isFile()) {
    // Hashed names change with their content; everything else (HTML, favicon, config) is revalidated.
    const immutable = decoded.startsWith('/assets/');
    return sendFile(request, file, immutable ? IMMUTABLE : REVALIDATE);
  }
  // A public page prerendered at build time: `/about` → about.html, `/` → index.html.
  const page = decoded === '/' ? join(distDir, 'index.html') : `${file.replace(/[/\\]+$/, '')}.html`;
  if (inside(page) && existsSync(page) && statSync(page).isFile()) return sendFile(request, page, REVALIDATE);
  // Client-side routes (and unknown paths, which the app renders as its not-found page) get the empty shell;
  // a build from before prerendering has only index.html, which is that shell.
  const shell = [join(distDir, 'spa.html'), join(distDir, 'index.html')].find((f) => existsSync(f));
  if (!shell) return notBuilt();
  return sendFile(request, shell, REVALIDATE);
}

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

function sendFile(request: Request, file: string, cacheControl: string): Response {
  const { size, mtimeMs } = statSync(file);
  // One tag per file version (the same file, path and all, at the same size and time).
  const etag = `W/"${size.toString(36)}-${Math.floor(mtimeMs).toString(36)}"`;
  if ((request.headers.get('if-none-match') ?? '').split(/\s*,\s*/).includes(etag))
    return new Response(null, { status: 304, headers: { ETag: etag, 'Cache-Control': cacheControl } });
  const type = TYPES[extname(file).toLowerCase()] ?? 'application/octet-stream';
  const head = request.method === 'HEAD';
  const packed = compressedVersion(file, mtimeMs, request.headers.get('accept-encoding') ?? '');
  if (packed) {
    return new Response(head ? null : new Uint8Array(packed.body), {
      headers: {
        'Content-Type': type,
        'Content-Encoding': packed.encoding,
        'Content-Length': String(packed.body.length),
        'Cache-Control': cacheControl,
        ETag: etag,
        Vary: 'Accept-Encoding',
      },
    });
  }
  // Streamed from disk: a large model or video is never held in memory.
  const body = head ? null : (Readable.toWeb(createReadStream(file)) as ReadableStream<Uint8Array>);
  return new Response(body, {
    headers: {
      'Content-Type': type,
      'Content-Length': String(size),
      'Cache-Control': cacheControl,
      ETag: etag,
    },
  });
}
