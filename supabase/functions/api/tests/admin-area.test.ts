// The admin area's routes: user search, admin rights, pack management, transactions and settings.
import assert from 'node:assert/strict';
import { slugFor } from '../admin/credit-packs.routes.ts';
import { buildApp, createUser, superuser, test, tokenFor } from './support.ts';

const { app, db } = buildApp();
const sql = superuser();
globalThis.addEventListener('unload', () => {
  db.close();
  sql.end();
});

async function asAdmin() {
  const admin = await createUser(sql, { name: 'Admin', admin: true });
  const token = await tokenFor(admin, { admin: true });
  const call = async (method: string, path: string, body?: unknown) => {
    const res = await app.request(path, {
      method,
      headers: {
        authorization: `Bearer ${token}`,
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    return { status: res.status, body: await res.json() };
  };
  return { admin, call };
}

test('the user list searches name and e-mail, case-insensitively, with literal % and _', async () => {
  const { call } = await asAdmin();
  const tag = crypto.randomUUID().slice(0, 8);
  const ada = await createUser(sql, { name: `Ada ${tag} Lovelace` });
  await createUser(sql, { name: `Grace ${tag}` });
  await createUser(sql, { name: `Percent 100%_${tag}` });

  const byName = await call('GET', `/api/admin/users?q=${encodeURIComponent(`ADA ${tag.toUpperCase()}`)}`);
  assert.equal(byName.status, 200);
  assert.deepEqual(
    byName.body.users.map((u: { id: string }) => u.id),
    [ada.id],
  );
  assert.equal(byName.body.matching, 1);
  assert.ok(byName.body.total >= 3, 'total counts every account');

  const byEmail = await call('GET', `/api/admin/users?q=${ada.email.slice(0, 8).toUpperCase()}`);
  assert.deepEqual(
    byEmail.body.users.map((u: { id: string }) => u.id),
    [ada.id],
  );
  const all = await call('GET', `/api/admin/users?q=${tag}&limit=2`);
  assert.equal(all.body.users.length, 2);
  assert.equal(all.body.matching, 3);
  const next = await call('GET', `/api/admin/users?q=${tag}&limit=2&offset=2`);
  assert.equal(next.body.users.length, 1);

  const literal = await call('GET', `/api/admin/users?q=${encodeURIComponent('0%_')}`);
  assert.ok(literal.body.users.every((u: { name: string }) => u.name.includes('0%_')));
  assert.equal((await call('GET', `/api/admin/users?q=${'x'.repeat(201)}`)).status, 400);
});

test('admins grant and remove admin rights; the last admin stays; members cannot', async () => {
  const { admin, call } = await asAdmin();
  const member = await createUser(sql);
  const granted = await call('PUT', `/api/users/${member.id}`, { name: 'Promoted', is_admin: true });
  assert.equal(granted.status, 200);
  assert.equal(granted.body.user.is_admin, true);
  assert.equal(granted.body.user.name, 'Promoted');
  const removed = await call('PUT', `/api/users/${member.id}`, { is_admin: false });
  assert.equal(removed.body.user.is_admin, false);
  assert.equal((await call('PUT', `/api/users/${member.id}`, { is_admin: 'yes' })).status, 400);

  // A member's own profile edit cannot carry is_admin (ignored), nor can a forged admin claim.
  const forged = await app.request(`/api/users/${member.id}`, {
    method: 'PUT',
    headers: {
      authorization: `Bearer ${await tokenFor(member, { admin: true })}`,
      'content-type': 'application/json',
    },
    body: JSON.stringify({ is_admin: true }),
  });
  assert.equal(forged.status, 403);
  const own = await app.request(`/api/users/${member.id}`, {
    method: 'PUT',
    headers: { authorization: `Bearer ${await tokenFor(member)}`, 'content-type': 'application/json' },
    body: JSON.stringify({ is_admin: true }),
  });
  assert.equal(own.status, 200);
  const [row] = await sql`select is_admin from public.profiles where id = ${member.id}`;
  assert.equal(row.is_admin, false);

  // The last admin cannot step down (everyone else demoted inside one transaction that is rolled back).
  await sql
    .begin(async (tx) => {
      await tx`update public.profiles set is_admin = false where id <> ${admin.id}`;
      await tx`select set_config('role', 'authenticated', true),
                      set_config('request.jwt.claims', ${JSON.stringify({ sub: admin.id, role: 'authenticated' })}, true)`;
      await assert.rejects(
        tx`select public.admin_set_admin(${admin.id}, false)`,
        (e: { code?: string }) => e.code === '22023',
      );
      throw new Error('rollback');
    })
    .catch((e: Error) => assert.equal(e.message, 'rollback'));
});

test('the edit dialog can take credits back with a negative difference, recorded as admin', async () => {
  const { call } = await asAdmin();
  const member = await createUser(sql);
  assert.equal(
    (await call('POST', `/api/users/${member.id}/credits/add`, { creditsToAdd: 500 })).status,
    200,
  );
  const less = await call('POST', `/api/users/${member.id}/credits/add`, { creditsToAdd: -200 });
  assert.equal(less.status, 200);
  assert.equal(less.body.user.credits, 300);
  const tooMuch = await call('POST', `/api/users/${member.id}/credits/add`, { creditsToAdd: -301 });
  assert.equal(tooMuch.status, 402);
  const ledger =
    await sql`select delta, reason from public.credit_ledger where user_id = ${member.id} order by id`;
  assert.deepEqual(
    ledger.map((r) => [r.delta, r.reason]),
    [
      [500, 'admin'],
      [-200, 'admin'],
    ],
  );
});

test('packs: add with a readable id, edit, toggle, archive on delete', async () => {
  const { call } = await asAdmin();
  const name = `Mega ${crypto.randomUUID().slice(0, 6)}`;
  const created = await call('POST', '/api/admin/credit-packs', {
    name,
    credits: 100000,
    priceCents: 9900,
    externalProductId: 'lift3d-credits-mega',
    popular: true,
  });
  assert.equal(created.status, 201);
  const pack = created.body.pack;
  assert.equal(pack.id, slugFor(name));
  assert.equal(pack.status, 'active');
  assert.equal(pack.price, 99);
  assert.equal(pack.currency, 'EUR');
  const again = await call('POST', '/api/admin/credit-packs', { name, credits: 1, priceCents: 1 });
  assert.equal(again.body.pack.id, `${slugFor(name)}-2`);

  const off = await call('PATCH', `/api/admin/credit-packs/${pack.id}`, { status: 'inactive' });
  assert.equal(off.body.pack.status, 'inactive');
  const publicList = await (await app.request('/api/credit-packs')).json();
  assert.ok(!publicList.packs.some((p: { id: string }) => p.id === pack.id), 'inactive packs are not sold');
  const edited = await call('PATCH', `/api/admin/credit-packs/${pack.id}`, {
    name: 'Mega Plus',
    priceCents: 10900,
    externalProductId: '',
  });
  assert.equal(edited.body.pack.name, 'Mega Plus');
  assert.equal(edited.body.pack.priceCents, 10900);
  assert.equal(edited.body.pack.externalProductId, null);
  assert.equal(edited.body.pack.credits, 100000, 'fields not sent stay');

  assert.equal(
    (await call('POST', '/api/admin/credit-packs', { name: '', credits: 1, priceCents: 1 })).status,
    400,
  );
  assert.equal(
    (await call('POST', '/api/admin/credit-packs', { name: 'X', credits: 1.5, priceCents: 1 })).status,
    400,
  );
  assert.equal((await call('PATCH', '/api/admin/credit-packs/Not_An_Id', { popular: true })).status, 400);

  assert.equal((await call('DELETE', `/api/admin/credit-packs/${pack.id}`)).status, 200);
  const list = await call('GET', '/api/admin/credit-packs');
  assert.ok(!list.body.packs.some((p: { id: string }) => p.id === pack.id), 'deleted packs leave the list');
  assert.ok(list.body.packs.some((p: { id: string }) => p.id === 'starter'));
  const [row] = await sql`select active, archived_at from public.credit_packs where id = ${pack.id}`;
  assert.equal(row.active, false);
  assert.ok(row.archived_at, 'the row stays for the order history');
  assert.equal((await call('DELETE', `/api/admin/credit-packs/${pack.id}`)).status, 404);
  assert.equal((await call('PATCH', `/api/admin/credit-packs/${pack.id}`, { status: 'active' })).status, 404);
});

test('a token claiming admin without the table flag changes no pack and no setting', async () => {
  const member = await createUser(sql);
  const forged = await tokenFor(member, { admin: true });
  const headers = { authorization: `Bearer ${forged}`, 'content-type': 'application/json' };
  const toggle = await app.request('/api/admin/credit-packs/starter', {
    method: 'PATCH',
    headers,
    body: JSON.stringify({ status: 'inactive' }),
  });
  assert.equal(toggle.status, 404);
  const setting = await app.request('/api/admin/settings/generation.cost_credits', {
    method: 'PUT',
    headers,
    body: JSON.stringify({ value: 1 }),
  });
  assert.equal(setting.status, 404);
  const add = await app.request('/api/admin/credit-packs', {
    method: 'POST',
    headers,
    body: JSON.stringify({ name: 'Free', credits: 1000000, priceCents: 1 }),
  });
  assert.equal(add.status, 403);
  const [starter] = await sql`select active from public.credit_packs where id = 'starter'`;
  assert.equal(starter.active, true);
});

test('transactions list orders and ledger rows, newest first, a page at a time', async () => {
  const { admin, call } = await asAdmin();
  const buyer = await createUser(sql);
  await sql`select public.create_payment_order(${buyer.id}, 'starter', 'demo')`;
  await call('POST', `/api/users/${buyer.id}/credits/add`, { creditsToAdd: 100 });
  const orders = await call('GET', '/api/admin/transactions/orders?limit=5');
  assert.equal(orders.status, 200);
  assert.equal(orders.body.orders[0].userId, buyer.id);
  assert.equal(orders.body.orders[0].email, buyer.email);
  assert.equal(orders.body.orders[0].amountCents, 1300);
  assert.ok(orders.body.total >= 1);
  const ledger = await call('GET', '/api/admin/transactions/ledger?limit=1');
  assert.equal(ledger.body.entries.length, 1);
  assert.deepEqual(
    [ledger.body.entries[0].userId, ledger.body.entries[0].delta, ledger.body.entries[0].reason],
    [buyer.id, 100, 'admin'],
  );
  assert.equal(ledger.body.entries[0].createdBy, admin.email);
  assert.equal((await call('GET', '/api/admin/transactions/ledger?limit=0')).status, 400);
});

test('settings: admins read and change the editable ones, within range', async () => {
  const { call } = await asAdmin();
  const list = await call('GET', '/api/admin/settings');
  assert.equal(list.status, 200);
  assert.deepEqual(
    list.body.settings.map((s: { key: string }) => s.key),
    [
      'app66.daily_limit',
      'generation.backend.app',
      'generation.backend.app66',
      'generation.cost_credits',
      'generation.fallback',
      'generation.max_in_flight',
      'generation.provider_faces.high',
      'generation.provider_faces.low',
    ],
  );
  // Backend settings are picked from words; no key or provider URL is ever part of the answer.
  const backend = list.body.settings.find((s: { key: string }) => s.key === 'generation.backend.app');
  assert.deepEqual(backend.choices, ['default', 'builtin', 'meshy', 'tripo', 'fal']);
  assert.doesNotMatch(JSON.stringify(list.body), /api\.meshy\.ai|tripo3d|fal\.run|API_KEY/i);
  const chosen = await call('PUT', '/api/admin/settings/generation.backend.app', { value: 'meshy' });
  assert.equal(chosen.status, 200);
  assert.equal(chosen.body.setting.value, 'meshy');
  assert.equal(
    (await call('PUT', '/api/admin/settings/generation.backend.app', { value: 'blender' })).status,
    400,
  );
  assert.equal((await call('PUT', '/api/admin/settings/generation.backend.app', { value: 3 })).status, 400);
  assert.equal(
    (await call('PUT', '/api/admin/settings/generation.backend.app', { value: 'default' })).status,
    200,
  );
  const figures = await call('GET', '/api/admin/backends/month');
  assert.equal(figures.status, 200);
  assert.ok(Array.isArray(figures.body.backends));
  assert.equal((await call('GET', '/api/admin/backends/decade')).status, 400);
  const before = list.body.settings.find((s: { key: string }) => s.key === 'generation.max_in_flight');
  assert.equal(before.isPublic, false);
  const changed = await call('PUT', '/api/admin/settings/generation.max_in_flight', { value: 5 });
  assert.equal(changed.status, 200);
  assert.equal(changed.body.setting.value, 5);
  assert.equal((await call('PUT', '/api/admin/settings/generation.max_in_flight', { value: 0 })).status, 400);
  assert.equal(
    (await call('PUT', '/api/admin/settings/generation.max_in_flight', { value: 'many' })).status,
    400,
  );
  assert.equal((await call('PUT', '/api/admin/settings/unknown.key', { value: 1 })).status, 400);
  await call('PUT', '/api/admin/settings/generation.max_in_flight', { value: before.value });
});
