// POST /api/v1/generations with an image_url: fetched from a real local https server (its self-signed root
// and exact origin are the only test allowances), and every SSRF attempt refused with no ledger row.
import assert from 'node:assert/strict';
import { isPublicAddress } from '@lift3d/common/net/public-address.ts';
import { buildApp, diskGenerations, PNG_1X1, superuser, test } from './support.ts';
import { imageHost, keyedUser, ledgerRows, v1 } from './v1-support.ts';

const { storageDir, generations } = await diskGenerations('v1-image-url-secret');
const host = await imageHost(PNG_1X1, generations.maxImageBytes);
const { app, db } = buildApp({
  generations,
  imageUrl: { caCerts: [host.root], trustedOrigins: [host.origin], timeoutMs: 2000 },
});
// The same server without the allowances: what production would do with it.
const strict = buildApp({ generations, imageUrl: { caCerts: [host.root] } });
const sql = superuser();
globalThis.addEventListener('unload', () => {
  db.close();
  strict.db.close();
  sql.end();
  Deno.removeSync(storageDir, { recursive: true });
});

const fromUrl = (key: string, image_url: string, target = app) =>
  v1(target, key, '/generations', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ image_url }),
  });

test('isPublicAddress: public unicast only', async () => {
  for (const ip of [
    '8.8.8.8',
    '1.1.1.1',
    '93.184.216.34',
    '2606:4700:4700::1111',
    '2a00:1450:4001:80b::200e',
    '::ffff:8.8.8.8',
  ]) {
    assert.equal(isPublicAddress(ip), true, ip);
  }
  for (const ip of [
    '127.0.0.1',
    '127.255.0.9',
    '10.1.2.3',
    '172.16.0.1',
    '172.31.255.255',
    '192.168.1.1',
    '169.254.169.254',
    '100.64.0.1',
    '100.127.255.254',
    '0.0.0.0',
    '224.0.0.1',
    '239.255.255.250',
    '255.255.255.255',
    '198.18.0.1',
    '192.0.2.1',
    '::',
    '::1',
    '::ffff:127.0.0.1',
    '::ffff:169.254.169.254',
    '::127.0.0.1',
    'fc00::1',
    'fd12:3456::1',
    'fe80::1',
    'fe80::1%eth0',
    'ff02::1',
    '2001:db8::1',
    '64:ff9b::a9fe:a9fe',
    '2002:7f00:1::1',
    '2001::1',
    '0177.0.0.1',
    '0x7f.0.0.1',
    '2130706433',
    '127.1',
    'localhost',
    '',
    '1.2.3',
    '1.2.3.256',
    ':::1',
    '1::2::3',
  ]) {
    assert.equal(isPublicAddress(ip), false, ip);
  }
  assert.equal(isPublicAddress('172.32.0.1'), true, 'just outside 172.16/12');
  assert.equal(isPublicAddress('100.128.0.1'), true, 'just outside 100.64/10');
});

test('an image_url on an https server is fetched, converted and charged once', async () => {
  const user = await keyedUser(app, sql, 100);
  const res = await fromUrl(user.key, `${host.origin}/to-photo`);
  assert.equal(res.status, 202, await res.clone().text());
  const { generation } = await res.json();
  assert.equal(generation.status, 'queued');
  assert.equal(generation.format, 'glb');
  const [row] = await sql`select input_bytes, input_type from public.generations where id = ${generation.id}`;
  assert.equal(row.input_bytes, PNG_1X1.byteLength);
  assert.equal(row.input_type, 'image/png');
  const [{ credits }] = await sql`select credits from public.profiles where id = ${user.id}`;
  assert.equal(credits, 50);
});

test('SSRF and oversized image_urls are refused before any charge', async () => {
  const user = await keyedUser(app, sql, 100);
  const before = await ledgerRows(sql, user.id);
  const cases: Array<[string, number, string]> = [
    [`http://localhost:${host.port}/photo.png`, 400, 'image_url_refused'],
    [`https://127.0.0.1:${host.port}/photo.png`, 400, 'image_url_refused'],
    ['https://169.254.169.254/latest/meta-data/', 400, 'image_url_refused'],
    ['https://[::1]/x.png', 400, 'image_url_refused'],
    ['https://[::ffff:10.0.0.1]/x.png', 400, 'image_url_refused'],
    ['https://10.0.0.1/x.png', 400, 'image_url_refused'],
    ['https://user:pw@example.com/x.png', 400, 'image_url_refused'],
    ['file:///etc/passwd', 400, 'image_url_refused'],
    ['not a url', 400, 'image_url_refused'],
    [`${host.origin}/to-loopback`, 400, 'image_url_refused'],
    [`${host.origin}/to-metadata`, 400, 'image_url_refused'],
    [`${host.origin}/to-http`, 400, 'image_url_refused'],
    [`${host.origin}/huge-declared`, 413, 'too_large'],
    [`${host.origin}/huge-streamed`, 413, 'too_large'],
    [`${host.origin}/missing`, 422, 'image_url_failed'],
    [`${host.origin}/never`, 422, 'image_url_failed'],
    [`${host.origin}/not-an-image`, 400, 'bad_request'],
  ];
  for (const [url, status, code] of cases) {
    const res = await fromUrl(user.key, url);
    const body = await res.json();
    assert.equal(res.status, status, `${url}: ${JSON.stringify(body)}`);
    assert.equal(body.error.code, code, url);
  }
  assert.equal(await ledgerRows(sql, user.id), before);
  const [{ n }] = await sql`select count(*)::int as n from public.generations where user_id = ${user.id}`;
  assert.equal(n, 0);
});

test('without the test allowance the same loopback server is refused (production behaviour)', async () => {
  const user = await keyedUser(strict.app, sql, 100);
  const res = await fromUrl(user.key, `${host.origin}/photo.png`, strict.app);
  assert.equal(res.status, 400);
  assert.equal((await res.json()).error.code, 'image_url_refused');
  assert.equal(await ledgerRows(sql, user.id), 1, 'only the purchase');
});

test('a host name that resolves to a private address is refused after DNS resolution', async () => {
  const { fetchImageUrl } = await import('../v1/fetch-image.ts');
  const options = { maxBytes: 1024, timeoutMs: 2000, maxRedirects: 3 };
  for (const addresses of [['10.0.0.5'], ['93.184.216.34', '127.0.0.1'], ['fd00::1']]) {
    await assert.rejects(
      fetchImageUrl('https://images.example.com/a.png', {
        ...options,
        resolve: () => Promise.resolve(addresses),
      }),
      (error: Error & { code?: string }) => error.code === 'image_url_refused',
      addresses.join(','),
    );
  }
  await assert.rejects(
    fetchImageUrl('https://nowhere.example.com/a.png', { ...options, resolve: () => Promise.resolve([]) }),
    (error: Error & { code?: string }) => error.code === 'image_url_failed',
  );
});

test('the image server closes', async () => {
  await host.close();
});
