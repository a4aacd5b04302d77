import assert from 'node:assert/strict';
import { buildApp, createUser, superuser, test, tokenFor } from './support.ts';

const { app, db } = buildApp();
const sql = superuser();
globalThis.addEventListener('unload', () => {
  db.close();
  sql.end();
});

test('admins get the dashboard figures; the period narrows them', async () => {
  const admin = await createUser(sql, { admin: true });
  const token = await tokenFor(admin, { admin: true });
  await createUser(sql);
  const all = await app.request('/api/admin/analytics', { headers: { authorization: `Bearer ${token}` } });
  assert.equal(all.status, 200);
  const { analytics } = await all.json();
  const [{ count }] = await sql`select count(*)::int as count from public.profiles`;
  assert.equal(analytics.totalUsers, count);
  assert.equal(analytics.recentActivity.length, 7);
  for (const key of ['website', 'store', 'periods']) assert.ok(analytics[key], key);
  const month = await app.request('/api/admin/analytics/month', {
    headers: { authorization: `Bearer ${token}` },
  });
  assert.equal((await month.json()).analytics.recentActivity.length, 30);
  const bad = await app.request('/api/admin/analytics/decade', {
    headers: { authorization: `Bearer ${token}` },
  });
  assert.equal(bad.status, 400);
});

test('a token claiming admin is not enough: the table decides', async () => {
  const member = await createUser(sql);
  const forged = await tokenFor(member, { admin: true });
  const res = await app.request('/api/admin/analytics', { headers: { authorization: `Bearer ${forged}` } });
  assert.equal(res.status, 403);
});
