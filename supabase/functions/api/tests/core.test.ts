import assert from 'node:assert/strict';
import { buildApp, createUser, superuser, test, tokenFor } from './support.ts';

const { app, db } = buildApp();
const sql = superuser();

globalThis.addEventListener('unload', () => {
  db.close();
  sql.end();
});

test('unknown routes answer a JSON 404', async () => {
  const res = await app.request('/api/nope');
  assert.equal(res.status, 404);
  assert.match((await res.json()).error, /No API route/);
});

test('an anonymous visit is recorded with its session id', async () => {
  const visitorId = crypto.randomUUID();
  const res = await app.request('/api/analytics/visit', {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-session-id': 'sess-abc_session_id' },
    body: JSON.stringify({ path: '/pricing', referrer: 'https://example.org/', visitorId }),
  });
  assert.equal(res.status, 201);
  const [row] =
    await sql`select path, referrer, session_id, user_id from public.visits where visitor_id = ${visitorId}`;
  assert.equal(row.path, '/pricing');
  assert.equal(row.referrer, 'https://example.org/');
  assert.equal(row.session_id, 'sess-abc_session_id');
  assert.equal(row.user_id, null);
});

test('a signed-in visit is attributed to its user', async () => {
  const user = await createUser(sql);
  const visitorId = crypto.randomUUID();
  const res = await app.request('/api/analytics/visit', {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${await tokenFor(user)}` },
    body: JSON.stringify({ path: '/app', visitorId }),
  });
  assert.equal(res.status, 201);
  const [row] = await sql`select user_id from public.visits where visitor_id = ${visitorId}`;
  assert.equal(row.user_id, user.id);
});

test('bad visit bodies are refused with a 400 that names the field', async () => {
  for (const body of [
    '{not json',
    JSON.stringify({ path: 'no-slash' }),
    JSON.stringify({ path: '/x', visitorId: 'nope' }),
  ]) {
    const res = await app.request('/api/analytics/visit', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body,
    });
    assert.equal(res.status, 400, body);
    const json = await res.json();
    assert(typeof json.error === 'string' && json.error.length > 0);
  }
});

test('tokens that fail verification are refused with 401, never treated as anonymous', async () => {
  const user = await createUser(sql);
  const now = Math.floor(Date.now() / 1000);
  const cases: Record<string, string> = {
    expired: await tokenFor(user, { expiresIn: now - 60 }),
    forged: await tokenFor(user, { secret: 'some-other-secret-of-enough-length-000' }),
    garbage: 'not.a.jwt',
    unsigned: `${btoa(JSON.stringify({ alg: 'none' }))}.${btoa(JSON.stringify({ sub: user.id, role: 'authenticated' }))}.`,
    'service role': await tokenFor(user, { role: 'service_role' }),
  };
  for (const [name, token] of Object.entries(cases)) {
    const res = await app.request('/api/analytics/visit', {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify({ path: '/' }),
    });
    assert.equal(res.status, 401, name);
    assert.match((await res.json()).error, /sign in/i, name);
  }
  const malformed = await app.request('/api/health/live', { headers: { authorization: 'Basic abc' } });
  assert.equal(malformed.status, 401);
});
