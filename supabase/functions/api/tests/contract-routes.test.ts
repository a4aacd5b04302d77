// The contract's route table (supabase/functions/_shared/contract/routes.ts), which types the SPA's client,
// names only routes the api serves, and what they answer parses with the table's answer schemas, as a
// user and as an admin.
import assert from 'node:assert/strict';
import { ENDPOINTS, ROUTES, type RouteName } from '@lift3d/contract';
import { buildApp, createUser, superuser, test, tokenFor } from './support.ts';

const { app, db } = buildApp();
const sql = superuser();
globalThis.addEventListener('unload', () => {
  db.close();
  sql.end();
});

test('every route of the contract table is one the api serves', async () => {
  const served = app.routes.filter((r) => r.method !== 'ALL').map((r) => `${r.method} ${r.path}`);
  for (const [name, route] of Object.entries(ROUTES)) {
    const [method, path] = route.split(' ');
    // A parameter of the table matches a literal segment too (`/:provider/…` is `/paypal/…` and `/demo/…`).
    const pattern = new RegExp(`^${method} /api${path.replace(/:\w+/g, '[^/]+')}$`);
    assert.ok(
      served.some((s) => pattern.test(s)),
      `${name} (${route}) is not served; served: ${served.length} routes`,
    );
  }
});

async function answer(name: RouteName, path: string, token: string | null) {
  const res = await app.request(`/api${path}`, {
    headers: token ? { authorization: `Bearer ${token}` } : {},
  });
  const text = await res.text();
  assert.equal(res.status, 200, `${name}: ${text}`);
  const parsed = ENDPOINTS[name].answer.safeParse(text ? JSON.parse(text) : null);
  assert.ok(
    parsed.success,
    `${name} answers outside its schema: ${text}\n${JSON.stringify(parsed.error?.issues)}`,
  );
}

test('what the read routes answer parses with the table schemas, as a user and as an admin', async () => {
  const user = await createUser(sql, { name: 'Contract Reader' });
  const admin = await createUser(sql, { admin: true });
  const mine = await tokenFor(user);
  const theirs = await tokenFor(admin, { admin: true });
  await answer('config', '/config', null);
  await answer('creditPacks', '/credit-packs', null);
  await answer('user', `/users/${user.id}`, mine);
  await answer('activity', `/users/${user.id}/activity`, mine);
  await answer('generations', '/generations', mine);
  await answer('freeQuota', '/generations/free/quota', mine);
  await answer('apiKeys', '/api-keys', mine);
  await answer('webhookEndpoint', '/webhooks/endpoint', mine);
  await answer('deliveries', '/webhooks/deliveries', mine);
  for (const period of ['today', 'all'] as const) {
    await answer('adminAnalytics', `/admin/analytics/${period}`, theirs);
    await answer('adminBackends', `/admin/backends/${period}`, theirs);
  }
  await answer('adminUsers', '/admin/users?limit=5', theirs);
  await answer('adminPacks', '/admin/credit-packs', theirs);
  await answer('adminOrders', '/admin/transactions/orders', theirs);
  await answer('adminLedger', '/admin/transactions/ledger', theirs);
  await answer('adminGenerations', '/admin/generations', theirs);
  await answer('adminSettings', '/admin/settings', theirs);
});
