import assert from 'node:assert/strict';
import { corsOrigins } from '../core/cors.ts';
import { buildApp, createUser, superuser, test, tokenFor } from './support.ts';

const SITE = 'https://app.lift3d.example';
const { app, db } = buildApp({ corsOrigins: corsOrigins(`${SITE}/`, 'https://staging.lift3d.example') });
const sql = superuser();
globalThis.addEventListener('unload', () => {
  db.close();
  sql.end();
});

const preflight = (origin: string, headers = 'authorization, content-type') =>
  app.request('/api/users/00000000-0000-0000-0000-000000000000', {
    method: 'OPTIONS',
    headers: {
      Origin: origin,
      'Access-Control-Request-Method': 'PUT',
      'Access-Control-Request-Headers': headers,
    },
  });

test('cors: a preflight from the site origin is answered before authentication', async () => {
  const res = await preflight(SITE, 'authorization, content-type, idempotency-key');
  assert.equal(res.status, 204);
  assert.equal(res.headers.get('access-control-allow-origin'), SITE);
  assert.match(res.headers.get('access-control-allow-methods') ?? '', /PUT/);
  const allowed = (res.headers.get('access-control-allow-headers') ?? '').toLowerCase();
  for (const h of ['authorization', 'content-type', 'idempotency-key']) assert.match(allowed, new RegExp(h));
  assert.equal(res.headers.get('access-control-allow-credentials'), null);
  assert.match(res.headers.get('vary') ?? '', /origin/i);
});

test('cors: every origin of the allow-list is allowed, other origins get no allow header', async () => {
  const staging = await preflight('https://staging.lift3d.example');
  assert.equal(staging.headers.get('access-control-allow-origin'), 'https://staging.lift3d.example');
  for (const origin of ['https://evil.example', 'https://app.lift3d.example.evil.example', 'null']) {
    const res = await preflight(origin);
    assert.equal(res.headers.get('access-control-allow-origin'), null, origin);
  }
});

test('cors: real calls from the site carry the allow header, errors included', async () => {
  const user = await createUser(sql);
  const token = await tokenFor(user);
  const ok = await app.request(`/api/users/${user.id}`, {
    headers: { Origin: SITE, Authorization: `Bearer ${token}` },
  });
  assert.equal(ok.status, 200);
  assert.equal(ok.headers.get('access-control-allow-origin'), SITE);
  // The SPA must be able to read a 401 to send the user to sign in again.
  const refused = await app.request(`/api/users/${user.id}`, {
    headers: { Origin: SITE, Authorization: 'Bearer not-a-token' },
  });
  assert.equal(refused.status, 401);
  assert.equal(refused.headers.get('access-control-allow-origin'), SITE);
  const missing = await app.request('/api/nope', { headers: { Origin: SITE } });
  assert.equal(missing.status, 404);
  assert.equal(missing.headers.get('access-control-allow-origin'), SITE);
});

test('cors: origins are normalised and non-http entries ignored', async () => {
  assert.deepEqual(corsOrigins('https://A.example/app/', ' http://localhost:5173 ,ftp://x.example,,junk'), [
    'https://a.example',
    'http://localhost:5173',
  ]);
  assert.deepEqual(corsOrigins(undefined, undefined), []);
});
