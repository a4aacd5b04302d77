// Test support of /api/v1: users with credits and an API key made through the browser route, requests with
// the key, the worker's completion of a conversion, and a local https server with a self-signed root for
// the image_url fetcher (the only way its production checks can be reached from a test).
import assert from 'node:assert/strict';
import { createDiskStorage } from '@lift3d/storage';
import type { Hono } from 'hono';
import type postgres from 'postgres';
import type { AppEnv } from '../core/deps.ts';
import { createUser, tokenFor } from './support.ts';

type App = Hono<AppEnv>;

export async function keyedUser(app: App, sql: postgres.Sql, credits: number) {
  const user = await createUser(sql);
  if (credits > 0) {
    await sql`select public.apply_credit_change(${user.id}, ${credits}, 'purchase', ${`test:${user.id}`})`;
  }
  const token = await tokenFor(user);
  const res = await app.request('/api/api-keys', {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify({ name: 'tests' }),
  });
  assert.equal(res.status, 201);
  const body = await res.json();
  return { ...user, token, key: body.secret as string, keyId: body.apiKey.id as string };
}

export function v1(app: App, key: string | null, path: string, init: RequestInit = {}) {
  const headers = new Headers(init.headers);
  if (key) headers.set('authorization', `Bearer ${key}`);
  return app.request(`/api/v1${path}`, { ...init, headers });
}

export function uploadForm(image: Uint8Array, fields: Record<string, string> = {}) {
  const body = new FormData();
  body.set('image', new File([image as Uint8Array<ArrayBuffer>], 'photo.png'));
  for (const [k, v] of Object.entries(fields)) body.set(k, v);
  return body;
}

export async function ledgerRows(sql: postgres.Sql, userId: string) {
  const [row] = await sql`select count(*)::int as n from public.credit_ledger where user_id = ${userId}`;
  return row.n as number;
}

/** Does what the worker does at the end: stores every file and completes the row. */
export async function completeAsWorker(sql: postgres.Sql, storageDir: string, id: string) {
  const storage = createDiskStorage(storageDir);
  const outputs: Record<string, { key: string; contentType: string; bytes: number; name: string }> = {};
  for (const format of ['glb', 'gltf', 'obj', 'fbx', 'stl', 'usdz', '3mf', 'mp4']) {
    const key = `generations/${id}/model.${format}`;
    const data = new TextEncoder().encode(`${format} of ${id}`);
    await storage.put(key, data, 'application/octet-stream');
    outputs[format] = {
      key,
      contentType: 'application/octet-stream',
      bytes: data.byteLength,
      name: `m.${format}`,
    };
  }
  await sql`select public.generation_start(${id}, 'test-worker', 1)`;
  await sql`select public.generation_complete(${id}, 'test-worker', ${sql.json(outputs)})`;
}

/**
 * A certificate for localhost and 127.0.0.1 and the test root that signed it, valid for 100 years:
 * test-only key material, so the tests need no openssl (and no --allow-run) to serve https. (rustls
 * refuses a self-signed certificate that is its own root, hence the separate root.)
 */
async function selfSignedCert() {
  const dir = new URL('./fixtures/', import.meta.url);
  return {
    root: await Deno.readTextFile(new URL('test-root-ca.pem', dir)),
    cert: await Deno.readTextFile(new URL('localhost-cert.pem', dir)),
    key: await Deno.readTextFile(new URL('localhost-key.pem', dir)),
  };
}

/**
 * An https server on 127.0.0.1 with the pages the image_url tests need: a photo, redirects to private
 * addresses, files larger than the limit (declared or not), and one that never answers.
 */
export async function imageHost(photo: Uint8Array, maxBytes: number) {
  const { root, cert, key } = await selfSignedCert();
  const hang = new AbortController();
  let port = 0;
  const server: Deno.HttpServer = Deno.serve(
    { hostname: '127.0.0.1', port: 0, cert, key, onListen: () => {} },
    (req): Response | Promise<Response> => {
      const url = new URL(req.url);
      switch (url.pathname) {
        case '/photo.png':
          return new Response(photo as Uint8Array<ArrayBuffer>, { headers: { 'content-type': 'image/png' } });
        case '/to-photo':
          return Response.redirect(`https://localhost:${port}/photo.png`, 302);
        case '/to-loopback':
          return Response.redirect(`https://127.0.0.1:${port}/photo.png`, 302);
        case '/to-metadata':
          return Response.redirect('https://169.254.169.254/latest/meta-data/', 302);
        case '/to-http':
          return Response.redirect(`http://localhost:${port}/photo.png`, 302);
        case '/huge-declared':
          return new Response(new Uint8Array(maxBytes + 1), { headers: { 'content-type': 'image/png' } });
        case '/huge-streamed': {
          let sent = 0;
          const body = new ReadableStream<Uint8Array>({
            pull(controller) {
              if (sent > maxBytes) return controller.close();
              const chunk = new Uint8Array(16 * 1024);
              if (sent === 0) chunk.set(photo.subarray(0, 8));
              sent += chunk.byteLength;
              controller.enqueue(chunk);
            },
          });
          return new Response(body, { headers: { 'content-type': 'image/png' } });
        }
        case '/never':
          return new Promise<Response>((resolve) =>
            hang.signal.addEventListener('abort', () => resolve(new Response('late'))),
          );
        case '/not-an-image':
          return new Response('<html>hello</html>', { headers: { 'content-type': 'text/html' } });
        default:
          return new Response('missing', { status: 404 });
      }
    },
  );
  port = (server.addr as Deno.NetAddr).port;
  return {
    root,
    origin: `https://localhost:${port}`,
    port,
    close: async () => {
      hang.abort();
      await server.shutdown();
    },
  };
}
