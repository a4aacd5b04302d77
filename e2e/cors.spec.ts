import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { newIdentity, signUpByApi } from './support/accounts.ts';
import { expect, test } from './support/test.ts';

// The deployed shape: the SPA on one origin (a static host), /api on another (the Edge Function). The
// stack under test serves its site URL as http://localhost:PORT and is reached as http://127.0.0.1:PORT,
// two different origins for the browser; a third, unrelated page must not read the api's answers.

let other: Server;
let otherOrigin: string;

test.beforeAll(async () => {
  other = createServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'text/html' });
    res.end('<!doctype html><title>elsewhere</title><p>another site</p>');
  });
  await new Promise<void>((resolve) => other.listen(0, '127.0.0.1', resolve));
  otherOrigin = `http://127.0.0.1:${(other.address() as AddressInfo).port}`;
});

test.afterAll(async () => {
  await new Promise<void>((resolve) => other.close(() => resolve()));
});

async function signIn(baseURL: string) {
  const who = newIdentity('cors');
  const id = await signUpByApi(baseURL, who);
  const config = (await (await fetch(`${baseURL}/config.json`)).json()) as { supabaseAnonKey: string };
  const res = await fetch(`${baseURL}/auth/v1/token?grant_type=password`, {
    method: 'POST',
    headers: { apikey: config.supabaseAnonKey, 'content-type': 'application/json' },
    body: JSON.stringify({ email: who.email, password: who.password }),
  });
  const { access_token } = (await res.json()) as { access_token: string };
  return { id, token: access_token };
}

interface Call {
  apiUrl: string;
  init: { method: string; token: string; body?: unknown };
}

/** Runs fetch in the page: status and body, or the browser's error when CORS refuses the answer. */
const callApi = (apiUrl: string, init: Call['init']): Call => ({ apiUrl, init });

test('the site origin calls the api on another origin with its token; other sites cannot', async ({
  page,
  baseURL,
}) => {
  const api = baseURL as string;
  const siteOrigin = api.replace('127.0.0.1', 'localhost');
  expect(new URL(siteOrigin).origin).not.toBe(new URL(api).origin);
  const { id, token } = await signIn(api);

  const run = ({ apiUrl, init }: Call) =>
    page.evaluate(
      async ({ apiUrl, init }) => {
        try {
          const res = await fetch(apiUrl, {
            method: init.method,
            headers: {
              Authorization: `Bearer ${init.token}`,
              ...(init.body ? { 'Content-Type': 'application/json' } : {}),
            },
            body: init.body ? JSON.stringify(init.body) : undefined,
          });
          return { status: res.status, body: await res.json(), error: null };
        } catch (e) {
          return { status: 0, body: null, error: String(e) };
        }
      },
      { apiUrl, init },
    );

  await page.goto(`${siteOrigin}/`);
  const read = await run(callApi(`${api}/api/users/${id}`, { method: 'GET', token }));
  expect(read.error).toBeNull();
  expect(read.status).toBe(200);
  expect(read.body.user.id).toBe(id);
  // PUT with JSON and a bearer token: a preflighted request.
  const renamed = await run(
    callApi(`${api}/api/users/${id}`, { method: 'PUT', token, body: { name: 'Cross Origin' } }),
  );
  expect(renamed.error).toBeNull();
  expect(renamed.status).toBe(200);
  expect(renamed.body.user.name).toBe('Cross Origin');

  await page.goto(`${otherOrigin}/`);
  const stolen = await run(callApi(`${api}/api/users/${id}`, { method: 'GET', token }));
  expect(stolen.status).toBe(0);
  expect(stolen.error).toMatch(/Failed to fetch/);
  const write = await run(
    callApi(`${api}/api/users/${id}`, { method: 'PUT', token, body: { name: 'Hijacked' } }),
  );
  expect(write.status).toBe(0);
  // The refused preflight stopped the write before it reached the database.
  await page.goto(`${siteOrigin}/`);
  const after = await run(callApi(`${api}/api/users/${id}`, { method: 'GET', token }));
  expect(after.body.user.name).toBe('Cross Origin');
});
