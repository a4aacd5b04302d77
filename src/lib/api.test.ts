/// <reference types="node" />
import { once } from 'node:events';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ApiError, createApiClient } from './api';

interface Seen {
  method: string;
  url: string;
  headers: IncomingMessage['headers'];
  body: string;
}

type Handler = (req: IncomingMessage, res: ServerResponse) => void;

let server: Server;
let base: string;
let handler: Handler;
let seen: Seen[];
let logs: string[];
let inits: RequestInit[];

beforeAll(async () => {
  server = createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const c of req) chunks.push(c as Buffer);
    seen.push({
      method: req.method ?? '',
      url: req.url ?? '',
      headers: req.headers,
      body: Buffer.concat(chunks).toString(),
    });
    handler(req, res);
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api`;
});

afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

beforeEach(() => {
  seen = [];
  logs = [];
  inits = [];
});

function reply(status: number, body: string, type = 'application/json'): Handler {
  return (_req, res) => {
    res.writeHead(status, body ? { 'Content-Type': type } : {});
    res.end(body);
  };
}

function client(token: string | null = null) {
  return createApiClient({
    baseUrl: () => base,
    getAccessToken: async () => token,
    fetch: (input, init) => {
      if (init) inits.push(init);
      return fetch(input, init);
    },
    log: (m) => logs.push(m),
  });
}

async function failure(p: Promise<unknown>): Promise<ApiError> {
  const err = await p.then(
    () => {
      throw new Error('expected the call to fail');
    },
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(ApiError);
  return err as ApiError;
}

describe('api client: requests', () => {
  it('sends JSON with the bearer token, no cookies and no caching', async () => {
    handler = reply(200, JSON.stringify({ user: { id: 'u1', name: 'Ada' } }));
    const out = await client('tok-123').updateUser('u1', { name: 'Ada' });
    expect(out).toEqual({ user: { id: 'u1', name: 'Ada' } });
    expect(seen).toHaveLength(1);
    expect(seen[0].method).toBe('PUT');
    expect(seen[0].url).toBe('/api/users/u1');
    expect(seen[0].headers.authorization).toBe('Bearer tok-123');
    expect(seen[0].headers['content-type']).toBe('application/json');
    expect(seen[0].headers.accept).toBe('application/json');
    expect(seen[0].headers.cookie).toBeUndefined();
    expect(JSON.parse(seen[0].body)).toEqual({ name: 'Ada' });
    expect(inits[0].credentials).toBe('omit');
    expect(inits[0].cache).toBe('no-store');
    expect(logs).toEqual([]);
  });

  it('sends no Authorization header when signed out and no body on GET', async () => {
    handler = reply(200, '{"status":"ok","db":"ok","version":"1"}');
    await expect(client(null).health()).resolves.toEqual({ status: 'ok', db: 'ok', version: '1' });
    expect(seen[0].headers.authorization).toBeUndefined();
    expect(seen[0].headers['content-type']).toBeUndefined();
    expect(seen[0].body).toBe('');
  });

  it('records a visit with the session id header and the visitor id in the body', async () => {
    handler = reply(201, '{"ok":true}');
    await client().recordVisit(
      { path: '/pricing', referrer: 'https://example.org/', visitorId: 'v-1' },
      's-9',
    );
    expect(seen[0].url).toBe('/api/analytics/visit');
    expect(seen[0].headers['x-session-id']).toBe('s-9');
    expect(JSON.parse(seen[0].body)).toEqual({
      path: '/pricing',
      referrer: 'https://example.org/',
      visitorId: 'v-1',
    });
  });

  it('escapes path segments', async () => {
    handler = reply(200, '{"user":null}');
    await client().getUser('a/b?c');
    expect(seen[0].url).toBe('/api/users/a%2Fb%3Fc');
  });

  it('returns null for an empty 2xx body', async () => {
    handler = reply(204, '');
    await expect(client().delete('/admin/users/u1')).resolves.toBeNull();
  });
});

describe('api client: errors', () => {
  it("uses the body's error field as the message and keeps the status", async () => {
    handler = reply(402, '{"error":"Not enough credits"}');
    const err = await failure(client().addCredits('u1', 5));
    expect(err.message).toBe('Not enough credits');
    expect(err.status).toBe(402);
    expect(logs).toEqual(['api: POST /users/u1/credits/add failed: Not enough credits']);
  });

  it('falls back to the response text when JSON has no error field', async () => {
    handler = reply(400, '{"message":"bad"}');
    expect((await failure(client().health())).message).toBe('{"message":"bad"}');
  });

  it('uses the text of a non-JSON error body', async () => {
    handler = reply(502, 'Bad gateway from proxy', 'text/plain');
    const err = await failure(client().health());
    expect(err.message).toBe('Bad gateway from proxy');
    expect(err.body).toEqual({ success: false, error: 'Bad gateway from proxy' });
  });

  it("says 'HTTP {status}' when the error body is empty", async () => {
    handler = reply(503, '');
    expect((await failure(client().health())).message).toBe('HTTP 503');
  });

  it('treats a broken JSON body as raw text', async () => {
    handler = reply(500, '{"error": oops');
    expect((await failure(client().health())).message).toBe('{"error": oops');
  });

  it('wraps a non-JSON 2xx body as a failure with the text as its error', async () => {
    handler = reply(200, '<!doctype html><p>index</p>', 'text/html');
    const err = await failure(client().joinWaitlist({ email: 'a@b.co' }));
    expect(err.message).toBe('<!doctype html><p>index</p>');
    expect(err.status).toBe(200);
    expect(logs).toHaveLength(1);
  });

  it("turns a refused connection into 'Network error'", async () => {
    const closed = createServer();
    closed.listen(0, '127.0.0.1');
    await once(closed, 'listening');
    const port = (closed.address() as AddressInfo).port;
    await new Promise<void>((r) => closed.close(() => r()));
    const c = createApiClient({
      baseUrl: () => `http://127.0.0.1:${port}/api`,
      getAccessToken: async () => null,
      log: (m) => logs.push(m),
    });
    const err = await failure(c.health());
    expect(err.message).toBe('Network error');
    expect(err.status).toBe(0);
    expect(logs).toEqual(['api: GET /health failed: Network error']);
  });

  it("turns a connection dropped mid-response into 'Network error'", async () => {
    handler = (_req, res) => {
      res.writeHead(200, { 'Content-Type': 'application/json', 'Content-Length': '100' });
      res.write('{"par');
      res.socket?.destroy();
    };
    expect((await failure(client().health())).message).toBe('Network error');
  });

  it('logs and rethrows a failure to get the token', async () => {
    const c = createApiClient({
      baseUrl: () => base,
      getAccessToken: async () => {
        throw new Error('supabase: could not read the session: boom');
      },
      log: (m) => logs.push(m),
    });
    await expect(c.health()).rejects.toThrow('supabase: could not read the session: boom');
    expect(seen).toHaveLength(0);
    expect(logs).toEqual(['api: GET /health failed: supabase: could not read the session: boom']);
  });

  it('findUserByEmail is not implemented', async () => {
    await expect(client().findUserByEmail('a@b.co')).rejects.toThrow(
      'findUserByEmail not implemented in API yet',
    );
    expect(seen).toHaveLength(0);
  });
});

describe('call: routes by name from the contract table', () => {
  it('fills and encodes path parameters and drops absent query values', async () => {
    handler = reply(200, '{"users":[],"total":0,"matching":0}');
    await client('tok').call('adminUsers', { query: { limit: 20, offset: 0, q: undefined } });
    handler = reply(200, '{"user":{}}');
    await client('tok').call('user', { params: { id: 'a b/c' } });
    expect(seen.map((s) => `${s.method} ${s.url}`)).toEqual([
      'GET /api/admin/users?limit=20&offset=0',
      'GET /api/users/a%20b%2Fc',
    ]);
  });

  it('takes only the query parameters the route’s contract schema names', async () => {
    handler = reply(200, '{"users":[],"total":0,"matching":0}');
    // A misspelt parameter is a type error (npm run typecheck), not a silently ignored filter.
    // @ts-expect-error `serach` is not a parameter of adminUsers
    await client('tok').call('adminUsers', { query: { serach: 'ada' } });
    // A route that reads no query takes none.
    // @ts-expect-error user reads no query string
    await client('tok').call('user', { params: { id: 'x' }, query: { limit: 1 } });
    expect(seen).toHaveLength(2);
  });

  it('sends the body as JSON with the route method, and an empty object for a bodiless POST', async () => {
    handler = reply(201, '{"success":true}');
    const answer = await client().call('contact', {
      body: { name: 'Ada', email: 'ada@example.test', subject: 'Hi', message: 'Hello' },
    });
    expect(answer).toEqual({ success: true });
    handler = reply(200, '{"endpoint":{}}');
    await client('tok').call('rotateWebhookSecret');
    expect(seen.map((s) => [s.method, s.url, s.body])).toEqual([
      ['POST', '/api/contact', '{"name":"Ada","email":"ada@example.test","subject":"Hi","message":"Hello"}'],
      ['POST', '/api/webhooks/endpoint/rotate', '{}'],
    ]);
    expect(seen[0].headers['content-type']).toBe('application/json');
  });
});
