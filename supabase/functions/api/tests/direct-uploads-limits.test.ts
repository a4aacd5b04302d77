// Bounded issuance of direct upload URLs (S3 storage): at most 20 unused uploads per user and 30 a minute
// (429, nothing recorded for a refusal), a claimed upload frees its place, and a free upload URL is refused
// once the day's free conversions are used up, before anything is uploaded. Runs against the S3 server the
// test runner starts (TEST_S3_ENDPOINT).
import assert from 'node:assert/strict';
import { createS3Storage, type S3Config } from '@lift3d/storage';
import { buildApp, createUser, PNG_1X1, superuser, tokenFor } from './support.ts';

const endpoint = Deno.env.get('TEST_S3_ENDPOINT');
const s3: S3Config = {
  kind: 's3',
  bucket: `lift3d-limits-${crypto.randomUUID().slice(0, 8)}`,
  region: 'us-east-1',
  endpoint: endpoint ?? null,
  accessKeyId: 'S3RVER',
  secretAccessKey: 'S3RVER',
  forcePathStyle: true,
};
const test = (name: string, fn: () => Promise<void>) =>
  Deno.test({ name, fn, ignore: !endpoint, sanitizeOps: false, sanitizeResources: false });

const { app, db } = buildApp({
  generations: {
    storage: s3,
    maxImageBytes: 64 * 1024,
    maxRequestBytes: 128 * 1024,
    maxBatch: 10,
    urlSecret: 'direct-uploads-limits-secret',
    urlTtlSeconds: 600,
    uploadUrlTtlSeconds: 120,
  },
});
const sql = superuser();
const bucket = createS3Storage(s3);
if (endpoint) await bucket.ensureBucket();
globalThis.addEventListener('unload', () => {
  db.close();
  sql.end();
});

async function user(credits: number) {
  const u = await createUser(sql);
  if (credits > 0) {
    await sql`select public.apply_credit_change(${u.id}, ${credits}, 'purchase', ${`test:${u.id}`})`;
  }
  return { ...u, token: await tokenFor(u) };
}

// Each test its own network, so the free per-network count is this file's alone.
let ipCounter = 0;
const newIp = () => `203.0.113.${++ipCounter}`;

function call(token: string, path: string, body: unknown, ip = '192.0.2.1') {
  return app.request(path, {
    method: 'POST',
    body: JSON.stringify(body),
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', 'x-forwarded-for': ip },
  });
}

const ask = (token: string, purpose: 'paid' | 'free' = 'paid', ip?: string) =>
  call(token, '/api/uploads', { type: 'image/png', size: PNG_1X1.byteLength, purpose }, ip);

async function granted(token: string, purpose: 'paid' | 'free' = 'paid', ip?: string) {
  const res = await ask(token, purpose, ip);
  assert.equal(res.status, 201, await res.clone().text());
  return (await res.json()).upload as { key: string; url: string; headers: Record<string, string> };
}

async function put(g: { url: string; headers: Record<string, string> }) {
  const res = await fetch(g.url, {
    method: 'PUT',
    body: PNG_1X1 as Uint8Array<ArrayBuffer>,
    headers: g.headers,
  });
  await res.body?.cancel();
  assert.equal(res.status, 200);
}

const recorded = async (id: string) =>
  Number((await sql`select count(*) as n from public.direct_uploads where user_id = ${id}`)[0].n);

test('at most 20 unused uploads: the 21st is a 429, a claimed or expired one frees a place', async () => {
  const u = await user(500);
  const grants = [];
  for (let i = 0; i < 20; i++) grants.push(await granted(u.token));
  assert.equal(await recorded(u.id), 20, 'every URL handed out is recorded');

  const refused = await ask(u.token);
  assert.equal(refused.status, 429);
  const body = await refused.json();
  assert.equal(body.code, 'rate_limited');
  assert.equal(
    body.error,
    'You have 20 uploaded images waiting for a conversion. Start a conversion with them, or try again in a few minutes.',
  );
  assert.equal(await recorded(u.id), 20, 'a refusal records nothing');

  // Using one for a conversion frees its place.
  await put(grants[0]);
  const made = await call(u.token, '/api/generations', { format: 'glb', image_key: grants[0].key });
  assert.equal(made.status, 202, await made.clone().text());
  const [row] =
    await sql`select claimed_at, generation_id from public.direct_uploads where key = ${grants[0].key}`;
  assert.ok(row.claimed_at, 'the generation claimed its upload');
  assert.equal(row.generation_id, (await made.json()).generation.id);
  await granted(u.token);
  assert.equal((await ask(u.token)).status, 429, 'and only that one place');

  // So does an expired URL (its object, if any, is the sweep's).
  await sql`update public.direct_uploads set created_at = now() - interval '10 minutes',
              expires_at = now() - interval '5 minutes' where key = ${grants[1].key}`;
  await granted(u.token);
});

test('at most 30 upload URLs a minute, even when none is outstanding', async () => {
  const u = await user(500);
  for (let i = 0; i < 20; i++) await granted(u.token);
  // Expired at once (as if their URLs had run out): the outstanding count is 0, the minute's count 20.
  await sql`update public.direct_uploads set expires_at = created_at + interval '1 millisecond'
             where user_id = ${u.id}`;
  for (let i = 0; i < 10; i++) await granted(u.token);
  const refused = await ask(u.token);
  assert.equal(refused.status, 429);
  assert.equal(
    (await refused.json()).error,
    'You are uploading very fast: at most 30 images a minute. Please wait a minute and try again.',
  );
  assert.equal(await recorded(u.id), 30);
});

test('a free upload URL is refused once the free conversions of the day are used, before any upload', async () => {
  const u = await user(0);
  const ip = newIp();
  for (let i = 0; i < 3; i++) {
    const g = await granted(u.token, 'free', ip);
    await put(g);
    const res = await call(u.token, '/api/generations/free', { format: 'glb', image_key: g.key }, ip);
    assert.equal(res.status, 202, await res.clone().text());
  }
  const refused = await ask(u.token, 'free', ip);
  assert.equal(refused.status, 429);
  assert.equal(
    (await refused.json()).error,
    'You have used your 3 free conversions for today. Come back tomorrow, or use credits in the Studio.',
  );
  // Another account on the same network: the network's count is known too (10 a day by default).
  await sql`update public.settings set value = '3' where key = 'app66.daily_limit_per_ip'`;
  try {
    const other = await user(0);
    const res = await ask(other.token, 'free', ip);
    assert.equal(res.status, 429);
    assert.match((await res.json()).error, /free conversions for your network are used up/);
    assert.equal(await recorded(other.id), 0);
  } finally {
    await sql`update public.settings set value = '10' where key = 'app66.daily_limit_per_ip'`;
  }
  // Paid uploads are not held back by the free quota.
  const paid = await user(100);
  assert.equal((await ask(paid.token, 'paid', ip)).status, 201);
});

test('an object that POST /api/uploads never handed out feeds no conversion, and nothing is charged', async () => {
  const u = await user(100);
  // Written with the bucket's keys (as the Storage API could): in the caller's folder, but never issued.
  const key = `uploads/${u.id}/${crypto.randomUUID()}.png`;
  await bucket.put(key, PNG_1X1, 'image/png');
  const res = await call(u.token, '/api/generations', { format: 'glb', image_key: key });
  assert.equal(res.status, 400);
  assert.match((await res.json()).error, /not one of your uploads/);
  const [{ credits }] = await sql`select credits from public.profiles where id = ${u.id}`;
  assert.equal(credits, 100);
  const [{ n }] = await sql`select count(*) as n from public.generations where user_id = ${u.id}`;
  assert.equal(Number(n), 0);
});

test('two conversions naming one upload at once: one is made and charged, the other is a 409', async () => {
  const u = await user(200);
  const g = await granted(u.token);
  await put(g);
  const [a, b] = await Promise.all([
    call(u.token, '/api/generations', { format: 'glb', image_key: g.key }),
    call(u.token, '/api/generations', { format: 'stl', image_key: g.key }),
  ]);
  assert.deepEqual([a.status, b.status].sort(), [202, 409]);
  const refused = a.status === 409 ? a : b;
  assert.match((await refused.json()).error, /already used for a conversion/);
  const [{ n }] = await sql`select count(*) as n from public.generations where input_key = ${g.key}`;
  assert.equal(Number(n), 1);
  const [{ credits }] = await sql`select credits from public.profiles where id = ${u.id}`;
  assert.equal(credits, 150, 'charged once');
});
