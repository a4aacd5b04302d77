// Multi-view generations through the API: extra photos (view_right, view_back, view_left) with one image
// make one generation at one price; missing or corrupt views are refused with a 400 before any credit
// moves or anything is stored; the views show in the generation, its list and to an admin.
import assert from 'node:assert/strict';
import { buildApp, createUser, diskGenerations, PNG_1X1, superuser, test, tokenFor } from './support.ts';

const { storageDir, generations } = await diskGenerations('generation-views-test-secret');
const { app, db } = buildApp({ generations });
const sql = superuser();

globalThis.addEventListener('unload', () => {
  db.close();
  sql.end();
  Deno.removeSync(storageDir, { recursive: true });
});

async function userWith(credits: number) {
  const user = await createUser(sql);
  await sql`select public.apply_credit_change(${user.id}, ${credits}, 'purchase', ${`test:${user.id}`})`;
  return { ...user, token: await tokenFor(user) };
}

const file = (bytes: Uint8Array, name = 'photo.png') =>
  new File([bytes as Uint8Array<ArrayBuffer>], name, { type: 'image/png' });

function body(images: number, views: Record<string, Uint8Array | string>) {
  const form = new FormData();
  form.set('format', 'glb');
  for (let i = 0; i < images; i++) form.append('image', file(PNG_1X1));
  for (const [k, v] of Object.entries(views)) form.append(k, typeof v === 'string' ? v : file(v));
  return form;
}

const post = (token: string, form: FormData) =>
  app.request('/api/generations', {
    method: 'POST',
    body: form,
    headers: { authorization: `Bearer ${token}` },
  });

async function state(userId: string) {
  const [row] = await sql`select credits from public.profiles where id = ${userId}`;
  const [gens] = await sql`select count(*)::int as n from public.generations where user_id = ${userId}`;
  return { credits: row.credits as number, generations: gens.n as number };
}

test('a front photo with a back and a right view is one generation at one price, showing its views', async () => {
  const user = await userWith(100);
  const res = await post(user.token, body(1, { view_back: PNG_1X1, view_right: PNG_1X1 }));
  assert.equal(res.status, 202, await res.clone().text());
  const { generation } = await res.json();
  assert.deepEqual(generation.views, ['back', 'right']);
  assert.deepEqual(await state(user.id), { credits: 50, generations: 1 });
  const rows =
    await sql`select view, input_key from public.generation_views where generation_id = ${generation.id}`;
  assert.equal(rows.length, 2);
  for (const r of rows) assert.ok(await Deno.stat(`${storageDir}/${r.input_key}`), 'the view is stored');

  const one = await app.request(`/api/generations/${generation.id}`, {
    headers: { authorization: `Bearer ${user.token}` },
  });
  assert.deepEqual((await one.json()).generation.views, ['back', 'right']);
  const list = await app.request('/api/generations', { headers: { authorization: `Bearer ${user.token}` } });
  assert.deepEqual((await list.json()).generations[0].views, ['back', 'right']);

  // Once finished, deleting it from the history removes the views' files too.
  await sql`select public.generation_start(${generation.id}, 'worker-t', 1)`;
  await sql`select public.generation_complete(${generation.id}, 'worker-t', '{}'::jsonb)`;
  const del = await app.request(`/api/generations/${generation.id}`, {
    method: 'DELETE',
    headers: { authorization: `Bearer ${user.token}` },
  });
  assert.equal(del.status, 204);
  for (const r of rows) {
    await assert.rejects(
      Deno.stat(`${storageDir}/${r.input_key}`),
      Deno.errors.NotFound,
      'the view file is gone',
    );
  }
});

test('the warnings of a finished conversion show to its owner and to an admin, not to others', async () => {
  const user = await userWith(100);
  const res = await post(user.token, body(1, { view_back: PNG_1X1 }));
  assert.equal(res.status, 202, await res.clone().text());
  const { generation } = await res.json();
  assert.deepEqual(generation.warnings, []);
  const warning = 'The back photo did not match; it was used for colour only.';
  await sql`select public.generation_start(${generation.id}, 'worker-w', 1)`;
  await sql`select public.generation_complete(${generation.id}, 'worker-w', '{}'::jsonb, ${[warning]}::text[])`;

  const read = async (token: string) =>
    app.request(`/api/generations/${generation.id}`, { headers: { authorization: `Bearer ${token}` } });
  assert.deepEqual((await (await read(user.token)).json()).generation.warnings, [warning]);
  const list = await app.request('/api/generations', { headers: { authorization: `Bearer ${user.token}` } });
  assert.deepEqual((await list.json()).generations[0].warnings, [warning]);
  const admin = await createUser(sql, { admin: true });
  assert.deepEqual((await (await read(await tokenFor(admin, { admin: true }))).json()).generation.warnings, [
    warning,
  ]);
  const other = await createUser(sql);
  assert.equal((await read(await tokenFor(other))).status, 404);
});

async function storedCount() {
  let n = 0;
  try {
    for await (const _ of Deno.readDir(`${storageDir}/uploads`)) n++;
  } catch (error) {
    if (!(error instanceof Deno.errors.NotFound)) throw error;
  }
  return n;
}

test('missing, corrupt or misplaced views are refused with a 400 before any credit moves', async () => {
  const user = await userWith(100);
  const stored = await storedCount();
  const cases: Array<[FormData, RegExp]> = [
    [body(1, { view_back: new TextEncoder().encode('not an image at all') }), /back photo is not an image/],
    [body(1, { view_left: new Uint8Array(0) }), /left-side photo is empty/],
    [body(1, { view_right: 'just text' }), /view_right must be a file/],
    [body(2, { view_back: PNG_1X1 }), /single image/],
    [body(0, { view_back: PNG_1X1 }), /upload an image/],
  ];
  for (const [form, message] of cases) {
    const res = await post(user.token, form);
    assert.equal(res.status, 400);
    assert.match((await res.json()).error, message);
  }
  assert.deepEqual(await state(user.id), { credits: 100, generations: 0 });
  assert.equal(await storedCount(), stored, 'nothing was stored');
  const views = await sql`select count(*)::int as n from public.generation_views v
                            join public.generations g on g.id = v.generation_id where g.user_id = ${user.id}`;
  assert.equal(views[0].n, 0);
});

test('an Idempotency-Key replayed with other views is another request (422), with the same views the same job', async () => {
  const user = await userWith(100);
  const send = (views: Record<string, Uint8Array>) =>
    app.request('/api/generations', {
      method: 'POST',
      body: body(1, views),
      headers: { authorization: `Bearer ${user.token}`, 'idempotency-key': 'views-replay' },
    });
  const first = await send({ view_back: PNG_1X1 });
  assert.equal(first.status, 202, await first.clone().text());
  const same = await send({ view_back: PNG_1X1 });
  assert.equal(same.status, 202);
  assert.equal((await same.json()).generation.id, (await first.json()).generation.id);
  const other = await send({});
  assert.equal(other.status, 422, await other.clone().text());
  assert.deepEqual(await state(user.id), { credits: 50, generations: 1 });
});
