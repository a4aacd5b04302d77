import assert from 'node:assert/strict';
import { hashPassword, passwordMatches } from '../lib/passwords.ts';
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

async function withPassword(password: string, opts: { admin?: boolean } = {}) {
  const user = await createUser(sql, { name: 'Ada Lovelace', ...opts });
  await sql`update auth.users set encrypted_password = ${await hashPassword(password)} where id = ${user.id}`;
  return user;
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

test('PUT /users/:id trims, updates name and e-mail, and moves the sign-in address', async () => {
  const user = await createUser(sql);
  const email = `Renamed-${user.id.slice(0, 8)}@Example.test`;
  const res = await call('PUT', `/api/users/${user.id}`, user, {
    name: '  Grace Hopper ',
    email: ` ${email} `,
  });
  assert.equal(res.status, 200, JSON.stringify(res.body));
  assert.equal(res.body.user.name, 'Grace Hopper');
  assert.equal(res.body.user.email, email.toLowerCase());
  const [row] = await sql`select email from auth.users where id = ${user.id}`;
  assert.equal(row.email, email.toLowerCase());
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

test('PUT refuses an e-mail of another account (409) and a malformed one (400)', async () => {
  const a = await createUser(sql);
  const b = await createUser(sql);
  const taken = await call('PUT', `/api/users/${a.id}`, a, { email: b.email });
  assert.equal(taken.status, 409);
  assert.match(taken.body.error, /already used by another account/);
  const bad = await call('PUT', `/api/users/${a.id}`, a, { email: 'nope' });
  assert.equal(bad.status, 400);
  assert.match(bad.body.error, /valid email/);
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

test('change password: checks the current one, stores a bcrypt hash the auth server accepts', async () => {
  const user = await withPassword('old-secret');
  const wrong = await call('POST', `/api/users/${user.id}/password`, user, {
    currentPassword: 'not-it',
    newPassword: 'new-secret',
  });
  assert.equal(wrong.status, 400);
  assert.equal(wrong.body.error, 'Your current password is incorrect.');
  const short = await call('POST', `/api/users/${user.id}/password`, user, {
    currentPassword: 'old-secret',
    newPassword: '12345',
  });
  assert.equal(short.status, 400);
  assert.equal(short.body.error, 'Password must be at least 6 characters long.');
  const ok = await call('POST', `/api/users/${user.id}/password`, user, {
    currentPassword: 'old-secret',
    newPassword: 'new-secret',
  });
  assert.equal(ok.status, 200, JSON.stringify(ok.body));
  assert.equal(ok.body.user.has_password, true);
  const [row] = await sql`select encrypted_password from auth.users where id = ${user.id}`;
  assert.match(row.encrypted_password, /^\$2[aby]\$10\$/);
  assert.ok(await passwordMatches('new-secret', row.encrypted_password));
  assert.ok(!(await passwordMatches('old-secret', row.encrypted_password)));
});

test('five wrong current passwords lock the route for a while (429)', async () => {
  const user = await withPassword('right-one');
  for (let i = 0; i < 5; i++) {
    const res = await call('POST', `/api/users/${user.id}/password`, user, {
      currentPassword: `wrong-${i}`,
      newPassword: 'whatever-1',
    });
    assert.equal(res.status, 400);
  }
  const locked = await call('POST', `/api/users/${user.id}/password`, user, {
    currentPassword: 'right-one',
    newPassword: 'whatever-1',
  });
  assert.equal(locked.status, 429);
  assert.match(locked.body.error, /wait 15 minutes/);
});

test('set password: only for accounts without one', async () => {
  const user = await createUser(sql);
  await sql`update auth.users set encrypted_password = null where id = ${user.id}`;
  const first = await call('GET', `/api/users/${user.id}`, user);
  assert.equal(first.body.user.has_password, false);
  const changeFirst = await call('POST', `/api/users/${user.id}/password`, user, {
    currentPassword: 'x',
    newPassword: 'brand-new',
  });
  assert.equal(changeFirst.status, 409);
  const set = await call('POST', `/api/users/${user.id}/set-password`, user, { newPassword: 'brand-new' });
  assert.equal(set.status, 200, JSON.stringify(set.body));
  assert.equal(set.body.user.has_password, true);
  const again = await call('POST', `/api/users/${user.id}/set-password`, user, { newPassword: 'other-one' });
  assert.equal(again.status, 409);
  const [row] = await sql`select encrypted_password from auth.users where id = ${user.id}`;
  assert.ok(await passwordMatches('brand-new', row.encrypted_password));
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
