// GET /api/users/:id/activity and the cancelled state in the admin's list: the owner and admins read an
// account's recorded events, anyone else gets a 404; a cancel is counted apart from failures.
import assert from 'node:assert/strict';
import { buildApp, createUser, diskGenerations, PNG_1X1, superuser, test, tokenFor } from './support.ts';

const { storageDir, generations } = await diskGenerations('activity-test-secret');
const { app, db } = buildApp({ generations });
const sql = superuser();

globalThis.addEventListener('unload', () => {
  db.close();
  sql.end();
  Deno.removeSync(storageDir, { recursive: true });
});

const bearer = (token: string) => ({ headers: { authorization: `Bearer ${token}` } });

async function convert(token: string) {
  const form = new FormData();
  form.set('format', 'glb');
  form.append('image', new File([PNG_1X1 as Uint8Array<ArrayBuffer>], 'cup.png', { type: 'image/png' }));
  const res = await app.request('/api/generations', { method: 'POST', body: form, ...bearer(token) });
  assert.equal(res.status, 202, await res.clone().text());
  return (await res.json()).generation.id as string;
}

test('activity: the owner and an admin read the records; another user and a signed-out caller do not', async () => {
  const user = await createUser(sql, { name: 'Ada Activity' });
  const token = await tokenFor(user);
  await sql`select public.apply_credit_change(${user.id}, 5600, 'purchase', ${`test:${user.id}`})`;
  await sql`select public.apply_credit_change(${user.id}, 100, 'admin', null)`;
  const id = await convert(token);
  // The credits and the conversion wrote to the profile, but neither its name nor its e-mail changed.
  let res = await app.request(`/api/users/${user.id}/activity`, bearer(token));
  assert.equal(res.status, 200, await res.clone().text());
  let body = await res.json();
  const kinds = body.entries.map((e: { kind: string }) => e.kind);
  assert.deepEqual([...kinds].sort(), ['account_created', 'conversion', 'credits_granted', 'purchase']);
  const conversion = body.entries.find((e: { kind: string }) => e.kind === 'conversion');
  assert.deepEqual(conversion.conversion, { kind: 'model', status: 'queued', cancelled: false });
  assert.equal(conversion.credits, 50);
  assert.equal(body.entries.find((e: { kind: string }) => e.kind === 'purchase').credits, 5600);

  // A rename is recorded; cancelling the conversion shows as cancelled.
  await app.request(`/api/users/${user.id}`, {
    method: 'PUT',
    body: JSON.stringify({ name: 'Ada Renamed' }),
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
  });
  const cancel = await app.request(`/api/generations/${id}/cancel`, { method: 'POST', ...bearer(token) });
  assert.equal(cancel.status, 200, await cancel.clone().text());
  res = await app.request(`/api/users/${user.id}/activity`, bearer(token));
  body = await res.json();
  assert.equal(body.entries[0].kind, 'details_changed');
  assert.deepEqual(body.entries.find((e: { kind: string }) => e.kind === 'conversion').conversion, {
    kind: 'model',
    status: 'failed',
    cancelled: true,
  });

  const other = await createUser(sql);
  assert.equal(
    (await app.request(`/api/users/${user.id}/activity`, bearer(await tokenFor(other)))).status,
    404,
  );
  assert.equal((await app.request(`/api/users/${user.id}/activity`)).status, 401);
  const admin = await createUser(sql, { admin: true });
  const asAdmin = await app.request(
    `/api/users/${user.id}/activity`,
    bearer(await tokenFor(admin, { admin: true })),
  );
  assert.equal(asAdmin.status, 200);

  // The admin's list: cancelled is its own status and filter, not a failure.
  const adminToken = await tokenFor(admin, { admin: true });
  const q = encodeURIComponent(user.email);
  const cancelled = await (
    await app.request(`/api/admin/generations?status=cancelled&q=${q}`, bearer(adminToken))
  ).json();
  assert.deepEqual(
    cancelled.generations.map((g: { id: string; status: string }) => [g.id, g.status]),
    [[id, 'cancelled']],
  );
  const failed = await (
    await app.request(`/api/admin/generations?status=failed&q=${q}`, bearer(adminToken))
  ).json();
  assert.equal(failed.matching, 0);
  const details = await (await app.request(`/api/admin/generations/${id}`, bearer(adminToken))).json();
  assert.ok(details.cancelledAt);
});

test('a password set at sign-up is recorded with the account; a new hash records the change', async () => {
  const user = await createUser(sql);
  const [before] = await sql<{ created_at: Date; password_changed_at: Date | null; has_password: boolean }[]>`
    select created_at, password_changed_at, has_password from public.profiles where id = ${user.id}`;
  if (before.has_password) assert.deepEqual(before.password_changed_at, before.created_at);
  await sql`update auth.users set encrypted_password = 'new-hash' where id = ${user.id}`;
  const [after] = await sql<{ password_changed_at: Date }[]>`
    select password_changed_at from public.profiles where id = ${user.id}`;
  assert.ok(after.password_changed_at.getTime() > before.created_at.getTime() - 1);
  const body = await (
    await app.request(`/api/users/${user.id}/activity`, bearer(await tokenFor(user)))
  ).json();
  assert.equal(body.passwordChangedAt, after.password_changed_at.toISOString());
});
