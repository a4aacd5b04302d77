// The gateway's share pages: /m/{slug} is index.html with the model's tags from the api's public answer;
// an unknown or revoked link is index.html with 404 and no tag of a model; never cached.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { createGateway } from '../src/gateway.ts';

const LIVE = 'abcdefghijklmnopqrstuvwx';
const dist = mkdtempSync(join(tmpdir(), 'gateway-share-'));
const logged: string[] = [];
let api: Server;
let gateway: Server;
let base: string;
let apiAnswer: 'normal' | 'broken' | 'not a model' = 'normal';

beforeAll(async () => {
  writeFileSync(
    join(dist, 'index.html'),
    '<!doctype html><html><head><title>Lift3D — site</title>\n<meta property="og:title" content="site" />\n</head><body><div id="root"></div></body></html>',
  );
  // Answers like the api's GET /api/share/:slug (its own tests are supabase/functions/api/tests/share.test.ts).
  api = createServer((req, res) => {
    if (apiAnswer === 'broken') {
      res.writeHead(500, { 'content-type': 'application/json' });
      return res.end('{"error":"boom"}');
    }
    if (apiAnswer === 'not a model') {
      res.writeHead(200, { 'content-type': 'application/json' });
      return res.end(JSON.stringify({ model: { slug: LIVE, kind: 'sculpture', posterUrl: 42 } }));
    }
    if (req.url === `/api/share/${LIVE}`) {
      res.writeHead(200, { 'content-type': 'application/json' });
      return res.end(
        JSON.stringify({
          model: { slug: LIVE, kind: 'model', allowDownloads: false, posterUrl: `/share/${LIVE}/poster` },
        }),
      );
    }
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
    log: (line) => logged.push(line),
  });
  await new Promise<void>((r) => gateway.listen(0, '127.0.0.1', r));
  base = `http://127.0.0.1:${(gateway.address() as { port: number }).port}`;
});
afterAll(() => {
  gateway.close();
  api.close();
});

test('a live share: the model title and Open Graph tags replace the site ones', async () => {
  const res = await fetch(`${base}/m/${LIVE}`);
  expect(res.status).toBe(200);
  expect(res.headers.get('cache-control')).toBe('no-store');
  expect(res.headers.get('content-security-policy')).toContain("default-src 'self'");
  const html = await res.text();
  expect(html).toContain('<title>A 3D model made with Lift3D</title>');
  expect(html).toContain(`<meta property="og:url" content="${base}/m/${LIVE}" />`);
  expect(html).toContain(`<meta property="og:image" content="${base}/api/share/${LIVE}/poster" />`);
  expect(html).toContain('<meta name="twitter:card" content="summary_large_image" />');
  expect(html).not.toContain('content="site"');
  expect(html).toContain('<div id="root"></div>');
  const head = await fetch(`${base}/m/${LIVE}/`, { method: 'HEAD' });
  expect(head.status).toBe(200);
});

test('unknown, malformed or revoked: the SPA with 404 and no tag of any model', async () => {
  for (const slug of ['zzzzzzzzzzzzzzzzzzzzzzzz', 'short', `${LIVE}x`]) {
    const res = await fetch(`${base}/m/${slug}`);
    expect(res.status).toBe(404);
    const html = await res.text();
    expect(html).toContain('<div id="root"></div>');
    expect(html).not.toContain('og:image');
    expect(html).not.toContain(slug);
  }
});

test('an api failure is a 502 with the SPA, and is logged', async () => {
  apiAnswer = 'broken';
  try {
    const res = await fetch(`${base}/m/${LIVE}`);
    expect(res.status).toBe(502);
    expect(await res.text()).not.toContain('og:image');
    expect(logged.some((l) => l.includes('the api answered 500'))).toBe(true);
  } finally {
    apiAnswer = 'normal';
  }
});

test('an answer that is not a shared model is a 502 with the SPA, and is logged; no tag is made from it', async () => {
  apiAnswer = 'not a model';
  try {
    const res = await fetch(`${base}/m/${LIVE}`);
    expect(res.status).toBe(502);
    const html = await res.text();
    expect(html).not.toContain('og:image');
    expect(html).not.toContain('sculpture');
    expect(logged.some((l) => l.includes("the api's answer is not a shared model"))).toBe(true);
  } finally {
    apiAnswer = 'normal';
  }
});
