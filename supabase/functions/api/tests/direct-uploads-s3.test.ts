// Direct uploads with S3 storage: POST /api/uploads hands out a presigned PUT URL under the caller's own
// folder, the client PUTs the photo to the bucket itself, and POST /api/generations names the object.
// Every refusal (someone else's key, too large, not an image, missing, used twice) is a clear 4xx before
// any credit moves: no ledger row. Runs against the S3 server the test runner starts (TEST_S3_ENDPOINT).
import assert from 'node:assert/strict';
import { createS3Storage, type S3Config } from '@lift3d/storage';
import { buildApp, createUser, diskGenerations, PNG_1X1, superuser, tokenFor } from './support.ts';

const endpoint = Deno.env.get('TEST_S3_ENDPOINT');
const s3: S3Config = {
  kind: 's3',
  bucket: `lift3d-direct-${crypto.randomUUID().slice(0, 8)}`,
  region: 'us-east-1',
  endpoint: endpoint ?? null,
  accessKeyId: 'S3RVER',
  secretAccessKey: 'S3RVER',
  forcePathStyle: true,
};
const MAX = 64 * 1024;
const test = (name: string, fn: () => Promise<void>) =>
  Deno.test({ name, fn, ignore: !endpoint, sanitizeOps: false, sanitizeResources: false });

const generations = {
  storage: s3,
  maxImageBytes: MAX,
  maxRequestBytes: 2 * MAX,
  maxBatch: 10,
  urlSecret: 'direct-uploads-test-secret',
  urlTtlSeconds: 600,
  uploadUrlTtlSeconds: 120,
};
const { app, db } = buildApp({ generations });
const disk = await diskGenerations('direct-uploads-disk-secret');
const onDisk = buildApp({ generations: disk.generations });
const sql = superuser();
const bucket = createS3Storage(s3);
if (endpoint) await bucket.ensureBucket();
globalThis.addEventListener('unload', () => {
  db.close();
  onDisk.db.close();
  sql.end();
  Deno.removeSync(disk.storageDir, { recursive: true });
});

async function user(credits: number) {
  const u = await createUser(sql);
  if (credits > 0) {
    await sql`select public.apply_credit_change(${u.id}, ${credits}, 'purchase', ${`test:${u.id}`})`;
  }
  return { ...u, token: await tokenFor(u) };
}

const ledger = async (id: string) =>
  Number((await sql`select count(*) as n from public.credit_ledger where user_id = ${id}`)[0].n);
const credits = async (id: string) =>
  (await sql`select credits from public.profiles where id = ${id}`)[0].credits as number;

function call(token: string, path: string, body: unknown, headers: Record<string, string> = {}) {
  return app.request(path, {
    method: 'POST',
    body: JSON.stringify(body),
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', ...headers },
  });
}

interface Grant {
  key: string;
  url: string;
  method: string;
  headers: Record<string, string>;
  maxBytes: number;
  expiresAt: string;
}

async function grant(token: string, type = 'image/png', size = PNG_1X1.byteLength): Promise<Grant> {
  const res = await call(token, '/api/uploads', { type, size });
  assert.equal(res.status, 201, await res.clone().text());
  return (await res.json()).upload;
}

/** What the browser does with the grant: one PUT straight to the bucket, no token of ours. */
async function put(g: Grant, bytes: Uint8Array) {
  const res = await fetch(g.url, {
    method: 'PUT',
    body: bytes as Uint8Array<ArrayBuffer>,
    headers: g.headers,
  });
  await res.body?.cancel();
  assert.equal(res.status, 200, `PUT to the presigned URL answered ${res.status}`);
}

test("presign: a PUT URL for a key in the caller's own folder; the PUT lands in the bucket", async () => {
  const u = await user(100);
  const g = await grant(u.token);
  assert.match(g.key, new RegExp(`^uploads/${u.id}/[0-9a-f-]{36}\\.png$`));
  assert.equal(g.method, 'PUT');
  assert.equal(g.maxBytes, MAX);
  const url = new URL(g.url);
  assert.equal(url.origin, new URL(endpoint!).origin);
  assert.equal(url.searchParams.get('X-Amz-Expires'), '120');
  assert.ok(url.searchParams.get('X-Amz-Signature'), 'signed in the query');
  const left = Date.parse(g.expiresAt) - Date.now();
  assert.ok(left > 100_000 && left <= 120_000, `expires in ${left} ms`);

  await put(g, PNG_1X1);
  assert.deepEqual(await bucket.getBytes(g.key), PNG_1X1);
  // Signed for this key and method only (s3rver does not check SigV4 signatures, so S3 itself enforces
  // this: the path and the method are part of the signed request).
  assert.equal(url.pathname, `/${s3.bucket}/${g.key}`);
  assert.equal(url.searchParams.get('X-Amz-SignedHeaders'), 'host');
  assert.equal(await ledger(u.id), 1, 'asking for a URL charges nothing');
});

test('presign refusals: declared too large, not an image type, no credits, signed out, disk storage', async () => {
  const u = await user(100);
  const big = await call(u.token, '/api/uploads', { type: 'image/png', size: MAX + 1 });
  assert.equal(big.status, 413);
  assert.match((await big.json()).error, /larger than/);
  const pdf = await call(u.token, '/api/uploads', { type: 'application/pdf', size: 10 });
  assert.equal(pdf.status, 400);
  assert.match((await pdf.json()).error, /type must be one of/);
  const poor = await user(0);
  const broke = await call(poor.token, '/api/uploads', { type: 'image/png', size: 10 });
  assert.equal(broke.status, 402);
  assert.match((await broke.json()).error, /Not enough credits/);
  // A free conversion needs no credits.
  assert.equal(
    (await call(poor.token, '/api/uploads', { type: 'image/png', size: 10, purpose: 'free' })).status,
    201,
  );
  const anon = await app.request('/api/uploads', {
    method: 'POST',
    body: JSON.stringify({ type: 'image/png', size: 10 }),
    headers: { 'content-type': 'application/json' },
  });
  assert.equal(anon.status, 401);
  const local = await onDisk.app.request('/api/uploads', {
    method: 'POST',
    body: JSON.stringify({ type: 'image/png', size: 10 }),
    headers: { authorization: `Bearer ${u.token}`, 'content-type': 'application/json' },
  });
  assert.equal(local.status, 409);
  assert.match((await local.json()).error, /multipart/);
  const config = await (await app.request('/api/config')).json();
  assert.equal(config.directUploads, true);
  assert.equal((await (await onDisk.app.request('/api/config')).json()).directUploads, false);
});

test('a generation from a direct upload (with extra views): charged once, the object is its input', async () => {
  const u = await user(200);
  const image = await grant(u.token);
  const back = await grant(u.token);
  await put(image, PNG_1X1);
  await put(back, PNG_1X1);
  const idem = crypto.randomUUID();
  const body = { format: 'glb', image_key: image.key, image_name: 'Red Chair.png', view_back_key: back.key };
  const res = await call(u.token, '/api/generations', body, { 'idempotency-key': idem });
  assert.equal(res.status, 202, await res.clone().text());
  const { generation } = await res.json();
  assert.deepEqual(generation.views, ['back']);
  const [row] =
    await sql`select input_key, input_type, input_bytes, cost from public.generations where id = ${generation.id}`;
  assert.equal(row.input_key, image.key);
  assert.equal(row.input_type, 'image/png');
  assert.equal(row.input_bytes, PNG_1X1.byteLength);
  const [view] =
    await sql`select input_key from public.generation_views where generation_id = ${generation.id}`;
  assert.equal(view.input_key, back.key);
  assert.equal(await credits(u.id), 200 - row.cost);
  assert.equal(await ledger(u.id), 2);
  assert.ok(await bucket.getBytes(image.key), 'the upload stays: the worker reads it');

  // The same request again (a retry): the same generation, no second charge, nothing deleted.
  const again = await call(u.token, '/api/generations', body, { 'idempotency-key': idem });
  assert.equal(again.status, 202);
  assert.equal((await again.json()).generation.id, generation.id);
  assert.equal(await ledger(u.id), 2);
  assert.ok(await bucket.getBytes(image.key));

  // The same upload for a second conversion: refused, so deleting one never takes the other's photo.
  const reuse = await call(u.token, '/api/generations', { format: 'glb', image_key: image.key });
  assert.equal(reuse.status, 409);
  assert.match((await reuse.json()).error, /already used/);
  const viewAsImage = await call(u.token, '/api/generations', { format: 'glb', image_key: back.key });
  assert.equal(viewAsImage.status, 409);
  assert.equal(await ledger(u.id), 2, 'no charge for a refused reuse');
});

test("refused before the charge: someone else's key, too large, not an image, missing object", async () => {
  const owner = await user(100);
  const other = await user(100);
  const before = await ledger(other.id);
  const post = (token: string, key: string) =>
    call(token, '/api/generations', { format: 'glb', image_key: key });

  const theirs = await grant(owner.token);
  await put(theirs, PNG_1X1);
  const stolen = await post(other.token, theirs.key);
  assert.equal(stolen.status, 400);
  assert.match((await stolen.json()).error, /not one of your uploads/);
  assert.ok(await bucket.getBytes(theirs.key), "the owner's upload is untouched");
  const madeUp = await post(other.token, `uploads/${other.id}/../${owner.id}/x.png`);
  assert.equal(madeUp.status, 400);

  // Declared small, but the PUT sent more: the URL cannot bind the length, the api checks the object.
  const big = await grant(other.token);
  const bigBytes = new Uint8Array(MAX + 1);
  bigBytes.set(PNG_1X1);
  await put(big, bigBytes);
  const tooLarge = await post(other.token, big.key);
  assert.equal(tooLarge.status, 400);
  assert.equal((await tooLarge.json()).code, 'too_large');
  assert.equal(await bucket.getBytes(big.key), null, 'the oversized object is deleted');

  const text = await grant(other.token);
  await put(text, new TextEncoder().encode('not an image at all'));
  const notImage = await post(other.token, text.key);
  assert.equal(notImage.status, 400);
  assert.match((await notImage.json()).error, /not an image we can convert/);
  assert.equal(await bucket.getBytes(text.key), null);

  // The shared input checks: an SVG over the cost caps, a pixel bomb by its header.
  const svg = await grant(other.token, 'image/svg+xml', 200);
  await put(
    svg,
    new TextEncoder().encode(
      '<svg xmlns="http://www.w3.org/2000/svg" width="200" height="200"><filter id="f"><feTurbulence numOctaves="2000"/></filter><rect width="9" height="9" filter="url(#f)"/></svg>',
    ),
  );
  const costly = await post(other.token, svg.key);
  assert.equal(costly.status, 400);
  assert.match((await costly.json()).error, /turbulence filter with 2000 octaves/);
  const bomb = await grant(other.token);
  const header = new Uint8Array(33);
  header.set([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52]);
  new DataView(header.buffer).setUint32(16, 30_000);
  new DataView(header.buffer).setUint32(20, 30_000);
  header.set([8, 6, 0, 0, 0], 24);
  await put(bomb, header);
  const pixels = await post(other.token, bomb.key);
  assert.equal(pixels.status, 400);
  assert.match((await pixels.json()).error, /30000×30000 pixels/);

  const never = await grant(other.token);
  const missing = await post(other.token, never.key);
  assert.equal(missing.status, 400);
  assert.match((await missing.json()).error, /not found/);

  assert.equal(await ledger(other.id), before, 'no ledger row for any refusal');
  assert.equal(await credits(other.id), 100);
  const [{ n }] = await sql`select count(*) as n from public.generations where user_id = ${other.id}`;
  assert.equal(Number(n), 0);
});

test('free conversions take a direct upload too; multipart keeps working with S3 storage', async () => {
  const u = await user(100);
  const g = await grant(u.token);
  await put(g, PNG_1X1);
  const free = await call(u.token, '/api/generations/free', { format: 'glb', image_key: g.key });
  assert.equal(free.status, 202, await free.clone().text());
  const { generation } = await free.json();
  const [row] = await sql`select input_key, cost from public.generations where id = ${generation.id}`;
  assert.deepEqual([row.input_key, row.cost], [g.key, 0]);

  const form = new FormData();
  form.set('format', 'glb');
  form.append('image', new File([PNG_1X1 as Uint8Array<ArrayBuffer>], 'photo.png', { type: 'image/png' }));
  const multipart = await app.request('/api/generations', {
    method: 'POST',
    body: form,
    headers: { authorization: `Bearer ${u.token}` },
  });
  assert.equal(multipart.status, 202);
});
