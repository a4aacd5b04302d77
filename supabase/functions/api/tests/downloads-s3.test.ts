// Downloads with S3 storage: the api decides who may read a file and answers with a redirect to a
// short-lived presigned URL of the bucket (the bytes never pass through the function). Runs against the
// S3 server local/test/api-function.test.ts starts (TEST_S3_ENDPOINT); disk storage keeps streaming
// (generations.test.ts).
import assert from 'node:assert/strict';
import { createS3Storage, type S3Config } from '@lift3d/storage';
import { buildApp, createUser, PNG_1X1, superuser, tokenFor } from './support.ts';

const endpoint = Deno.env.get('TEST_S3_ENDPOINT');
const s3: S3Config = {
  kind: 's3',
  bucket: `lift3d-downloads-${crypto.randomUUID().slice(0, 8)}`,
  region: 'us-east-1',
  endpoint: endpoint ?? null,
  accessKeyId: 'S3RVER',
  secretAccessKey: 'S3RVER',
  forcePathStyle: true,
};
const TTL = 300;

const test = (name: string, fn: () => Promise<void>) =>
  Deno.test({ name, fn, ignore: !endpoint, sanitizeOps: false, sanitizeResources: false });

const generations = {
  storage: s3,
  maxImageBytes: 64 * 1024,
  maxRequestBytes: 200 * 1024,
  maxBatch: 10,
  urlSecret: 'downloads-s3-test-secret',
  urlTtlSeconds: 600,
  downloadUrlTtlSeconds: TTL,
};
const { app, db } = buildApp({ generations });
// The same app with presigned URLs that last one second, to see one expire.
const brief = buildApp({ generations: { ...generations, downloadUrlTtlSeconds: 1 } });
const sql = superuser();
const bucket = createS3Storage(s3);
if (endpoint) await bucket.ensureBucket();
globalThis.addEventListener('unload', () => {
  db.close();
  brief.db.close();
  sql.end();
});

async function user(credits: number) {
  const u = await createUser(sql);
  if (credits > 0) {
    await sql`select public.apply_credit_change(${u.id}, ${credits}, 'purchase', ${`test:${u.id}`})`;
  }
  return { ...u, token: await tokenFor(u) };
}

/** A paid generation through the api (upload to S3), completed as the worker would complete it. */
async function completedGeneration(token: string) {
  const body = new FormData();
  body.set('format', 'glb');
  body.append('image', new File([PNG_1X1 as Uint8Array<ArrayBuffer>], 'photo.png', { type: 'image/png' }));
  const res = await app.request('/api/generations', {
    method: 'POST',
    body,
    headers: { authorization: `Bearer ${token}` },
  });
  assert.equal(res.status, 202);
  const { generation } = await res.json();
  const [row] = await sql`select input_key from public.generations where id = ${generation.id}`;
  assert.deepEqual(await bucket.getBytes(row.input_key), PNG_1X1, 'the upload is in the bucket');

  const name = `lift3d-${generation.id.slice(0, 8)}.glb`;
  const key = `generations/${generation.id}/${name}`;
  const data = new TextEncoder().encode(`glb of ${generation.id}`);
  await bucket.put(key, data, 'model/gltf-binary');
  const thumbKey = `generations/${generation.id}/thumbnail.webp`;
  await bucket.put(thumbKey, new Uint8Array([1, 2, 3]), 'image/webp');
  const outputs = {
    glb: { key, contentType: 'model/gltf-binary', bytes: data.byteLength, name },
    thumbnail: { key: thumbKey, contentType: 'image/webp', bytes: 3, name: 'thumbnail.webp' },
  };
  await sql`select public.generation_start(${generation.id}, 'test-worker', 1)`;
  await sql`select public.generation_complete(${generation.id}, 'test-worker', ${sql.json(outputs)})`;
  return { id: generation.id as string, name, data };
}

const download = (id: string, token: string, format = 'glb') =>
  app.request(`/api/generations/${id}/download?format=${format}`, {
    headers: { authorization: `Bearer ${token}` },
  });

test('S3: a download is a redirect to a presigned URL that keeps the file name and type', async () => {
  const owner = await user(100);
  const { id, name, data } = await completedGeneration(owner.token);

  const res = await download(id, owner.token);
  assert.equal(res.status, 302);
  assert.equal(await res.text(), '', 'no bytes through the function');
  assert.equal(res.headers.get('cache-control'), 'no-store');
  const location = new URL(res.headers.get('location')!);
  assert.equal(
    `${location.origin}${location.pathname}`,
    `${endpoint}/${s3.bucket}/generations/${id}/${name}`,
  );
  assert.equal(location.searchParams.get('X-Amz-Expires'), String(TTL));
  // The same header a streamed download gets: named after the uploaded photo.png, in ASCII and in full
  // (RFC 5987), while the bucket keeps its own key.
  const disposition = `attachment; filename="photo.glb"; filename*=UTF-8''photo.glb`;
  assert.equal(location.searchParams.get('response-content-disposition'), disposition);

  const file = await fetch(location);
  assert.equal(file.status, 200);
  assert.equal(file.headers.get('content-disposition'), disposition);
  assert.equal(file.headers.get('content-type'), 'model/gltf-binary');
  assert.deepEqual(new Uint8Array(await file.arrayBuffer()), data);

  // Thumbnails are shown inline; the signed link of the generation JSON redirects the same way.
  const one = await app.request(`/api/generations/${id}`, {
    headers: { authorization: `Bearer ${owner.token}` },
  });
  const { generation } = await one.json();
  const thumb = await app.request(`/api${generation.thumbnailUrl}`);
  assert.equal(thumb.status, 302);
  const thumbUrl = new URL(thumb.headers.get('location')!);
  assert.equal(
    thumbUrl.searchParams.get('response-content-disposition'),
    `inline; filename="thumbnail.webp"; filename*=UTF-8''thumbnail.webp`,
  );
  const image = await fetch(thumbUrl);
  assert.deepEqual(new Uint8Array(await image.arrayBuffer()), new Uint8Array([1, 2, 3]));
});

test('S3: the presigned URL stops working after its lifetime', async () => {
  const owner = await user(100);
  const { id } = await completedGeneration(owner.token);
  const res = await brief.app.request(`/api/generations/${id}/download?format=glb`, {
    headers: { authorization: `Bearer ${owner.token}` },
  });
  assert.equal(res.status, 302);
  const location = res.headers.get('location')!;
  assert.equal(new URL(location).searchParams.get('X-Amz-Expires'), '1');
  // S3 counts expiry in whole seconds from X-Amz-Date; poll until it refuses (a few seconds at most).
  const deadline = Date.now() + 120_000;
  let last = 200;
  while (Date.now() < deadline) {
    const attempt = await fetch(location);
    last = attempt.status;
    const text = await attempt.text();
    if (last === 403) {
      assert.match(text, /<Code>AccessDenied<\/Code>.*Request has expired/s);
      break;
    }
    assert.equal(last, 200, 'before it expires the URL works');
    await new Promise((r) => setTimeout(r, 500));
  }
  assert.equal(last, 403, 'the URL expired');
});

test('S3: another user gets 404 and no redirect; an unfinished generation 409', async () => {
  const owner = await user(150);
  const { id } = await completedGeneration(owner.token);
  const stranger = await user(0);
  const res = await download(id, stranger.token);
  assert.equal(res.status, 404);
  assert.equal(res.headers.get('location'), null);
  assert.deepEqual(await res.json(), { error: 'No generation with this id.', code: 'not_found' });

  const signedOut = await app.request(`/api/generations/${id}/download?format=glb`);
  assert.equal(signedOut.status, 401);
  assert.equal(signedOut.headers.get('location'), null);
  await signedOut.body?.cancel();

  const body = new FormData();
  body.set('format', 'glb');
  body.append('image', new File([PNG_1X1 as Uint8Array<ArrayBuffer>], 'photo.png', { type: 'image/png' }));
  const queued = await (
    await app.request('/api/generations', {
      method: 'POST',
      body,
      headers: { authorization: `Bearer ${owner.token}` },
    })
  ).json();
  const early = await download(queued.generation.id, owner.token);
  assert.equal(early.status, 409);
  assert.equal(early.headers.get('location'), null);
  await early.body?.cancel();
});

test('S3: a shared model’s files come through the api, so "Stop sharing" cuts a link handed out before', async () => {
  const owner = await user(100);
  const { id, data } = await completedGeneration(owner.token);
  const shared = await app.request(`/api/generations/${id}/share`, {
    method: 'POST',
    headers: { authorization: `Bearer ${owner.token}`, 'content-type': 'application/json' },
    body: JSON.stringify({ allowDownloads: true }),
  });
  assert.equal(shared.status, 200, await shared.clone().text());
  const { slug } = (await shared.json()).share;
  const { model } = await (await app.request(`/api/share/${slug}`)).json();
  const file = await app.request(`/api${model.modelUrl}`);
  assert.equal(file.status, 200, 'no redirect to a presigned URL that would outlive the share');
  assert.deepEqual(new Uint8Array(await file.arrayBuffer()), data);

  const stop = await app.request(`/api/generations/${id}/share`, {
    method: 'DELETE',
    headers: { authorization: `Bearer ${owner.token}` },
  });
  assert.equal(stop.status, 200);
  await stop.body?.cancel();
  const after = await app.request(`/api${model.modelUrl}`);
  assert.equal(after.status, 404, 'the same link stops at once');
  await after.body?.cancel();
});
