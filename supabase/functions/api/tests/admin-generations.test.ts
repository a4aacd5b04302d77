// The admin's generations: GET /api/admin/generations (paged, filter by status, search by owner or id) and
// GET /api/admin/generations/:id (owner, status, backend, cost and refund, timings, error, warnings, views
// with photo links). Admins only: users 403, signed-out 401, and a demoted admin's old token reads no one
// else's generation (the database decides).
import assert from 'node:assert/strict';
import { buildApp, createUser, diskGenerations, PNG_1X1, superuser, test, tokenFor } from './support.ts';

const { storageDir, generations } = await diskGenerations('admin-generations-test-secret');
const { app, db } = buildApp({ generations });
const sql = superuser();

globalThis.addEventListener('unload', () => {
  db.close();
  sql.end();
  Deno.removeSync(storageDir, { recursive: true });
});

const bearer = (token: string) => ({ headers: { authorization: `Bearer ${token}` } });

async function owner(name: string) {
  const user = await createUser(sql, { name });
  await sql`select public.apply_credit_change(${user.id}, 200, 'purchase', ${`test:${user.id}`})`;
  return { ...user, token: await tokenFor(user) };
}

async function create(token: string, views: string[] = []) {
  const form = new FormData();
  form.set('format', 'glb');
  form.append('image', new File([PNG_1X1 as Uint8Array<ArrayBuffer>], 'teapot.png', { type: 'image/png' }));
  for (const v of views) {
    form.append(
      `view_${v}`,
      new File([PNG_1X1 as Uint8Array<ArrayBuffer>], `${v}.png`, { type: 'image/png' }),
    );
  }
  const res = await app.request('/api/generations', { method: 'POST', body: form, ...bearer(token) });
  assert.equal(res.status, 202, await res.clone().text());
  return (await res.json()).generation.id as string;
}

const WARNING = 'The back photo did not match; it was used for colour only.';

test('an admin sees one generation in full: owner, views, warnings, cost, timings and files', async () => {
  const user = await owner('Ada Views');
  const id = await create(user.token, ['right', 'back', 'left']);
  const outputs = {
    glb: { key: `generations/${id}/m.glb`, contentType: 'model/gltf-binary', bytes: 3, name: 'lift3d-x.glb' },
  };
  await sql`select public.generation_start(${id}, 'worker-a', 1)`;
  await sql`select public.generation_complete(${id}, 'worker-a', ${sql.json(outputs)}, ${[WARNING]}::text[])`;

  const admin = await createUser(sql, { admin: true });
  const res = await app.request(
    `/api/admin/generations/${id}`,
    bearer(await tokenFor(admin, { admin: true })),
  );
  assert.equal(res.status, 200, await res.clone().text());
  const body = await res.json();
  assert.deepEqual(body.owner, { id: user.id, email: user.email, name: 'Ada Views' });
  assert.equal(body.generation.status, 'completed');
  assert.deepEqual(body.generation.views, ['back', 'left', 'right']);
  assert.deepEqual(Object.keys(body.generation.photoUrls), ['front', 'right', 'back', 'left']);
  assert.deepEqual(body.generation.warnings, [WARNING]);
  assert.deepEqual(body.generation.files, ['glb']);
  assert.equal(body.generation.cost, 50);
  assert.equal(body.charge.credits, 50);
  assert.equal(body.refund, null);
  assert.equal(body.workerId, 'worker-a');
  assert.equal(body.attempts, 1);
  assert.deepEqual(body.input, { name: 'teapot', type: 'image/png', bytes: PNG_1X1.byteLength });
  assert.ok(body.generation.startedAt && body.generation.completedAt);
  // The admin's photo links open the photos.
  const back = await app.request(`/api${body.generation.photoUrls.back}`);
  assert.equal(back.status, 200);
  assert.deepEqual(new Uint8Array(await back.arrayBuffer()), PNG_1X1);
});

test('a failed generation shows its error and its refund', async () => {
  const user = await owner('Bo Failed');
  const id = await create(user.token);
  await sql`select public.generation_start(${id}, 'worker-f', 1)`;
  await sql`select public.generation_fail(${id}, 'worker-f', 'The image could not be decoded.')`;
  const admin = await createUser(sql, { admin: true });
  const body = await (
    await app.request(`/api/admin/generations/${id}`, bearer(await tokenFor(admin, { admin: true })))
  ).json();
  assert.equal(body.generation.status, 'failed');
  assert.equal(body.generation.error, 'The image could not be decoded.');
  assert.equal(body.refund.credits, 50);
  assert.equal(body.charge.credits, 50);
  assert.deepEqual(body.generation.views, []);
  assert.deepEqual(Object.keys(body.generation.photoUrls), ['front']);
});

test('the list pages, filters by status and searches owners and ids', async () => {
  const name = `Cleo ${crypto.randomUUID().slice(0, 6)}`;
  const user = await owner(name);
  const ids = [await create(user.token, ['back']), await create(user.token), await create(user.token)];
  await sql`select public.generation_start(${ids[2]}, 'worker-l', 1)`;
  await sql`select public.generation_fail(${ids[2]}, 'worker-l', 'boom')`;
  const token = await tokenFor(await createUser(sql, { admin: true }), { admin: true });
  const list = async (query: string) => {
    const res = await app.request(`/api/admin/generations?${query}`, bearer(token));
    assert.equal(res.status, 200, await res.clone().text());
    return await res.json();
  };

  const mine = await list(`q=${encodeURIComponent(name)}`);
  assert.equal(mine.matching, 3);
  assert.deepEqual(
    mine.generations.map((g: { id: string }) => g.id),
    [...ids].reverse(),
    'newest first',
  );
  assert.equal(mine.generations[0].email, user.email);
  assert.deepEqual(mine.generations[2].views, ['back']);

  const failed = await list(`q=${encodeURIComponent(name)}&status=failed`);
  assert.deepEqual(
    failed.generations.map((g: { id: string }) => g.id),
    [ids[2]],
  );
  const page = await list(`q=${encodeURIComponent(name)}&limit=2&offset=2`);
  assert.equal(page.generations.length, 1);
  assert.equal(page.matching, 3);
  const byId = await list(`q=${ids[1].slice(0, 13)}`);
  assert.deepEqual(
    byId.generations.map((g: { id: string }) => g.id),
    [ids[1]],
  );
  // The search is literal: a % matches only a %.
  assert.equal((await list('q=%25')).matching, 0);

  const bad = await app.request('/api/admin/generations?status=lost', bearer(token));
  assert.equal(bad.status, 400);
  assert.match((await bad.json()).error, /status one of queued, processing, completed, failed/);
});

test('users get 403, signed-out callers 401, and a demoted admin only their own', async () => {
  const user = await owner('Dan User');
  const id = await create(user.token);
  for (const path of ['/api/admin/generations', `/api/admin/generations/${id}`]) {
    const asUser = await app.request(path, bearer(user.token));
    assert.equal(asUser.status, 403, path);
    assert.match((await asUser.json()).error, /Administrator access is required/);
    const signedOut = await app.request(path);
    assert.equal(signedOut.status, 401, path);
    await signedOut.body?.cancel();
  }
  // A user whose token claims admin but whose row says otherwise reads nothing of anyone else.
  const demoted = await createUser(sql);
  const stale = await tokenFor(demoted, { admin: true });
  const one = await app.request(`/api/admin/generations/${id}`, bearer(stale));
  assert.equal(one.status, 404);
  await one.body?.cancel();
  const all = await (await app.request('/api/admin/generations', bearer(stale))).json();
  assert.equal(all.matching, 0);
  assert.deepEqual(all.generations, []);

  const unknown = await app.request(
    `/api/admin/generations/${crypto.randomUUID()}`,
    bearer(await tokenFor(await createUser(sql, { admin: true }), { admin: true })),
  );
  assert.equal(unknown.status, 404);
  await unknown.body?.cancel();
});
