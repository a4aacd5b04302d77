import assert from 'node:assert/strict';
import { buildApp, createUser, superuser, test, tokenFor } from './support.ts';

const { app, db } = buildApp();
const sql = superuser();
globalThis.addEventListener('unload', () => {
  db.close();
  sql.end();
});

async function call(
  method: string,
  path: string,
  user: { id: string; email: string } | null,
  body?: unknown,
  opts: { admin?: boolean } = {},
) {
  const headers: Record<string, string> = {};
  if (user) headers.authorization = `Bearer ${await tokenFor(user, opts)}`;
  if (body !== undefined) headers['content-type'] = 'application/json';
  const res = await app.request(path, {
    method,
    headers,
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: res.status, body: await res.json() };
}

test('GET /users/:id returns the spec user shape', async () => {
  const user = await createUser(sql, { name: 'Ada Lovelace' });
  const res = await call('GET', `/api/users/${user.id}`, user);
  assert.equal(res.status, 200);
  const u = res.body.user;
  assert.deepEqual(Object.keys(u).sort(), [
    'createdAt',
    'credits',
    'email',
    'has_password',
    'id',
    'is_admin',
    'name',
    'updatedAt',
  ]);
  assert.equal(u.id, user.id);
  assert.equal(u.name, 'Ada Lovelace');
  assert.equal(u.credits, 0);
  assert.equal(u.is_admin, false);
  assert.equal(u.has_password, true);
  assert.ok(!Number.isNaN(Date.parse(u.createdAt)));
});

test('a malformed id is a 400 that says what is wrong', async () => {
  const user = await createUser(sql);
  const res = await call('GET', '/api/users/not-a-uuid', user);
  assert.equal(res.status, 400);
  assert.match(res.body.error, /UUID/);
});

test('PUT /users/:id trims the name and never moves the sign-in address', async () => {
  const user = await createUser(sql);
  const res = await call('PUT', `/api/users/${user.id}`, user, {
    name: '  Grace Hopper ',
    email: ` ${user.email.toUpperCase()} `,
  });
  assert.equal(res.status, 200, JSON.stringify(res.body));
  assert.equal(res.body.user.name, 'Grace Hopper');
  assert.equal(res.body.user.email, user.email);
  const moved = await call('PUT', `/api/users/${user.id}`, user, {
    name: 'Not Saved',
    email: `claimed-${user.id.slice(0, 8)}@example.test`,
  });
  assert.equal(moved.status, 400);
  assert.match(moved.body.error, /confirmation link is sent to the old and the new address/);
  const [row] = await sql`select a.email, p.name from auth.users a join public.profiles p using (id)
                           where a.id = ${user.id}`;
  // Nothing of the refused request was written, the name included.
  assert.deepEqual({ ...row }, { email: user.email, name: 'Grace Hopper' });
});

test('PUT ignores credits and is_admin in the body', async () => {
  const user = await createUser(sql);
  const res = await call('PUT', `/api/users/${user.id}`, user, {
    name: 'Eve',
    credits: 99999,
    is_admin: true,
  });
  assert.equal(res.status, 200);
  assert.equal(res.body.user.credits, 0);
  assert.equal(res.body.user.is_admin, false);
});

test('PUT refuses an empty name (400)', async () => {
  const a = await createUser(sql);
  const empty = await call('PUT', `/api/users/${a.id}`, a, { name: '   ' });
  assert.equal(empty.status, 400);
});

test('an admin edits another user; a plain user cannot', async () => {
  const admin = await createUser(sql, { admin: true });
  const user = await createUser(sql);
  const res = await call('PUT', `/api/users/${user.id}`, admin, { name: 'Set By Admin' }, { admin: true });
  assert.equal(res.status, 200);
  assert.equal(res.body.user.name, 'Set By Admin');
  const other = await createUser(sql);
  assert.equal((await call('PUT', `/api/users/${user.id}`, other, { name: 'x' })).status, 404);
  // A forged claim without the table flag gets nothing either.
  assert.equal(
    (await call('PUT', `/api/users/${user.id}`, other, { name: 'x' }, { admin: true })).status,
    404,
  );
});

test('the former password routes answer 410 and change nothing', async () => {
  const user = await createUser(sql);
  for (const path of ['password', 'set-password']) {
    const res = await call('POST', `/api/users/${user.id}/${path}`, user, {
      currentPassword: 'x',
      newPassword: 'brand-new-secret',
    });
    assert.equal(res.status, 410);
    assert.match(res.body.error, /Supabase Auth/);
  }
  const [row] = await sql`select encrypted_password from auth.users where id = ${user.id}`;
  assert.equal(row.encrypted_password, 'x');
});

test('admin list pages through every profile, newest first', async () => {
  const admin = await createUser(sql, { admin: true });
  for (let i = 0; i < 3; i++) await createUser(sql);
  const first = await call('GET', '/api/admin/users?limit=2', admin, undefined, { admin: true });
  assert.equal(first.status, 200);
  assert.equal(first.body.users.length, 2);
  assert.ok(first.body.total >= 4);
  const second = await call('GET', '/api/admin/users?limit=2&offset=2', admin, undefined, { admin: true });
  assert.equal(second.body.users.length, 2);
  assert.notEqual(second.body.users[0].id, first.body.users[0].id);
  assert.ok(Date.parse(first.body.users[0].createdAt) >= Date.parse(first.body.users[1].createdAt));
  const bad = await call('GET', '/api/admin/users?limit=0', admin, undefined, { admin: true });
  assert.equal(bad.status, 400);
});

test('admin delete removes the account; unknown ids are 404; a demoted admin is refused', async () => {
  const admin = await createUser(sql, { admin: true });
  const user = await createUser(sql);
  const res = await call('DELETE', `/api/admin/users/${user.id}`, admin, undefined, { admin: true });
  assert.deepEqual(res, { status: 200, body: { success: true } });
  assert.equal((await sql`select 1 from auth.users where id = ${user.id}`).length, 0);
  const again = await call('DELETE', `/api/admin/users/${user.id}`, admin, undefined, { admin: true });
  assert.equal(again.status, 404);
  const victim = await createUser(sql);
  await sql`update public.profiles set is_admin = false where id = ${admin.id}`;
  const demoted = await call('DELETE', `/api/admin/users/${victim.id}`, admin, undefined, { admin: true });
  assert.equal(demoted.status, 403);
});
