// /api/v1 in-process: API keys (made, listed, revoked, 10 at most), keys and session tokens kept to their
// own surfaces, the per-key rate limit, and every endpoint with its refusals (nothing charged on a refusal).
import assert from 'node:assert/strict';
import { buildApp, createUser, diskGenerations, PNG_1X1, superuser, test, tokenFor } from './support.ts';
import { completeAsWorker, keyedUser, ledgerRows, uploadForm, v1 } from './v1-support.ts';

const { storageDir, generations } = await diskGenerations('v1-links-test-secret');
const { app, db } = buildApp({ generations });
const sql = superuser();
globalThis.addEventListener('unload', () => {
  db.close();
  sql.end();
  Deno.removeSync(storageDir, { recursive: true });
});

const OTHER_PNG = Uint8Array.from([...PNG_1X1, 0]);

async function credits(userId: string) {
  const [row] = await sql`select credits from public.profiles where id = ${userId}`;
  return row.credits as number;
}

async function errorOf(res: Response) {
  const body = await res.json();
  assert.equal(typeof body.error?.message, 'string', JSON.stringify(body));
  return body.error.code as string;
}

test('a key is shown once, listed by prefix with its last use, and stops working when revoked', async () => {
  const user = await keyedUser(app, sql, 0);
  assert.match(user.key, /^l3d_[A-Za-z0-9]{8}_[A-Za-z0-9_-]{43}$/);
  const list = await app.request('/api/api-keys', { headers: { authorization: `Bearer ${user.token}` } });
  const { apiKeys } = await list.json();
  assert.equal(apiKeys.length, 1);
  assert.equal(apiKeys[0].prefix, user.key.slice(0, 12));
  assert.equal(apiKeys[0].lastUsedAt, null);
  assert.equal(JSON.stringify(apiKeys).includes(user.key.slice(13)), false, 'the secret is never listed');
  const [stored] = await sql`select key_hash from public.api_keys where id = ${user.keyId}`;
  assert.notEqual(stored.key_hash, user.key);

  assert.equal((await v1(app, user.key, '/balance')).status, 200);
  const again = await (
    await app.request('/api/api-keys', { headers: { authorization: `Bearer ${user.token}` } })
  ).json();
  assert.notEqual(again.apiKeys[0].lastUsedAt, null);

  const revoke = await app.request(`/api/api-keys/${user.keyId}`, {
    method: 'DELETE',
    headers: { authorization: `Bearer ${user.token}` },
  });
  assert.equal(revoke.status, 204);
  const res = await v1(app, user.key, '/balance');
  assert.equal(res.status, 401);
  assert.equal(await errorOf(res), 'invalid_api_key');
});

test('at most 10 active keys; another user can neither list nor revoke them', async () => {
  const user = await keyedUser(app, sql, 0);
  const other = await createUser(sql);
  const otherToken = await tokenFor(other);
  const make = (name: string) =>
    app.request('/api/api-keys', {
      method: 'POST',
      headers: { authorization: `Bearer ${user.token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ name }),
    });
  for (let i = 2; i <= 10; i++) assert.equal((await make(`key ${i}`)).status, 201);
  const eleventh = await make('eleventh');
  assert.equal(eleventh.status, 409);
  assert.match((await eleventh.json()).error, /10 active API keys/);
  assert.equal((await make('  ')).status, 400);

  const theirs = await app.request('/api/api-keys', { headers: { authorization: `Bearer ${otherToken}` } });
  assert.deepEqual((await theirs.json()).apiKeys, []);
  const steal = await app.request(`/api/api-keys/${user.keyId}`, {
    method: 'DELETE',
    headers: { authorization: `Bearer ${otherToken}` },
  });
  assert.equal(steal.status, 404);
  assert.equal((await v1(app, user.key, '/balance')).status, 200);
  assert.equal((await app.request('/api/api-keys')).status, 401);
});

test('keys are refused on the browser routes, session tokens on /api/v1', async () => {
  const user = await keyedUser(app, sql, 100);
  const browser = await app.request('/api/users/me', { headers: { authorization: `Bearer ${user.key}` } });
  assert.equal(browser.status, 401);
  const spend = await app.request('/api/generations', {
    method: 'POST',
    headers: { authorization: `Bearer ${user.key}` },
    body: uploadForm(PNG_1X1, { format: 'glb' }),
  });
  assert.equal(spend.status, 401);
  const session = await v1(app, user.token, '/balance');
  assert.equal(session.status, 401);
  assert.equal(await errorOf(session), 'session_token_not_accepted');
  const none = await v1(app, null, '/balance');
  assert.equal(none.status, 401);
  assert.equal(await errorOf(none), 'missing_api_key');
  const forged = await v1(app, `${user.key.slice(0, 13)}${'A'.repeat(43)}`, '/balance');
  assert.equal(forged.status, 401);
  assert.equal(await errorOf(forged), 'invalid_api_key');
  assert.equal(await credits(user.id), 100);
});

test('the rate limit answers 429 with RateLimit headers and Retry-After, per key', async () => {
  const user = await keyedUser(app, sql, 0);
  const second = await keyedUser(app, sql, 0);
  await sql`update public.settings set value = '5' where key = 'api.requests_per_minute'`;
  try {
    // Windows are whole minutes: if one ends meanwhile the count starts again, so keep asking until refused.
    let refused: Response | null = null;
    for (let i = 0; i < 200 && !refused; i++) {
      const res = await v1(app, user.key, '/balance');
      assert.equal(res.headers.get('RateLimit-Limit'), '5');
      if (res.status === 429) refused = res;
      else await res.body?.cancel();
    }
    assert.ok(refused, 'the limit was reached');
    assert.equal(refused.headers.get('RateLimit-Remaining'), '0');
    const retry = Number(refused.headers.get('Retry-After'));
    assert.ok(retry >= 1 && retry <= 60, `Retry-After ${retry}`);
    assert.equal(refused.headers.get('RateLimit-Reset'), String(retry));
    assert.equal(await errorOf(refused), 'rate_limited');
    // Another key of another user is counted on its own.
    assert.equal((await v1(app, second.key, '/balance')).status, 200);
  } finally {
    await sql`update public.settings set value = '60' where key = 'api.requests_per_minute'`;
  }
});

test('balance, create (one charge), get, list with cursor paging and delete', async () => {
  const user = await keyedUser(app, sql, 200);
  assert.deepEqual(await (await v1(app, user.key, '/balance')).json(), { credits: 200 });

  const created = await v1(app, user.key, '/generations', {
    method: 'POST',
    body: uploadForm(PNG_1X1, { format: 'stl', topology: 'high', video: 'true' }),
  });
  assert.equal(created.status, 202);
  assert.equal(created.headers.get('RateLimit-Limit'), '60');
  const { generation } = await created.json();
  assert.equal(generation.status, 'queued');
  assert.equal(generation.format, 'stl');
  assert.equal(generation.topology, 'high');
  assert.equal(generation.video, true);
  assert.deepEqual(generation.downloads, {});
  assert.equal(await credits(user.id), 150);

  await completeAsWorker(sql, storageDir, generation.id);
  const one = await (await v1(app, user.key, `/generations/${generation.id}`)).json();
  assert.equal(one.generation.status, 'completed');
  assert.deepEqual(Object.keys(one.generation.downloads).sort(), [
    '3mf',
    'fbx',
    'glb',
    'gltf',
    'mp4',
    'obj',
    'stl',
    'usdz',
  ]);
  for (const [format, link] of Object.entries(one.generation.downloads as Record<string, string>)) {
    const url = new URL(link);
    assert.equal(url.origin, 'http://localhost');
    const file = await app.request(`${url.pathname}${url.search}`);
    assert.equal(file.status, 200, format);
    assert.equal(await file.text(), `${format} of ${generation.id}`);
  }
  assert.ok(Date.parse(one.generation.links_expire_at) > Date.now());

  // Two more, then page through all three two at a time.
  for (const bytes of [OTHER_PNG, Uint8Array.from([...PNG_1X1, 1])]) {
    const res = await v1(app, user.key, '/generations', { method: 'POST', body: uploadForm(bytes) });
    assert.equal(res.status, 202);
    await completeAsWorker(sql, storageDir, (await res.json()).generation.id);
  }
  const first = await (await v1(app, user.key, '/generations?limit=2')).json();
  assert.equal(first.data.length, 2);
  assert.ok(first.next_cursor);
  const second = await (await v1(app, user.key, `/generations?limit=2&cursor=${first.next_cursor}`)).json();
  assert.equal(second.data.length, 1);
  assert.equal(second.next_cursor, null);
  const ids = [...first.data, ...second.data].map((g: { id: string }) => g.id);
  assert.equal(new Set(ids).size, 3);
  assert.equal(ids[2], generation.id, 'newest first');
  assert.equal((await v1(app, user.key, '/generations?cursor=bm9wZQ')).status, 400);
  assert.equal((await v1(app, user.key, '/generations?limit=0')).status, 400);
  assert.equal((await v1(app, user.key, '/generations?page=2')).status, 400);

  const gone = await v1(app, user.key, `/generations/${generation.id}`, { method: 'DELETE' });
  assert.equal(gone.status, 204);
  assert.equal((await v1(app, user.key, `/generations/${generation.id}`)).status, 404);
  assert.equal((await v1(app, user.key, `/generations/${generation.id}`, { method: 'DELETE' })).status, 404);
});

test("another user's conversion is 404 for get and delete, even for an admin's key", async () => {
  const owner = await keyedUser(app, sql, 100);
  const other = await keyedUser(app, sql, 0);
  await sql`update public.profiles set is_admin = true where id = ${other.id}`;
  const res = await v1(app, owner.key, '/generations', { method: 'POST', body: uploadForm(PNG_1X1) });
  const { generation } = await res.json();
  const read = await v1(app, other.key, `/generations/${generation.id}`);
  assert.equal(read.status, 404);
  assert.equal(await errorOf(read), 'not_found');
  assert.equal((await v1(app, other.key, `/generations/${generation.id}`, { method: 'DELETE' })).status, 404);
  assert.deepEqual((await (await v1(app, other.key, '/generations')).json()).data, []);
  assert.equal((await v1(app, owner.key, `/generations/${generation.id}`)).status, 200);
});

test('the same Idempotency-Key replays the conversion once charged; other parameters are a 422', async () => {
  const user = await keyedUser(app, sql, 200);
  const send = (fields: Record<string, string>) =>
    v1(app, user.key, '/generations', {
      method: 'POST',
      headers: { 'idempotency-key': 'chair-1' },
      body: uploadForm(PNG_1X1, fields),
    });
  const first = await send({ format: 'glb' });
  assert.equal(first.status, 202);
  const replay = await send({ format: 'glb' });
  assert.equal(replay.status, 200);
  assert.equal(replay.headers.get('Idempotent-Replayed'), 'true');
  assert.equal((await replay.json()).generation.id, (await first.json()).generation.id);
  assert.equal(await credits(user.id), 150);
  const mismatch = await send({ format: 'obj' });
  assert.equal(mismatch.status, 422);
  assert.equal(await errorOf(mismatch), 'idempotency_mismatch');
  assert.equal(await credits(user.id), 150);
});

test('refusals before any credit moves: bad fields, no image, not an image, no credits', async () => {
  const user = await keyedUser(app, sql, 60);
  const poor = await keyedUser(app, sql, 10);
  const before = await ledgerRows(sql, user.id);
  const cases: Array<[RequestInit, number, string]> = [
    [{ method: 'POST', body: uploadForm(PNG_1X1, { format: 'dwg' }) }, 400, 'bad_request'],
    [{ method: 'POST', body: uploadForm(PNG_1X1, { topology: 'medium' }) }, 400, 'bad_request'],
    [{ method: 'POST', body: uploadForm(PNG_1X1, { video: 'maybe' }) }, 400, 'bad_request'],
    [{ method: 'POST', body: uploadForm(PNG_1X1, { colour: 'red' }) }, 400, 'bad_request'],
    [{ method: 'POST', body: uploadForm(new TextEncoder().encode('not an image')) }, 400, 'bad_request'],
    [{ method: 'POST', body: new FormData() }, 400, 'bad_request'],
    // Neither multipart nor JSON: 415, as the OpenAPI document says.
    [{ method: 'POST', body: 'image', headers: { 'content-type': 'text/plain' } }, 415, 'bad_request'],
    [
      { method: 'POST', body: '{"image_url": 5}', headers: { 'content-type': 'application/json' } },
      400,
      'bad_request',
    ],
    [
      {
        method: 'POST',
        body: '{"image_url": "https://x.test/a.png", "format": "dwg"}',
        headers: { 'content-type': 'application/json' },
      },
      400,
      'bad_request',
    ],
    [{ method: 'POST', body: uploadForm(new Uint8Array(70 * 1024)) }, 413, 'too_large'],
  ];
  for (const [init, status, code] of cases) {
    const res = await v1(app, user.key, '/generations', init);
    assert.equal(res.status, status, `${JSON.stringify(init.body)}`);
    assert.equal(await errorOf(res), code);
  }
  assert.equal(await ledgerRows(sql, user.id), before);
  assert.equal(await credits(user.id), 60);
  const broke = await v1(app, poor.key, '/generations', { method: 'POST', body: uploadForm(PNG_1X1) });
  assert.equal(broke.status, 402);
  assert.equal(await errorOf(broke), 'payment_required');
  assert.equal(await credits(poor.id), 10);
  assert.equal((await v1(app, user.key, '/generations/not-a-uuid')).status, 404);
  const unknown = await v1(app, user.key, '/nowhere');
  assert.equal(unknown.status, 404);
  assert.equal(await errorOf(unknown), 'not_found');
});
