import assert from 'node:assert/strict';
import { buildApp, createUser, superuser, test, tokenFor } from './support.ts';

const { app, db } = buildApp();
const sql = superuser();
globalThis.addEventListener('unload', () => {
  db.close();
  sql.end();
});

async function signedIn() {
  const user = await createUser(sql);
  const sessionId = crypto.randomUUID();
  await sql`insert into auth.sessions (id, user_id, created_at, updated_at) values (${sessionId}, ${user.id}, now(), now())`;
  return { user, sessionId, token: await tokenFor(user, { sessionId }) };
}

const rename = (id: string, token: string, name: string) =>
  app.request(`/api/users/${id}`, {
    method: 'PUT',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify({ name }),
  });

test('sessions: writes need a live session; after sign-out the same token is refused', async () => {
  const { user, sessionId, token } = await signedIn();
  assert.equal((await rename(user.id, token, 'Before Logout')).status, 200);
  // What Supabase Auth does on logout (and, for the other sessions, on a password change).
  await sql`delete from auth.sessions where id = ${sessionId}`;
  const refused = await rename(user.id, token, 'After Logout');
  assert.equal(refused.status, 401);
  assert.match((await refused.json()).error, /session has ended/);
  const [row] = await sql`select name from public.profiles where id = ${user.id}`;
  assert.equal(row.name, 'Before Logout');
  // Spending credits is a write too.
  const spend = await app.request('/api/generations', {
    method: 'POST',
    headers: { authorization: `Bearer ${token}` },
  });
  assert.equal(spend.status, 401);
});

test("sessions: another user's session id or an expired session does not count", async () => {
  const a = await signedIn();
  const b = await createUser(sql);
  const borrowed = await tokenFor(b, { sessionId: a.sessionId });
  assert.equal((await rename(b.id, borrowed, 'Borrowed')).status, 401);
  await sql`update auth.sessions set not_after = now() - interval '1 second' where id = ${a.sessionId}`;
  assert.equal((await rename(a.user.id, a.token, 'Expired')).status, 401);
});

test('sessions: after sign-out reads are refused too, the webhook signing secret included', async () => {
  const { user, sessionId, token } = await signedIn();
  const read = (path: string) =>
    app.request(`/api${path}`, { headers: { authorization: `Bearer ${token}` } });
  assert.equal((await read(`/users/${user.id}`)).status, 200);
  await sql`delete from auth.sessions where id = ${sessionId}`;
  for (const path of [`/users/${user.id}`, '/webhooks/endpoint', '/generations', '/api-keys']) {
    const res = await read(path);
    assert.equal(res.status, 401, path);
    assert.match((await res.json()).error, /session has ended/, path);
  }
});

test('sessions: a read that never queries as the caller is still refused, its answer withheld', async () => {
  const { sessionId, token } = await signedIn();
  // The public settings are read with the function's own privileges: no transaction as the caller checks
  // the session on the way, so the check happens before the answer leaves.
  const read = () => app.request('/api/config', { headers: { authorization: `Bearer ${token}` } });
  assert.equal((await read()).status, 200);
  await sql`delete from auth.sessions where id = ${sessionId}`;
  const refused = await read();
  assert.equal(refused.status, 401);
  const body = await refused.json();
  assert.equal(body.code, 'session_ended');
  assert.equal(body.maxBatch, undefined);
});

test('sessions: a read checks the session in the transaction it reads in, as it was when it read', async () => {
  const { user, sessionId, token } = await signedIn();
  const models = () => app.request('/api/generations', { headers: { authorization: `Bearer ${token}` } });
  const polled = await models();
  assert.equal(polled.status, 200);
  assert.deepEqual((await polled.json()).generations, []);
  await sql`update auth.sessions set not_after = now() where id = ${sessionId}`;
  assert.equal((await models()).status, 401);
  // Another user's live session under this user's token is no session of theirs.
  const other = await signedIn();
  const borrowed = await tokenFor(user, { sessionId: other.sessionId });
  const res = await app.request(`/api/users/${user.id}`, {
    headers: { authorization: `Bearer ${borrowed}` },
  });
  assert.equal(res.status, 401);
});
