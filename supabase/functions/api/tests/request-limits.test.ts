// Odd and oversized requests get a 4xx that names the problem, never a 500; client-set address headers
// cannot move a caller to another network's rate limits.
import assert from 'node:assert/strict';
import { buildApp, createUser, superuser, test, tokenFor } from './support.ts';

const { app, db } = buildApp();
const sql = superuser();
globalThis.addEventListener('unload', () => {
  db.close();
  sql.end();
});

const unique = (label: string) => `${label}-${crypto.randomUUID().slice(0, 8)}@example.test`;
const octet = () => 1 + Math.floor(Math.random() * 250);
const randomIp = () => `10.${octet()}.${octet()}.${octet()}`;

function json(path: string, body: string, headers: Record<string, string> = {}, method = 'POST') {
  return app.request(`/api${path}`, {
    method,
    headers: { 'content-type': 'application/json', 'x-forwarded-for': randomIp(), ...headers },
    body,
  });
}

test('a JSON body over the limit is 413 on every route, whether it declares its length or streams', async () => {
  const big = JSON.stringify({ name: 'x'.repeat(400 * 1024), email: unique('big'), message: 'hello' });
  const declared = await json('/contact', big);
  assert.equal(declared.status, 413);
  assert.match((await declared.json()).error, /larger than 256 KB/);

  const user = await createUser(sql);
  const token = await tokenFor(user);
  const chunks = new TextEncoder().encode(big);
  const streamed = await app.request(`/api/users/${user.id}`, {
    method: 'PUT',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: new ReadableStream({
      start(controller) {
        for (let i = 0; i < chunks.length; i += 65536) controller.enqueue(chunks.subarray(i, i + 65536));
        controller.close();
      },
    }),
    // @ts-expect-error: Deno's RequestInit takes duplex for streamed bodies
    duplex: 'half',
  });
  assert.equal(streamed.status, 413);
  const [profile] = await sql`select name from public.profiles where id = ${user.id}`;
  assert.equal(profile.name, 'Test User', 'nothing written');
});

test('NUL characters in JSON text fields and in query strings are 400, nothing stored', async () => {
  const email = unique('nul');
  const res = await json('/contact', JSON.stringify({ name: 'Ann\u0000', email, message: 'hello there' }));
  assert.equal(res.status, 400);
  assert.match((await res.json()).error, /^name: must not contain NUL characters/);
  const [count] = await sql`select count(*)::int as n from public.messages where email = ${email}`;
  assert.equal(count.n, 0);

  const admin = await createUser(sql, { admin: true });
  const token = await tokenFor(admin, { admin: true });
  const search = await app.request('/api/admin/users?q=a%00b', {
    headers: { authorization: `Bearer ${token}` },
  });
  assert.equal(search.status, 400);
  assert.match((await search.json()).error, /NUL/);
});

test('offset=1e20 and other odd paging values are 400 with the allowed range', async () => {
  const user = await createUser(sql);
  const token = await tokenFor(user);
  for (const offset of ['1e20', '-1', '2.5', 'abc', '99999999999']) {
    const res = await app.request(`/api/generations?offset=${offset}`, {
      headers: { authorization: `Bearer ${token}` },
    });
    assert.equal(res.status, 400, offset);
    assert.match((await res.json()).error, /offset must be a whole number from 0 to 1000000/);
  }
  const fine = await app.request('/api/generations?offset=0', {
    headers: { authorization: `Bearer ${token}` },
  });
  assert.equal(fine.status, 200);
});

test('credit amounts of ±2³¹ and beyond are 400, the balance unchanged', async () => {
  const admin = await createUser(sql, { admin: true });
  const token = await tokenFor(admin, { admin: true });
  const user = await createUser(sql);
  for (const amount of [2 ** 31, -(2 ** 31), 2 ** 31 - 1, 1e300]) {
    const add = await json(`/users/${user.id}/credits/add`, JSON.stringify({ creditsToAdd: amount }), {
      authorization: `Bearer ${token}`,
    });
    assert.equal(add.status, 400, String(amount));
    assert.match(
      (await add.json()).error,
      amount === 1e300 ? /whole number/ : /between -10,000,000 and 10,000,000/,
    );
    const set = await json(`/users/${user.id}/credits`, JSON.stringify({ credits: amount }), {
      authorization: `Bearer ${token}`,
    });
    assert.equal(set.status, 400, String(amount));
  }
  const setting = await json(
    '/admin/settings/generation.cost_credits',
    JSON.stringify({ value: 2 ** 31 }),
    {
      authorization: `Bearer ${token}`,
    },
    'PUT',
  );
  assert.ok(setting.status >= 400 && setting.status < 500, `setting: ${setting.status}`);
  const [row] = await sql`select credits from public.profiles where id = ${user.id}`;
  assert.equal(row.credits, 0);
});

test('X-Real-IP and cf-connecting-ip set by the client do not change the network a request counts for', async () => {
  const ip = randomIp();
  for (let i = 0; i < 10; i++) {
    const res = await json('/waitlist', JSON.stringify({ email: unique(`spoof${i}`) }), {
      'x-forwarded-for': ip,
      'x-real-ip': randomIp(),
      'cf-connecting-ip': randomIp(),
    });
    assert.equal(res.status, 201);
  }
  const blocked = await json('/waitlist', JSON.stringify({ email: unique('spoof10') }), {
    'x-forwarded-for': `${randomIp()}, ${ip}`,
    'x-real-ip': randomIp(),
    'cf-connecting-ip': randomIp(),
  });
  assert.equal(blocked.status, 429, 'still the same network, whatever the client claims');
});

test('behind a proxy that overwrites cf-connecting-ip, that header is the address (configured)', async () => {
  const { app: cfApp, db: cfDb } = buildApp({ clientIp: { header: 'cf-connecting-ip' } });
  try {
    const ip = randomIp();
    const send = (email: string) =>
      cfApp.request('/api/waitlist', {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'cf-connecting-ip': ip,
          'x-forwarded-for': randomIp(),
        },
        body: JSON.stringify({ email }),
      });
    for (let i = 0; i < 10; i++) assert.equal((await send(unique(`cf${i}`))).status, 201);
    assert.equal((await send(unique('cf10'))).status, 429);
  } finally {
    await cfDb.close();
  }
});

test('JSON to the upload routes is capped at 256 KB too (only multipart bodies may be larger)', async () => {
  const user = await createUser(sql);
  const token = await tokenFor(user);
  const big = JSON.stringify({ format: 'glb', image_key: 'k', image_name: 'x'.repeat(300 * 1024) });
  for (const path of ['/generations', '/generations/free', '/v1/generations']) {
    const res = await json(path, big, { authorization: `Bearer ${token}` });
    assert.equal(res.status, 413, path);
  }
});

test('100,000 nested brackets are a 400 that says so, on every JSON route', async () => {
  const user = await createUser(sql);
  const token = await tokenFor(user);
  const deep = `${'['.repeat(100_000)}${']'.repeat(100_000)}`;
  for (const [path, method] of [
    ['/contact', 'POST'],
    ['/api-keys', 'POST'],
    [`/users/${user.id}`, 'PUT'],
  ]) {
    const res = await json(path, deep, { authorization: `Bearer ${token}` }, method);
    assert.equal(res.status, 400, path);
    assert.match((await res.json()).error, /nests deeper than 64 levels/, path);
  }
  // Nesting within strings is only text.
  const res = await json(
    '/contact',
    JSON.stringify({
      name: 'Ann',
      email: unique('deep'),
      subject: 'Nesting',
      message: `hello ${'['.repeat(100)}`,
    }),
  );
  assert.equal(res.status, 201, await res.clone().text());
});
