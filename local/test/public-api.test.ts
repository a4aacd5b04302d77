// Black box: the docs page's own curl examples (src/features/developers/api-examples.ts) run with bash against
// the real local stack (gateway, auth, Deno api, worker, engine). A key is made through the api as the user,
// a real photo is converted and every format downloaded; the account's webhook receives the signed
// generation.completed event; a replay is charged once; a revoked key, another user's conversion, the rate
// limit and SSRF attempts are refused, the last with no ledger row.
import { execFile } from 'node:child_process';
import { copyFileSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { createServer as createHttpServer } from 'node:http';
import { createServer } from 'node:https';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { SIGNATURE_HEADER, verifySignature } from '@lift3d/common/webhooks/signature.ts';
import postgres from 'postgres';
import { afterAll, beforeAll, expect, test } from 'vitest';
import {
  apiExamples,
  type ExampleId,
  type ExampleValues,
} from '../../src/features/developers/api-examples.ts';
import { type OpenApiAnswers, openApiAnswers } from './support/openapi-answers.ts';
import { type StackProcess, signUp, startStackProcess, waitUntilHealthy } from './support/stack-process.ts';

const repo = resolve(import.meta.dirname, '../..');
const fixtures = join(repo, 'supabase/functions/api/tests/fixtures');
// A sample photo of the studio (a vase), shipped with the repository.
const photo = join(repo, 'public/samples/demo-1.png');
const MAX_UPLOAD_BYTES = 2 * 1024 * 1024;

let stack: StackProcess;
let sql: postgres.Sql;
/** Every v1 answer is checked against the served OpenAPI document; what does not match lands here. */
let documented: OpenApiAnswers;
const undocumented: string[] = [];
let imageHost: ReturnType<typeof createServer>;
let hostOrigin = '';
let hostPort = 0;
/** Webhook deliveries as the local receiver got them: raw body and signature header. */
const received: Array<{ body: string; signature: string | null }> = [];
const receiver = createHttpServer((req, res) => {
  let body = '';
  req.on('data', (chunk) => {
    body += chunk;
  });
  req.on('end', () => {
    received.push({ body, signature: (req.headers[SIGNATURE_HEADER.toLowerCase()] as string) ?? null });
    res.writeHead(204);
    res.end();
  });
});
const work = mkdtempSync(join(tmpdir(), 'public-api-'));
const dataDir = mkdtempSync(join(tmpdir(), 'public-api-stack-'));

/** An https server with the test root's certificate: a photo, a redirect to a private address, a huge file. */
async function startImageHost() {
  const server = createServer(
    {
      cert: readFileSync(join(fixtures, 'localhost-cert.pem')),
      key: readFileSync(join(fixtures, 'localhost-key.pem')),
    },
    (req, res) => {
      if (req.url === '/vase.png') {
        res.writeHead(200, { 'content-type': 'image/png' });
        return res.end(readFileSync(photo));
      }
      if (req.url === '/to-private') {
        res.writeHead(302, { location: 'https://10.0.0.7/vase.png' });
        return res.end();
      }
      if (req.url === '/to-loopback') {
        res.writeHead(302, { location: `https://127.0.0.1:${hostPort}/vase.png` });
        return res.end();
      }
      if (req.url === '/huge.png') {
        res.writeHead(200, { 'content-type': 'image/png' });
        // Streamed without a length: the fetcher must stop reading at the limit on its own.
        const chunk = Buffer.alloc(64 * 1024);
        let sent = 0;
        const more = () => {
          while (sent <= MAX_UPLOAD_BYTES + chunk.length) {
            sent += chunk.length;
            if (!res.write(chunk)) return res.once('drain', more);
          }
          res.end();
        };
        res.on('error', () => {});
        return more();
      }
      res.writeHead(404);
      res.end();
    },
  );
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  hostPort = (server.address() as AddressInfo).port;
  hostOrigin = `https://localhost:${hostPort}`;
  return server;
}

beforeAll(async () => {
  imageHost = await startImageHost();
  await new Promise<void>((done) => receiver.listen(0, '127.0.0.1', done));
  stack = await startStackProcess({
    dataDir,
    env: {
      MAX_UPLOAD_BYTES: String(MAX_UPLOAD_BYTES),
      // The only test allowances of the image_url fetcher: the test root and this one origin.
      IMAGE_URL_CA_FILE: join(fixtures, 'test-root-ca.pem'),
      IMAGE_URL_TRUSTED_ORIGINS: hostOrigin,
    },
  });
  await waitUntilHealthy(stack);
  documented = await openApiAnswers(`${stack.url}/api/v1/openapi.json`);
  sql = postgres(stack.databaseUrl, { max: 1, prepare: false, onnotice: () => {} });
  copyFileSync(photo, join(work, 'vase.png'));
}, 300_000);

afterAll(async () => {
  await sql?.end();
  await stack?.stop();
  imageHost?.close();
  receiver.close();
  rmSync(work, { recursive: true, force: true });
  rmSync(dataDir, { recursive: true, force: true });
});

interface V1Generation {
  id: string;
  status: string;
  progress: number;
  stage: string;
  error: string | null;
  downloads: Record<string, string>;
}

/** What the examples print: one of the documented answers. */
interface Answer {
  generation: V1Generation;
  data: V1Generation[];
  error: { code: string; message: string };
  credits: number;
}

interface Run {
  status: number;
  headers: Record<string, string>;
  body: string;
  json: () => Answer;
}

/** Runs one of the docs' curl examples with bash, as a reader would paste it, and reads status and headers. */
function runExample(
  id: ExampleId,
  env: Record<string, string>,
  values: Partial<ExampleValues> = {},
): Promise<Run> {
  const example = apiExamples({ imageFile: 'vase.png', ...values }).find((e) => e.id === id)!;
  const headersFile = join(work, `headers-${crypto.randomUUID()}`);
  const command = `${example.curl} -D ${headersFile} -w '\\n%{http_code}'`;
  return new Promise((done, fail) => {
    execFile(
      'bash',
      ['-c', command],
      { cwd: work, env: { ...process.env, LIFT3D_API: `${stack.url}/api`, ...env }, maxBuffer: 64 << 20 },
      (error, stdout, stderr) => {
        if (error) return fail(new Error(`${id}: ${error.message}\n${stderr}`));
        const lines = stdout.split('\n');
        const status = Number(lines.pop());
        const headers: Record<string, string> = {};
        for (const line of readFileSync(headersFile, 'utf8').split('\r\n')) {
          const at = line.indexOf(':');
          if (at > 0) headers[line.slice(0, at).toLowerCase()] = line.slice(at + 1).trim();
        }
        rmSync(headersFile, { force: true });
        const body = lines.join('\n');
        // A download is the file itself; every other example answers JSON the document describes.
        if (id !== 'download') undocumented.push(...documented.check(example.operationId, status, body));
        done({ status, headers, body, json: () => JSON.parse(body) as Answer });
      },
    );
  });
}

async function makeKey(token: string): Promise<{ key: string; id: string }> {
  const res = await fetch(`${stack.url}/api/api-keys`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify({ name: 'black-box' }),
  });
  const body = (await res.json()) as { secret: string; apiKey: { id: string } };
  expect(res.status, JSON.stringify(body)).toBe(201);
  return { key: body.secret, id: body.apiKey.id };
}

async function ledger(userId: string) {
  return sql<{ delta: number; reason: string }[]>`
    select delta, reason from public.credit_ledger where user_id = ${userId} order by created_at`;
}

test('the documented curl examples convert a photo, download every format and refuse what they must', async () => {
  const user = await signUp(stack);
  await sql`select public.apply_credit_change(${user.id}, 200, 'purchase', ${`test:${user.id}`})`;
  const { key, id: keyId } = await makeKey(user.token);
  const env = { LIFT3D_API_KEY: key };
  // The account's webhook: a local receiver (the local stack allows private targets).
  const saved = await fetch(`${stack.url}/api/webhooks/endpoint`, {
    method: 'PUT',
    headers: { authorization: `Bearer ${user.token}`, 'content-type': 'application/json' },
    body: JSON.stringify({
      url: `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hook`,
      enabled: true,
    }),
  });
  const endpoint = (await saved.json()) as { endpoint: { secret: string } };
  expect(saved.status, JSON.stringify(endpoint)).toBe(200);

  // Convert, then replay with the same Idempotency-Key: the same conversion, one charge.
  const created = await runExample('createUpload', env);
  expect(created.status, created.body).toBe(202);
  expect(created.headers['ratelimit-limit']).toBe('60');
  const generation = created.json().generation;
  const replay = await runExample('createUpload', env);
  expect(replay.status, replay.body).toBe(200);
  expect(replay.json().generation.id).toBe(generation.id);
  expect((await runExample('getBalance', env)).json()).toEqual({ credits: 150 });
  expect((await ledger(user.id)).filter((r) => r.reason === 'generation')).toHaveLength(1);

  // Wait as the docs do, then download every format through its signed link.
  const withId = { ...env, GENERATION_ID: generation.id };
  let current = generation;
  const deadline = Date.now() + 15 * 60_000;
  while (current.status === 'queued' || current.status === 'processing') {
    expect(Date.now(), `still ${current.status} at ${current.stage}`).toBeLessThan(deadline);
    await new Promise((r) => setTimeout(r, 2000));
    const polled = await runExample('getGeneration', withId);
    expect(polled.status, polled.body).toBe(200);
    current = polled.json().generation;
  }
  expect(current.status, current.error ?? '').toBe('completed');
  // One scale everywhere: a finished conversion is at the top of the documented range (a fraction, 1).
  const progress = (documented.component('Generation')?.properties as Record<string, Record<string, unknown>>)
    ?.progress;
  expect([progress?.minimum, progress?.maximum]).toEqual([0, 1]);
  expect(current.progress).toBe(progress?.maximum);
  // The signed generation.completed event reaches the receiver and verifies with the endpoint's secret.
  const eventFor = () =>
    received.find((r) => {
      const event = JSON.parse(r.body) as { type: string; data: { generation_id: string } };
      return event.type === 'generation.completed' && event.data.generation_id === generation.id;
    });
  const hookDeadline = Date.now() + 5 * 60_000;
  while (!eventFor()) {
    expect(Date.now(), 'the generation.completed webhook').toBeLessThan(hookDeadline);
    await new Promise((r) => setTimeout(r, 500));
  }
  const delivery = eventFor()!;
  expect(await verifySignature(endpoint.endpoint.secret, delivery.signature, delivery.body)).toMatchObject({
    ok: true,
  });
  expect((await verifySignature('whsec_wrong', delivery.signature, delivery.body)).ok).toBe(false);
  expect(Object.keys(current.downloads).sort()).toEqual(['3mf', 'fbx', 'glb', 'gltf', 'obj', 'stl', 'usdz']);
  for (const [format, url] of Object.entries(current.downloads as Record<string, string>)) {
    const outputFile = `vase.${format}`;
    const got = await runExample('download', { DOWNLOAD_URL: url }, { outputFile });
    expect(got.status, `${format}: ${got.body}`).toBe(200);
    expect(statSync(join(work, outputFile)).size).toBeGreaterThan(100);
  }
  expect(readFileSync(join(work, 'vase.glb')).subarray(0, 4).toString()).toBe('glTF');
  expect(readFileSync(join(work, 'vase.3mf')).subarray(0, 2).toString()).toBe('PK');
  const listed = await runExample('listGenerations', env);
  expect(listed.json().data.map((g: { id: string }) => g.id)).toEqual([generation.id]);

  // Another user's key cannot see or delete it.
  const other = await signUp(stack);
  const otherKey = await makeKey(other.token);
  const foreign = { LIFT3D_API_KEY: otherKey.key, GENERATION_ID: generation.id };
  const peek = await runExample('getGeneration', foreign);
  expect(peek.status).toBe(404);
  expect(peek.json().error.code).toBe('not_found');
  expect((await runExample('deleteGeneration', foreign)).status).toBe(404);

  // SSRF and oversized image_urls: refused, and not one ledger row more.
  const before = await ledger(user.id);
  const attempts: Array<[string, number, string]> = [
    [`https://127.0.0.1:${hostPort}/vase.png`, 400, 'image_url_refused'],
    ['https://169.254.169.254/latest/meta-data/', 400, 'image_url_refused'],
    [`${hostOrigin}/to-private`, 400, 'image_url_refused'],
    [`${hostOrigin}/to-loopback`, 400, 'image_url_refused'],
    [`http://localhost:${hostPort}/vase.png`, 400, 'image_url_refused'],
    [`${hostOrigin}/huge.png`, 413, 'too_large'],
  ];
  for (const [imageUrl, status, code] of attempts) {
    const refused = await runExample('createFromUrl', env, { imageUrl });
    expect(refused.status, `${imageUrl}: ${refused.body}`).toBe(status);
    expect(refused.json().error.code).toBe(code);
  }
  expect(await ledger(user.id)).toEqual(before);
  // The allowed origin works through the same example: fetched, queued, charged once.
  const fromUrl = await runExample('createFromUrl', env, { imageUrl: `${hostOrigin}/vase.png` });
  expect(fromUrl.status, fromUrl.body).toBe(202);
  expect((await runExample('getBalance', env)).json()).toEqual({ credits: 100 });

  // The rate limit: 429 with the RateLimit headers and Retry-After.
  await sql`update public.settings set value = '5' where key = 'api.requests_per_minute'`;
  let limited: Run | null = null;
  for (let i = 0; i < 100 && !limited; i++) {
    const res = await runExample('getBalance', env);
    if (res.status === 429) limited = res;
  }
  await sql`update public.settings set value = '60' where key = 'api.requests_per_minute'`;
  expect(limited).not.toBeNull();
  expect(limited!.json().error.code).toBe('rate_limited');
  expect(limited!.headers['ratelimit-remaining']).toBe('0');
  expect(Number(limited!.headers['retry-after'])).toBeGreaterThanOrEqual(1);

  // Delete through the example; then the revoked key is a 401.
  const deleted = await runExample('deleteGeneration', withId);
  expect(deleted.status, deleted.body).toBe(204);
  expect((await runExample('getGeneration', withId)).status).toBe(404);
  const revoke = await fetch(`${stack.url}/api/api-keys/${keyId}`, {
    method: 'DELETE',
    headers: { authorization: `Bearer ${user.token}` },
  });
  expect(revoke.status).toBe(204);
  const revoked = await runExample('getBalance', env);
  expect(revoked.status).toBe(401);
  expect(revoked.json().error.code).toBe('invalid_api_key');
  // A key never opens the browser routes, and a session token never opens /api/v1.
  const browser = await fetch(`${stack.url}/api/users/${user.id}`, {
    headers: { authorization: `Bearer ${otherKey.key}` },
  });
  expect(browser.status).toBe(401);
  const session = await runExample('getBalance', { LIFT3D_API_KEY: other.token });
  expect(session.json().error.code).toBe('session_token_not_accepted');
  expect(undocumented).toEqual([]);
}, 1_200_000);
