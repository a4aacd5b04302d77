// GET /api/config: the price and limits the SPA shows come from the database and the api's own limits,
// and the price shown is the price charged, also after an admin changes it.
import assert from 'node:assert/strict';
import { PublicSettings } from '@lift3d/contract';
import { buildApp, createUser, diskGenerations, PNG_1X1, superuser, test, tokenFor } from './support.ts';

const { storageDir, generations } = await diskGenerations('public-config-test-secret');
const { app, db } = buildApp({ generations: { ...generations, maxBatch: 4, maxImageBytes: 96 * 1024 } });
const sql = superuser();

globalThis.addEventListener('unload', () => {
  db.close();
  sql.end();
  Deno.removeSync(storageDir, { recursive: true });
});

async function config() {
  const res = await app.request('/api/config');
  assert.equal(res.status, 200);
  return PublicSettings.parse(await res.json());
}

test('config: anyone reads the price, the free quota and the upload limits (a batch is never larger than the conversions one may run at once)', async () => {
  const [cost] =
    await sql`select (value #>> '{}')::int as v from public.settings where key = 'generation.cost_credits'`;
  const [free] =
    await sql`select (value #>> '{}')::int as v from public.settings where key = 'app66.daily_limit'`;
  const res = await app.request('/api/config');
  assert.equal(res.status, 200);
  assert.deepEqual(await res.json(), {
    generationCost: cost.v,
    freeDailyLimit: free.v,
    maxInFlight: 3,
    maxBatch: 3,
    maxUploadBytes: 96 * 1024,
    directUploads: false,
    // The webhook URL rule the Developers tab states: public https only unless the server allows more.
    webhookPrivateTargets: false,
  });
});

test('config: a server that delivers webhooks to private addresses says so', async () => {
  const local = buildApp({ generations, webhooks: { allowPrivateTargets: true } });
  try {
    const res = await local.app.request('/api/config');
    assert.equal((await res.json()).webhookPrivateTargets, true);
  } finally {
    local.db.close();
  }
});

test('config: an admin changes the price, the config shows it and a conversion is charged it', async () => {
  const admin = await createUser(sql, { admin: true });
  const adminToken = await tokenFor(admin, { admin: true });
  const before = (await config()).generationCost;
  const price = before + 7;
  try {
    const put = await app.request('/api/admin/settings/generation.cost_credits', {
      method: 'PUT',
      headers: { authorization: `Bearer ${adminToken}`, 'content-type': 'application/json' },
      body: JSON.stringify({ value: price }),
    });
    assert.equal(put.status, 200);
    assert.equal((await config()).generationCost, price);

    const user = await createUser(sql);
    await sql`select public.apply_credit_change(${user.id}, ${price * 2}, 'purchase', ${`test:${user.id}`})`;
    const body = new FormData();
    body.set('format', 'glb');
    body.append('image', new File([PNG_1X1 as Uint8Array<ArrayBuffer>], 'one.png'));
    const res = await app.request('/api/generations', {
      method: 'POST',
      body,
      headers: { authorization: `Bearer ${await tokenFor(user)}` },
    });
    assert.equal(res.status, 202);
    const { generation } = await res.json();
    assert.equal(generation.cost, price);
    const [profile] = await sql`select credits from public.profiles where id = ${user.id}`;
    assert.equal(profile.credits, price);
  } finally {
    await sql`update public.settings set value = ${sql.json(before)} where key = 'generation.cost_credits'`;
  }
  assert.equal((await config()).generationCost, before);
});
