// The photos a generation was made from (GET /api/generations/:id/photos/front|right|back|left): the owner
// and admins read them with their token or the signed `photoUrls` of the generation JSON; anyone else gets
// 404, signed-out callers 401; a photo link does not open the results and a result link not the photos.
// On S3 storage the route answers with a presigned redirect, like the downloads.
import assert from 'node:assert/strict';
import { createS3Storage, type S3Config } from '@lift3d/storage';
import { buildApp, createUser, diskGenerations, PNG_1X1, superuser, test, tokenFor } from './support.ts';

const { storageDir, generations } = await diskGenerations('generation-photos-test-secret');
const { app, db } = buildApp({ generations });
const sql = superuser();

const endpoint = Deno.env.get('TEST_S3_ENDPOINT');
const s3: S3Config = {
  kind: 's3',
  bucket: `lift3d-photos-${crypto.randomUUID().slice(0, 8)}`,
  region: 'us-east-1',
  endpoint: endpoint ?? null,
  accessKeyId: 'S3RVER',
  secretAccessKey: 'S3RVER',
  forcePathStyle: true,
};
const onS3 = buildApp({ generations: { ...generations, storage: s3, downloadUrlTtlSeconds: 300 } });
if (endpoint) await createS3Storage(s3).ensureBucket();

globalThis.addEventListener('unload', () => {
  db.close();
  onS3.db.close();
  sql.end();
  Deno.removeSync(storageDir, { recursive: true });
});

/** Two different small images: the 1×1 PNG and a 2×1 one, so a wrong file cannot pass for the right one. */
const BACK = Uint8Array.from(
  atob(
    'iVBORw0KGgoAAAANSUhEUgAAAAIAAAABCAYAAAD0In+KAAAACXBIWXMAAAPoAAAD6AG1e1JrAAAADklEQVQImWM4ISf3H4QBEX8EBzWaxs0AAAAASUVORK5CYII=',
  ),
  (ch) => ch.charCodeAt(0),
);

async function owner() {
  const user = await createUser(sql);
  await sql`select public.apply_credit_change(${user.id}, 100, 'purchase', ${`test:${user.id}`})`;
  return { ...user, token: await tokenFor(user) };
}

async function create(target: typeof app, token: string) {
  const form = new FormData();
  form.set('format', 'glb');
  form.append('image', new File([PNG_1X1 as Uint8Array<ArrayBuffer>], 'chair.png', { type: 'image/png' }));
  form.append('view_back', new File([BACK as Uint8Array<ArrayBuffer>], 'back.png', { type: 'image/png' }));
  const res = await target.request('/api/generations', {
    method: 'POST',
    body: form,
    headers: { authorization: `Bearer ${token}` },
  });
  assert.equal(res.status, 202, await res.clone().text());
  return (await res.json()).generation as {
    id: string;
    views: string[];
    photoUrls: Record<string, string>;
  };
}

const bearer = (token: string) => ({ headers: { authorization: `Bearer ${token}` } });
const bytesOf = async (res: Response) => new Uint8Array(await res.arrayBuffer());

test('the owner reads the front photo and each view; the JSON links exactly the photos it has', async () => {
  const user = await owner();
  const g = await create(app, user.token);
  assert.deepEqual(Object.keys(g.photoUrls), ['front', 'back']);

  const front = await app.request(`/api/generations/${g.id}/photos/front`, bearer(user.token));
  assert.equal(front.status, 200);
  assert.equal(front.headers.get('content-type'), 'image/png');
  assert.equal(
    front.headers.get('content-disposition'),
    `inline; filename="chair-front.png"; filename*=UTF-8''chair-front.png`,
  );
  assert.deepEqual(await bytesOf(front), PNG_1X1);
  const back = await app.request(`/api/generations/${g.id}/photos/back`, bearer(user.token));
  assert.equal(back.status, 200);
  assert.deepEqual(await bytesOf(back), BACK);

  // The signed links work without a token, on a queued generation too (photos exist from the upload).
  const signedBack = await app.request(`/api${g.photoUrls.back}`);
  assert.equal(signedBack.status, 200);
  assert.deepEqual(await bytesOf(signedBack), BACK);

  const left = await app.request(`/api/generations/${g.id}/photos/left`, bearer(user.token));
  assert.equal(left.status, 404);
  assert.match((await left.json()).error, /no such view/);
  const top = await app.request(`/api/generations/${g.id}/photos/top`, bearer(user.token));
  assert.equal(top.status, 404);
  await top.body?.cancel();

  // The list carries the same links: they stay the same from one poll to the next (no reloaded <img>).
  const list = await (await app.request('/api/generations', bearer(user.token))).json();
  assert.deepEqual(list.generations[0].photoUrls, g.photoUrls);
});

test('another user gets 404, signed out 401, an admin 200; a demoted admin with an old token 404', async () => {
  const user = await owner();
  const g = await create(app, user.token);
  const other = await createUser(sql);
  for (const side of ['front', 'back']) {
    const res = await app.request(`/api/generations/${g.id}/photos/${side}`, bearer(await tokenFor(other)));
    assert.equal(res.status, 404, side);
    assert.deepEqual(Object.keys(await res.json()).sort(), ['code', 'error']);
  }
  const signedOut = await app.request(`/api/generations/${g.id}/photos/front`);
  assert.equal(signedOut.status, 401);
  await signedOut.body?.cancel();

  const admin = await createUser(sql, { admin: true });
  const adminToken = await tokenFor(admin, { admin: true });
  const asAdmin = await app.request(`/api/generations/${g.id}/photos/back`, bearer(adminToken));
  assert.equal(asAdmin.status, 200);
  assert.deepEqual(await bytesOf(asAdmin), BACK);
  // The database decides, not the token's claim.
  await sql`update public.profiles set is_admin = false where id = ${admin.id}`;
  const demoted = await app.request(`/api/generations/${g.id}/photos/back`, bearer(adminToken));
  assert.equal(demoted.status, 404);
  await demoted.body?.cancel();
});

test('a photo link opens no result, a tampered or expired one nothing; deleted generations 404', async () => {
  const user = await owner();
  const g = await create(app, user.token);
  const query = g.photoUrls.front.split('?')[1];
  // Complete it so that its result links exist.
  await sql`select public.generation_start(${g.id}, 'worker-p', 1)`;
  await sql`select public.generation_complete(${g.id}, 'worker-p', '{}'::jsonb)`;
  const asDownload = await app.request(`/api/generations/${g.id}/download?format=glb&${query}`);
  assert.equal(asDownload.status, 403, 'a photo signature is not a download signature');
  await asDownload.body?.cancel();
  const one = await (await app.request(`/api/generations/${g.id}`, bearer(user.token))).json();
  const downloadQuery = (one.generation.thumbnailUrl ?? one.generation.downloadUrl).split('?')[1];
  const asPhoto = await app.request(`/api/generations/${g.id}/photos/front?${downloadQuery}`);
  assert.equal(asPhoto.status, 403, 'a download signature is not a photo signature');
  await asPhoto.body?.cancel();

  // The first hex digit changed to another one (replacing it with a fixed '0' left 1 link in 16 intact).
  const tampered = await app.request(
    `/api${g.photoUrls.front.replace(/signature=(.)/, (_: string, ch: string) => `signature=${ch === '0' ? '1' : '0'}`)}`,
  );
  assert.equal(tampered.status, 403);
  await tampered.body?.cancel();
  const expired = await app.request(`/api${g.photoUrls.front.replace(/expires=\d+/, 'expires=1000')}`);
  assert.equal(expired.status, 403);
  await expired.body?.cancel();
  // Another generation's photo under this generation's signature: refused.
  const other = await create(app, user.token);
  const swapped = await app.request(`/api/generations/${other.id}/photos/front?${query}`);
  assert.equal(swapped.status, 403);
  await swapped.body?.cancel();

  const del = await app.request(`/api/generations/${g.id}`, { method: 'DELETE', ...bearer(user.token) });
  assert.equal(del.status, 204);
  const gone = await app.request(`/api${g.photoUrls.front}`);
  assert.equal(gone.status, 404);
  await gone.body?.cancel();
});

Deno.test({
  name: 'S3: a photo is a redirect to a presigned URL with the photo inline',
  ignore: !endpoint,
  sanitizeOps: false,
  sanitizeResources: false,
  fn: async () => {
    const user = await owner();
    const g = await create(onS3.app, user.token);
    const res = await onS3.app.request(`/api/generations/${g.id}/photos/back`, bearer(user.token));
    assert.equal(res.status, 302);
    assert.equal(await res.text(), '', 'no bytes through the function');
    const location = new URL(res.headers.get('location')!);
    assert.equal(location.searchParams.get('X-Amz-Expires'), '300');
    assert.equal(
      location.searchParams.get('response-content-disposition'),
      `inline; filename="chair-back.png"; filename*=UTF-8''chair-back.png`,
    );
    const file = await fetch(location);
    assert.equal(file.status, 200);
    assert.deepEqual(await bytesOf(file), BACK);
    const signed = await onS3.app.request(`/api${g.photoUrls.front}`);
    assert.equal(signed.status, 302);
    assert.deepEqual(await bytesOf(await fetch(signed.headers.get('location')!)), PNG_1X1);
  },
});
