// Idempotency keys: one key names one request. Namespaces keep a batch's items apart from a single
// request's key, a replay with other parameters is a 422 (nothing charged, nothing kept), and the admin
// credit grant applies a retried key once.
import assert from 'node:assert/strict';
import { buildApp, createUser, diskGenerations, PNG_1X1, superuser, test, tokenFor } from './support.ts';

const { storageDir, generations } = await diskGenerations('idempotency-test-secret');
const { app, db } = buildApp({ generations });
const sql = superuser();
globalThis.addEventListener('unload', () => {
  db.close();
  sql.end();
  Deno.removeSync(storageDir, { recursive: true });
});

/** Another file: the same PNG with one more byte after its end (byte-for-byte a different upload). */
const OTHER_PNG = Uint8Array.from([...PNG_1X1, 0]);

async function userWith(credits: number) {
  const user = await createUser(sql);
  await sql`select public.apply_credit_change(${user.id}, ${credits}, 'purchase', ${`test:${user.id}`})`;
  return { ...user, token: await tokenFor(user) };
}

function create(token: string, key: string, images: Uint8Array[], fields: Record<string, string> = {}) {
  const body = new FormData();
  body.set('format', 'glb');
  for (const [k, v] of Object.entries(fields)) body.set(k, v);
  for (const bytes of images) body.append('image', new File([bytes as Uint8Array<ArrayBuffer>], 'photo.png'));
  return app.request('/api/generations', {
    method: 'POST',
    body,
    headers: { authorization: `Bearer ${token}`, 'idempotency-key': key },
  });
}

const balance = async (id: string) =>
  Number((await sql`select credits from public.profiles where id = ${id}`)[0].credits);
const generationCount = async (id: string) =>
  Number((await sql`select count(*)::int as n from public.generations where user_id = ${id}`)[0].n);

test('a single request keyed "K#1" and a batch keyed "K" are different requests: 150 credits, 3 jobs', async () => {
  const user = await userWith(500);
  const single = await create(user.token, 'K#1', [PNG_1X1]);
  assert.equal(single.status, 202);
  const batch = await create(user.token, 'K', [PNG_1X1, PNG_1X1]);
  assert.equal(batch.status, 202);
  const { generations: items } = await batch.json();
  const { generation } = await single.json();
  assert.ok(
    !items.some((g: { id: string }) => g.id === generation.id),
    'the batch did not reuse the single job',
  );
  assert.equal(await balance(user.id), 350);
  assert.equal(await generationCount(user.id), 3);
  // And the other way round: a single request keyed like a batch item's stored key is new too
  // (the three above are finished first: at most three conversions run at once).
  await sql`update public.generations set status = 'completed' where user_id = ${user.id}`;
  assert.equal((await create(user.token, 'batch:1:K', [PNG_1X1])).status, 202);
  assert.equal(await balance(user.id), 300);
});

test('a key replayed with other parameters or another image is 422; the same request still replays', async () => {
  const user = await userWith(500);
  const first = await create(user.token, 'order-7', [PNG_1X1], { topology: 'low' });
  assert.equal(first.status, 202);
  const id = (await first.json()).generation.id;
  for (const [images, fields] of [
    [[PNG_1X1], { topology: 'high' }],
    [[PNG_1X1], { format: 'stl' }],
    [[PNG_1X1], { kind: 'video' }],
    [[OTHER_PNG], {}],
  ] as Array<[Uint8Array[], Record<string, string>]>) {
    const res = await create(user.token, 'order-7', images, fields);
    assert.equal(res.status, 422, JSON.stringify(fields));
    assert.match((await res.json()).error, /already used for a different request/);
  }
  const again = await create(user.token, 'order-7', [PNG_1X1], { topology: 'low' });
  assert.equal(again.status, 202);
  assert.equal((await again.json()).generation.id, id);
  assert.equal(await balance(user.id), 450, 'one charge in all');
  assert.equal(await generationCount(user.id), 1);

  // A batch replayed with a different number of images is another request as well.
  assert.equal((await create(user.token, 'batch-9', [PNG_1X1, PNG_1X1])).status, 202);
  assert.equal((await create(user.token, 'batch-9', [PNG_1X1, PNG_1X1, PNG_1X1])).status, 422);
  assert.equal(await balance(user.id), 350);
});

test('the admin credit grant takes an Idempotency-Key: applied once, refused for another amount or user', async () => {
  const admin = await createUser(sql, { admin: true });
  const token = await tokenFor(admin, { admin: true });
  const [alice, bob] = [await createUser(sql), await createUser(sql)];
  const grant = (userId: string, amount: number, key: string) =>
    app.request(`/api/users/${userId}/credits/add`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${token}`,
        'content-type': 'application/json',
        'idempotency-key': key,
      },
      body: JSON.stringify({ creditsToAdd: amount }),
    });
  const answers = await Promise.all([grant(alice.id, 300, 'grant-1'), grant(alice.id, 300, 'grant-1')]);
  for (const res of answers) {
    assert.equal(res.status, 200);
    assert.equal((await res.json()).user.credits, 300);
  }
  assert.equal((await grant(alice.id, 300, 'grant-1')).status, 200);
  assert.equal(await balance(alice.id), 300);
  const otherAmount = await grant(alice.id, 500, 'grant-1');
  assert.equal(otherAmount.status, 422);
  assert.match((await otherAmount.json()).error, /already used for a different grant/);
  assert.equal((await grant(bob.id, 300, 'grant-1')).status, 422);
  assert.equal(await balance(bob.id), 0);
  const [rows] = await sql`select count(*)::int as n from public.credit_ledger where user_id = ${alice.id}`;
  assert.equal(rows.n, 1);
  // Without a key every call is its own grant, as before.
  assert.equal((await grant(alice.id, 5, '')).status, 200);
});

test('free conversions: their keys are their own, and a replay with another format is 422', async () => {
  const user = await createUser(sql);
  const token = await tokenFor(user);
  const free = (format: string, key: string) => {
    const body = new FormData();
    body.set('format', format);
    body.append('image', new File([PNG_1X1 as Uint8Array<ArrayBuffer>], 'photo.png'));
    return app.request('/api/generations/free', {
      method: 'POST',
      body,
      headers: { authorization: `Bearer ${token}`, 'idempotency-key': key, 'x-forwarded-for': '192.0.2.77' },
    });
  };
  const first = await free('glb', 'free-1');
  assert.equal(first.status, 202);
  const again = await free('glb', 'free-1');
  assert.equal((await again.json()).generation.id, (await first.json()).generation.id);
  const other = await free('stl', 'free-1');
  assert.equal(other.status, 422);
  assert.match((await other.json()).error, /already used for a different request/);
  assert.equal(await generationCount(user.id), 1);
});
