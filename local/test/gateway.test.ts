import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { createServer, request, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { createGateway } from '../src/gateway.ts';

let gateway: Server;
let api: Server;
let base: string;
const dist = mkdtempSync(join(tmpdir(), 'gateway-dist-'));
const authCalls: string[] = [];

beforeAll(async () => {
  mkdirSync(join(dist, 'assets'));
  writeFileSync(join(dist, 'index.html'), '<!doctype html><title>Lift3D</title>');
  writeFileSync(join(dist, 'assets/app-abc.js'), `console.log(${JSON.stringify('x'.repeat(5000))});`);
  api = createServer((req, res) => {
    if (req.url === '/api/redirect') {
      res.writeHead(302, { location: 'https://bucket.example/file.glb' });
      return res.end();
    }
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(
        JSON.stringify({
          method: req.method,
          url: req.url,
          auth: req.headers.authorization ?? null,
          host: req.headers.host,
          forwardedFor: req.headers['x-forwarded-for'] ?? null,
          bytes: Buffer.concat(chunks).length,
        }),
      );
    });
  });
  await new Promise<void>((r) => api.listen(0, '127.0.0.1', r));
  const apiPort = (api.address() as { port: number }).port;
  gateway = createGateway({
    distDir: dist,
    apiOrigin: `http://127.0.0.1:${apiPort}`,
    auth: {
      fetch: (req) => {
        const url = new URL(req.url);
        authCalls.push(url.pathname + url.search);
        return new Response('auth');
      },
    },
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

test('client-side routes and unknown paths get the SPA, not a server 404', async () => {
  for (const path of ['/', '/app', '/nope/deeper']) {
    const res = await fetch(base + path);
    expect(res.status).toBe(200);
    expect(await res.text()).toContain('<title>Lift3D</title>');
    expect(res.headers.get('cache-control')).toBe('no-cache');
  }
});

test('hashed assets are immutable and compressed for clients that accept it', async () => {
  const res = await fetch(`${base}/assets/app-abc.js`, { headers: { 'accept-encoding': 'gzip' } });
  expect(res.headers.get('cache-control')).toContain('immutable');
  expect(await res.text()).toContain('console.log');
  const raw = await new Promise<{ encoding: string | undefined; body: Buffer }>((resolve) => {
    request(`${base}/assets/app-abc.js`, { headers: { 'accept-encoding': 'gzip' } }, (r) => {
      const chunks: Buffer[] = [];
      r.on('data', (c) => chunks.push(c));
      r.on('end', () => resolve({ encoding: r.headers['content-encoding'], body: Buffer.concat(chunks) }));
    }).end();
  });
  expect(raw.encoding).toBe('gzip');
  expect(raw.body.length).toBeLessThan(1000);
  expect(gunzipSync(raw.body).toString()).toContain('xxxx');
});

test('paths that climb out of dist are never served', async () => {
  const status = await new Promise<number>((resolve) => {
    request(`${base}/..%2f..%2f..%2fetc%2fpasswd`, (r) => {
      r.resume();
      resolve(r.statusCode ?? 0);
    }).end();
  });
  const body = await (await fetch(`${base}/..%2f..%2fetc%2fpasswd`)).text();
  expect(status).toBe(200);
  expect(body).not.toContain('root:');
});

test('/config.json names the origin the browser used', async () => {
  const config = await new Promise<unknown>((resolve) => {
    request(`${base}/config.json`, { headers: { host: 'localhost:4321' } }, (r) => {
      let text = '';
      r.on('data', (c) => {
        text += c;
      });
      r.on('end', () => resolve(JSON.parse(text)));
    }).end();
  });
  expect(config).toEqual({
    supabaseUrl: 'http://localhost:4321',
    supabaseAnonKey: 'anon',
    apiUrl: '/api',
    googleEnabled: false,
    payments: 'demo',
    paypalClientId: null,
    mailInboxUrl: null,
  });
});

test('/auth/v1 goes to the auth server without its prefix, /api is proxied with headers intact', async () => {
  await fetch(`${base}/auth/v1/token?grant_type=password`, { method: 'POST' });
  expect(authCalls.at(-1)).toBe('/token?grant_type=password');
  const res = await fetch(`${base}/api/users/1?x=2`, {
    method: 'PUT',
    headers: { authorization: 'Bearer t' },
    body: '{}',
  });
  expect(await res.json()).toEqual({
    method: 'PUT',
    url: '/api/users/1?x=2',
    auth: 'Bearer t',
    // The api builds absolute links from the Host the browser used, and limits by the client's address.
    host: new URL(base).host,
    forwardedFor: '127.0.0.1',
    bytes: 2,
  });
});

test('a large upload streams through to the api; a redirect is passed on, not followed', async () => {
  const body = Buffer.alloc(3 * 1024 * 1024, 7);
  const upload = await fetch(`${base}/api/generations`, { method: 'POST', body });
  expect(((await upload.json()) as { bytes: number }).bytes).toBe(body.length);
  const moved = await fetch(`${base}/api/redirect`, { redirect: 'manual' });
  expect(moved.status).toBe(302);
  expect(moved.headers.get('location')).toBe('https://bucket.example/file.glb');
});

test('an unreachable api answers a JSON 502 the client can show', async () => {
  api.close();
  await new Promise((r) => setTimeout(r, 50));
  const res = await fetch(`${base}/api/health`);
  expect(res.status).toBe(502);
  expect(((await res.json()) as { error: string }).error).toMatch(/unavailable/);
});

test('pages and API answers carry the security headers; HSTS only when the request came over HTTPS', async () => {
  const page = await fetch(`${base}/app`);
  const csp = page.headers.get('content-security-policy') ?? '';
  expect(csp).toContain("frame-ancestors 'none'");
  expect(csp).toContain("script-src 'self' 'wasm-unsafe-eval';");
  expect(page.headers.get('permissions-policy')).toContain('camera=(self)');
  expect(page.headers.get('x-frame-options')).toBe('DENY');
  expect(page.headers.get('strict-transport-security')).toBeNull();

  for (const path of ['/api/health', '/auth/v1/settings']) {
    const answer = await fetch(base + path);
    expect(answer.headers.get('content-security-policy')).toContain("default-src 'none'");
    expect(answer.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
    expect(answer.headers.get('x-content-type-options')).toBe('nosniff');
  }

  const secure = await fetch(`${base}/`, { headers: { 'x-forwarded-proto': 'https' } });
  expect(secure.headers.get('strict-transport-security')).toMatch(/^max-age=\d{7,}/);
});
