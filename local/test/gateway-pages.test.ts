// The gateway serves a build with prerendered public pages: each public path gets its own HTML file, the
// share links get the share page's shell, every other path the empty shell; HTML is revalidated (no-cache
// with an ETag answered by 304), hashed assets are immutable.
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { createGateway } from '../src/gateway.ts';

const dist = mkdtempSync(join(tmpdir(), 'gateway-pages-'));
const page = (name: string) =>
  `<!doctype html><html><head><title>${name}</title></head><body><div id="root">${name}</div></body></html>`;
let gateway: Server;
let api: Server;
let base: string;

beforeAll(async () => {
  mkdirSync(join(dist, 'assets'));
  mkdirSync(join(dist, 'docs'));
  for (const name of ['index', 'spa', 'about', 'privacy', 'share']) {
    writeFileSync(join(dist, `${name}.html`), page(name));
  }
  writeFileSync(join(dist, 'docs/api.html'), page('api docs'));
  writeFileSync(join(dist, 'assets/index-Ab12.js'), 'export {};');
  // Every share link is unknown to this api: the gateway still answers the share shell (with 404).
  api = createServer((_req, res) => {
    res.writeHead(404, { 'content-type': 'application/json' });
    res.end('{"error":"This link does not exist or is no longer shared."}');
  });
  await new Promise<void>((r) => api.listen(0, '127.0.0.1', r));
  gateway = createGateway({
    distDir: dist,
    apiOrigin: `http://127.0.0.1:${(api.address() as { port: number }).port}`,
    auth: { fetch: () => new Response('auth') },
    publicConfig: {
      supabaseAnonKey: 'anon',
      googleEnabled: false,
      payments: 'demo',
      paypalClientId: null,
      mailInboxUrl: null,
    },
    log: () => {},
  });
  await new Promise<void>((r) => gateway.listen(0, '127.0.0.1', r));
  base = `http://127.0.0.1:${(gateway.address() as { port: number }).port}`;
});
afterAll(() => {
  gateway.close();
  api.close();
});

test('each public path gets its prerendered page, revalidated on every visit', async () => {
  const expected: Record<string, string> = {
    '/': 'index',
    '/about': 'about',
    '/about/': 'about',
    '/privacy': 'privacy',
    '/docs/api': 'api docs',
  };
  for (const [path, name] of Object.entries(expected)) {
    const res = await fetch(base + path);
    expect(res.status, path).toBe(200);
    expect(res.headers.get('content-type'), path).toBe('text/html; charset=utf-8');
    expect(res.headers.get('cache-control'), path).toBe('no-cache');
    expect(await res.text(), path).toContain(`<div id="root">${name}</div>`);
  }
});

test('signed-in areas and unknown paths get the empty shell, not the landing page', async () => {
  for (const path of ['/app', '/profile', '/admin/users', '/nope/deeper', '/about/more']) {
    const res = await fetch(base + path);
    expect(res.status, path).toBe(200);
    expect(res.headers.get('cache-control'), path).toBe('no-cache');
    expect(await res.text(), path).toContain('<div id="root">spa</div>');
  }
});

test('a share link gets the share page shell', async () => {
  const res = await fetch(`${base}/m/abcdefghijklmnopqrstuvwx`);
  expect(res.status).toBe(404);
  expect(res.headers.get('cache-control')).toBe('no-store');
  expect(await res.text()).toContain('<div id="root">share</div>');
});

test('an unchanged page costs a 304 on revalidation; hashed assets are immutable', async () => {
  const first = await fetch(`${base}/about`, { headers: { 'accept-encoding': 'br' } });
  const etag = first.headers.get('etag');
  expect(etag).toBeTruthy();
  const again = await fetch(`${base}/about`, { headers: { 'if-none-match': etag ?? '' } });
  expect(again.status).toBe(304);
  expect(again.headers.get('cache-control')).toBe('no-cache');
  expect(await again.text()).toBe('');
  // Another page's tag is not this page's.
  const other = await fetch(`${base}/privacy`, { headers: { 'if-none-match': etag ?? '' } });
  expect(other.status).toBe(200);
  const asset = await fetch(`${base}/assets/index-Ab12.js`);
  expect(asset.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
});
