// Free /app66 conversions in-process: one image, a model in low topology at cost 0 with no ledger rows, the
// daily limit per account and per network (client IP), the quota route, idempotency, privacy.
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { buildApp, createUser, diskGenerations, PNG_1X1, superuser, test, tokenFor } from './support.ts';

const { storageDir, generations } = await diskGenerations('free-generation-links-test-secret');
const { app, db } = buildApp({ generations });
const sql = superuser();

globalThis.addEventListener('unload', () => {
  db.close();
  sql.end();
  Deno.removeSync(storageDir, { recursive: true });
});

const PNG = PNG_1X1;

let ipCounter = 0;
/** Each test its own network, so the per-IP limit of one test does not leak into another. */
const newIp = () => `198.51.100.${++ipCounter}`;

async function newUser() {
  const user = await createUser(sql);
  return { ...user, token: await tokenFor(user) };
}

function imageForm(fields: Record<string, string>, images: Uint8Array[] = [PNG]) {
  const body = new FormData();
  for (const [k, v] of Object.entries(fields)) body.set(k, v);
  for (const bytes of images) {
    body.append('image', new File([bytes as Uint8Array<ArrayBuffer>], 'photo.png', { type: 'image/png' }));
  }
  return body;
}

function createFree(token: string | null, ip: string, body: FormData, headers: Record<string, string> = {}) {
  return app.request('/api/generations/free', {
    method: 'POST',
    body,
    headers: {
      'x-forwarded-for': ip,
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...headers,
    },
  });
}

async function quota(token: string | null, ip: string) {
  const res = await app.request('/api/generations/free/quota', {
    headers: { 'x-forwarded-for': ip, ...(token ? { authorization: `Bearer ${token}` } : {}) },
  });
  assert.equal(res.status, 200);
  return await res.json();
}

/** The worker's side of a finished job (the quota counts finished ones; the in-flight limit does not). */
async function finish(id: string) {
  await sql`update public.generations set status = 'completed', stage = 'done', progress = 1 where id = ${id}`;
}

async function uploadsStored() {
  const names: string[] = [];
  try {
    for await (const entry of Deno.readDir(join(storageDir, 'uploads'))) {
      if (!entry.name.endsWith('.type')) names.push(entry.name);
    }
  } catch (error) {
    if (!(error instanceof Deno.errors.NotFound)) throw error;
  }
  return names;
}

test('free: signed out gets 401, and the quota shows the full allowance', async () => {
  const ip = newIp();
  const res = await createFree(null, ip, imageForm({ format: 'glb' }));
  assert.equal(res.status, 401);
  assert.deepEqual(await quota(null, ip), { limit: 3, used: 0, remaining: 3 });
});

test('free: a model in low topology at cost 0, no ledger rows, whatever the form asks', async () => {
  const user = await newUser();
  const ip = newIp();
  const res = await createFree(user.token, ip, imageForm({ format: 'STL', topology: 'high', kind: 'video' }));
  assert.equal(res.status, 202);
  const { generation } = await res.json();
  assert.equal(generation.status, 'queued');
  assert.equal(generation.kind, 'model');
  assert.equal(generation.topology, 'low');
  assert.equal(generation.format, 'stl');
  assert.equal(generation.cost, 0);
  const [row] = await sql`select free, input_key, cost from public.generations where id = ${generation.id}`;
  assert.equal(row.free, true);
  assert.match(row.input_key, /^uploads\/[0-9a-f-]{36}\.png$/);
  assert.deepEqual(await Deno.readFile(join(storageDir, row.input_key)), PNG);
  const ledger = await sql`select 1 from public.credit_ledger where user_id = ${user.id}`;
  assert.equal(ledger.length, 0);
  const [profile] = await sql`select credits from public.profiles where id = ${user.id}`;
  assert.equal(profile.credits, 0);
  assert.deepEqual(await quota(user.token, ip), { limit: 3, used: 1, remaining: 2 });
  // It is the owner's like any generation: listed for them, invisible to others.
  const mine = await app.request(`/api/generations/${generation.id}`, {
    headers: { authorization: `Bearer ${user.token}` },
  });
  assert.equal(mine.status, 200);
  const other = await newUser();
  const theirs = await app.request(`/api/generations/${generation.id}`, {
    headers: { authorization: `Bearer ${other.token}` },
  });
  assert.equal(theirs.status, 404);
});

test('free: the daily limit per account answers 429 with the spec-friendly message', async () => {
  const user = await newUser();
  const ip = newIp();
  for (let i = 0; i < 3; i++) {
    const res = await createFree(user.token, ip, imageForm({ format: 'glb' }));
    assert.equal(res.status, 202);
    await finish((await res.json()).generation.id);
  }
  const before = await uploadsStored();
  const res = await createFree(user.token, ip, imageForm({ format: 'glb' }));
  assert.equal(res.status, 429);
  assert.equal(
    (await res.json()).error,
    'You have used your 3 free conversions for today. Come back tomorrow, or use credits in the Studio.',
  );
  assert.deepEqual((await uploadsStored()).sort(), before.sort(), 'the refused upload was removed');
  assert.deepEqual(await quota(user.token, ip), { limit: 3, used: 3, remaining: 0 });
});

test('free: many accounts on one network share its daily limit', async () => {
  await sql`update public.settings set value = '4' where key = 'app66.daily_limit_per_ip'`;
  try {
    const ip = newIp();
    const a = await newUser();
    const b = await newUser();
    for (let i = 0; i < 3; i++) {
      const res = await createFree(a.token, ip, imageForm({ format: 'glb' }));
      assert.equal(res.status, 202);
      await finish((await res.json()).generation.id);
    }
    assert.deepEqual(await quota(b.token, ip), { limit: 3, used: 0, remaining: 1 });
    assert.equal((await createFree(b.token, ip, imageForm({ format: 'glb' }))).status, 202);
    const refused = await createFree(b.token, ip, imageForm({ format: 'glb' }));
    assert.equal(refused.status, 429);
    assert.match((await refused.json()).error, /free conversions for your network are used up/);
    // The same account elsewhere still has its own allowance.
    assert.equal((await createFree(b.token, newIp(), imageForm({ format: 'glb' }))).status, 202);
  } finally {
    await sql`update public.settings set value = '10' where key = 'app66.daily_limit_per_ip'`;
  }
});

test('free: the same Idempotency-Key is one generation and one use (double click)', async () => {
  const user = await newUser();
  const ip = newIp();
  const before = await uploadsStored();
  const send = () =>
    createFree(user.token, ip, imageForm({ format: 'glb' }), { 'idempotency-key': 'free-click-1' });
  const [a, b] = await Promise.all([send(), send()]);
  const ids = await Promise.all(
    [a, b, await send()].map(async (r) => {
      assert.equal(r.status, 202);
      return (await r.json()).generation.id;
    }),
  );
  assert.equal(new Set(ids).size, 1);
  assert.equal((await quota(user.token, ip)).used, 1);
  assert.equal((await uploadsStored()).length, before.length + 1, 'the duplicate uploads were removed');
});

test('free: one image only, a known format, and a real image', async () => {
  const user = await newUser();
  const ip = newIp();
  const cases: Array<[FormData, number, RegExp]> = [
    [imageForm({ format: 'glb' }, [PNG, PNG]), 400, /one image at a time/],
    [imageForm({ format: 'dae' }), 400, /format must be one of/],
    [
      imageForm({ format: 'glb' }, [new TextEncoder().encode('not an image')]),
      400,
      /not an image we can convert/,
    ],
    [imageForm({ format: 'glb' }, [new Uint8Array(65 * 1024)]), 413, /larger than/],
  ];
  for (const [body, status, message] of cases) {
    const res = await createFree(user.token, ip, body);
    assert.equal(res.status, status);
    assert.match((await res.json()).error, message);
  }
  assert.equal((await quota(user.token, ip)).used, 0, 'refused requests use nothing');
});

test('free: a failed free conversion refunds nothing and gives the try back', async () => {
  const user = await newUser();
  const ip = newIp();
  const res = await createFree(user.token, ip, imageForm({ format: 'glb' }));
  const { generation } = await res.json();
  await sql`select public.generation_start(${generation.id}, 'test-worker', 1)`;
  await sql`select public.generation_fail(${generation.id}, 'test-worker',
    'The conversion failed on our side. Your credits have been refunded. Please try again.')`;
  const after = await app.request(`/api/generations/${generation.id}`, {
    headers: { authorization: `Bearer ${user.token}` },
  });
  const failed = (await after.json()).generation;
  assert.equal(failed.status, 'failed');
  assert.equal(failed.error, 'The conversion failed on our side. Please try again.');
  assert.equal((await sql`select 1 from public.credit_ledger where user_id = ${user.id}`).length, 0);
  assert.deepEqual(await quota(user.token, ip), { limit: 3, used: 0, remaining: 3 });
});
