import assert from 'node:assert/strict';
import { createApp } from '../app.ts';
import { createVerifier } from '../core/auth.ts';
import { createDb } from '../core/db.ts';
import { createUser, superuser, testConfig, tokenFor } from './support.ts';

// Name resolution is the one outside part: tests answer it (the real resolver is Deno.resolveDns).
const dns = new Map<string, string[]>([
  ['hooks.example.test', ['93.184.215.14', '2606:2800:21f:cb07:6820:80da:af6b:8b2c']],
  ['internal.example.test', ['93.184.215.14', '192.168.0.10']],
  ['metadata.example.test', ['169.254.169.254']],
]);
const resolveHost = async (host: string) => dns.get(host) ?? [];
const strictConfig = testConfig();
const db = createDb(strictConfig);
const app = createApp({
  config: strictConfig,
  db,
  verify: createVerifier(strictConfig),
  storage: null,
  resolveHost,
});
const localConfig = testConfig({ webhooks: { allowPrivateTargets: true } });
const localApp = createApp({
  config: localConfig,
  db,
  verify: createVerifier(localConfig),
  storage: null,
  resolveHost,
});
const sql = superuser();

const test = (name: string, fn: () => Promise<void>) =>
  Deno.test({ name: `webhooks: ${name}`, fn, sanitizeOps: false, sanitizeResources: false });
globalThis.addEventListener('unload', () => {
  db.close();
  sql.end();
});

async function signedIn() {
  const user = await createUser(sql);
  const token = await tokenFor(user);
  const call = (method: string, path: string, body?: unknown, target = app) =>
    target.request(`/api/webhooks${path}`, {
      method,
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
    });
  return { user, call };
}

async function expectError(res: Response, status: number, error: string) {
  assert.equal(res.status, status);
  assert.equal((await res.json()).error, error);
}

test('signed-out callers are refused', async () => {
  const res = await app.request('/api/webhooks/endpoint');
  assert.equal(res.status, 401);
});

test('an endpoint is saved with a secret made by the server; the secret rotates, the URL stays', async () => {
  const { call } = await signedIn();
  assert.deepEqual(await (await call('GET', '/endpoint')).json(), { endpoint: null });
  await expectError(await call('POST', '/endpoint/rotate'), 404, 'Save a webhook endpoint first.');
  const saved = await call('PUT', '/endpoint', { url: ' https://hooks.example.test/lift3d ' });
  assert.equal(saved.status, 200);
  const { endpoint } = await saved.json();
  assert.equal(endpoint.url, 'https://hooks.example.test/lift3d');
  assert.equal(endpoint.enabled, true);
  assert.match(endpoint.secret, /^whsec_[0-9a-f]{64}$/);
  assert.deepEqual((await (await call('GET', '/endpoint')).json()).endpoint, endpoint);
  const rotated = (await (await call('POST', '/endpoint/rotate')).json()).endpoint;
  assert.notEqual(rotated.secret, endpoint.secret);
  assert.match(rotated.secret, /^whsec_[0-9a-f]{64}$/);
  assert.equal(rotated.url, endpoint.url);
  // Saving again (here: switching it off) keeps the secret.
  const off = (await (await call('PUT', '/endpoint', { url: endpoint.url, enabled: false })).json()).endpoint;
  assert.equal(off.enabled, false);
  assert.equal(off.secret, rotated.secret);
});

test('https only, and only hosts that resolve to public addresses', async () => {
  const { call } = await signedIn();
  const refused: [unknown, string][] = [
    [
      { url: 'http://hooks.example.test/x' },
      'url: Webhooks are sent over https only: the URL must start with https://.',
    ],
    [
      { url: 'ftp://hooks.example.test/x' },
      'url: Webhooks are sent over https only: the URL must start with https://.',
    ],
    [
      { url: 'hooks.example.test/x' },
      'url: Enter the full address of your endpoint, starting with https://.',
    ],
    [
      { url: 'https://user:pw@hooks.example.test/' },
      'url: The URL must not contain a user name or password.',
    ],
    [
      { url: 'https://127.0.0.1/hook' },
      'url: The host 127.0.0.1 resolves to a private address (127.0.0.1); webhooks go to public addresses only.',
    ],
    [
      { url: 'https://0x7f.1/hook' },
      'url: The host 127.0.0.1 resolves to a private address (127.0.0.1); webhooks go to public addresses only.',
    ],
    [
      { url: 'https://[::1]:8443/hook' },
      'url: The host [::1] resolves to a private address (::1); webhooks go to public addresses only.',
    ],
    [
      { url: 'https://10.0.0.5/hook' },
      'url: The host 10.0.0.5 resolves to a private address (10.0.0.5); webhooks go to public addresses only.',
    ],
    [
      { url: 'https://100.64.1.1/hook' },
      'url: The host 100.64.1.1 resolves to a private address (100.64.1.1); webhooks go to public addresses only.',
    ],
    [
      { url: 'https://internal.example.test/hook' },
      'url: The host internal.example.test resolves to a private address (192.168.0.10); webhooks go to public addresses only.',
    ],
    [
      { url: 'https://metadata.example.test/' },
      'url: The host metadata.example.test resolves to a private address (169.254.169.254); webhooks go to public addresses only.',
    ],
    [{ url: 'https://nowhere.example.test/' }, 'url: The host nowhere.example.test could not be resolved.'],
    [{ url: '' }, 'url: Enter the URL of your endpoint.'],
    [{}, 'url: url must be a text.'],
    [{ url: 'https://hooks.example.test/', enabled: 'yes' }, 'enabled: enabled must be true or false.'],
    ['{not json', 'The request body must be valid JSON.'],
  ];
  for (const [body, error] of refused) await expectError(await call('PUT', '/endpoint', body), 400, error);
  assert.deepEqual(await (await call('GET', '/endpoint')).json(), { endpoint: null }, 'nothing was saved');
  const [{ n }] = await sql`select count(*)::int as n from public.webhook_endpoints e
                              join auth.users u on u.id = e.user_id where e.url like '%10.0.0.5%'`;
  assert.equal(n, 0);
});

test('with the local switch (local stack, tests) http and private targets are accepted', async () => {
  const { call } = await signedIn();
  const res = await call('PUT', '/endpoint', { url: 'http://127.0.0.1:9/hook' }, localApp);
  assert.equal(res.status, 200);
  assert.equal((await res.json()).endpoint.url, 'http://127.0.0.1:9/hook');
});

test('test events, the paged delivery log and resend, each for the owner only', async () => {
  const owner = await signedIn();
  const other = await signedIn();
  await expectError(await owner.call('POST', '/test'), 400, 'Enable your webhook endpoint first.');
  await owner.call('PUT', '/endpoint', { url: 'https://hooks.example.test/in', enabled: false });
  await expectError(await owner.call('POST', '/test'), 400, 'Enable your webhook endpoint first.');
  await owner.call('PUT', '/endpoint', { url: 'https://hooks.example.test/in', enabled: true });

  const sent = [];
  for (let i = 0; i < 3; i++) {
    const res = await owner.call('POST', '/test');
    assert.equal(res.status, 201);
    sent.push((await res.json()).delivery);
  }
  assert.equal(sent[0].type, 'ping');
  assert.equal(sent[0].status, 'pending');
  assert.equal(sent[0].attempts, 0);
  assert.equal(sent[0].responseCode, null);
  assert.match(sent[0].eventId, /^evt_[0-9a-f-]{36}$/);

  const first = await (await owner.call('GET', '/deliveries?limit=2')).json();
  assert.deepEqual(
    first.deliveries.map((d: { id: number }) => d.id),
    [sent[2].id, sent[1].id],
  );
  assert.equal(first.nextCursor, sent[1].id);
  const second = await (await owner.call('GET', `/deliveries?limit=2&before=${first.nextCursor}`)).json();
  assert.deepEqual(
    second.deliveries.map((d: { id: number }) => d.id),
    [sent[0].id],
  );
  assert.equal(second.nextCursor, null);
  await expectError(await owner.call('GET', '/deliveries?before=abc'), 400, 'before: must be a delivery id.');

  const resent = await owner.call('POST', `/deliveries/${sent[0].id}/resend`);
  assert.equal(resent.status, 201);
  const copy = (await resent.json()).delivery;
  assert.equal(copy.resendOf, sent[0].id);
  assert.equal(copy.eventId, sent[0].eventId);
  assert.equal(copy.status, 'pending');

  // Another account sees none of it and cannot resend it.
  assert.deepEqual(await (await other.call('GET', '/deliveries')).json(), {
    deliveries: [],
    nextCursor: null,
  });
  await expectError(await other.call('POST', `/deliveries/${sent[0].id}/resend`), 404, 'No such delivery.');
  await expectError(await owner.call('POST', '/deliveries/abc/resend'), 404, 'No such delivery.');
  await expectError(await owner.call('POST', '/deliveries/99999999999/resend'), 404, 'No such delivery.');
});
