// The turntable video of an existing model through the browser api and /api/v1: only the owner asks for it,
// it is free, asking twice is one video, its states (rendering, ready, failed with the reason) show on every
// answer, and the MP4 downloads once ready; the answers match the OpenAPI document's Turntable schema.
import assert from 'node:assert/strict';
import { createDiskStorage } from '@lift3d/storage';
import { buildApp, createUser, diskGenerations, PNG_1X1, superuser, test, tokenFor } from './support.ts';
import { keyedUser, ledgerRows, uploadForm, v1 } from './v1-support.ts';

const { storageDir, generations } = await diskGenerations('model-video-test-secret');
const { app, db } = buildApp({ generations });
const sql = superuser();
globalThis.addEventListener('unload', () => {
  db.close();
  sql.end();
  Deno.removeSync(storageDir, { recursive: true });
});

async function credits(userId: string) {
  const [row] = await sql`select credits from public.profiles where id = ${userId}`;
  return row.credits as number;
}

/** A finished model without a video: its GLB stored, as the worker completes a 3D Model. */
async function finishedModel(key: string) {
  const res = await v1(app, key, '/generations', { method: 'POST', body: uploadForm(PNG_1X1) });
  assert.equal(res.status, 202);
  const { generation } = await res.json();
  const storage = createDiskStorage(storageDir);
  const glbKey = `generations/${generation.id}/m.glb`;
  await storage.put(glbKey, new TextEncoder().encode('glb'), 'model/gltf-binary');
  const outputs = { glb: { key: glbKey, contentType: 'model/gltf-binary', bytes: 3, name: 'm.glb' } };
  await sql`select public.generation_start(${generation.id}, 'test-worker', 1)`;
  await sql`select public.generation_complete(${generation.id}, 'test-worker', ${sql.json(outputs)})`;
  return generation.id as string;
}

const browser = (token: string, path: string, init: RequestInit = {}) =>
  app.request(`/api${path}`, {
    ...init,
    headers: { authorization: `Bearer ${token}`, ...(init.headers ?? {}) },
  });

test('v1: the owner asks for the video of a finished model; free, once, rendering then ready with its MP4', async () => {
  const user = await keyedUser(app, sql, 50);
  const id = await finishedModel(user.key);
  const balance = await credits(user.id);
  const ledger = await ledgerRows(sql, user.id);

  const before = await (await v1(app, user.key, `/generations/${id}`)).json();
  assert.equal(before.generation.turntable, null, 'no video until asked');

  const res = await v1(app, user.key, `/generations/${id}/video`, { method: 'POST' });
  assert.equal(res.status, 202);
  const { generation } = await res.json();
  assert.deepEqual(generation.turntable, { status: 'rendering', progress: 0, error: null });
  assert.equal(generation.downloads.mp4, undefined);
  // Again: the same video, still free.
  const again = await v1(app, user.key, `/generations/${id}/video`, { method: 'POST' });
  assert.equal((await again.json()).generation.turntable.status, 'rendering');
  assert.equal(await credits(user.id), balance);
  assert.equal(await ledgerRows(sql, user.id), ledger);

  // The worker renders it.
  await sql`select public.model_video_start(${id}, 'test-worker', 1)`;
  await sql`select public.model_video_progress(${id}, 'test-worker', 0.4)`;
  const halfway = await (await v1(app, user.key, `/generations/${id}`)).json();
  assert.equal(halfway.generation.turntable.status, 'rendering');
  assert.ok(Math.abs(halfway.generation.turntable.progress - 0.4) < 1e-6);
  const storage = createDiskStorage(storageDir);
  const mp4Key = `generations/${id}/m.mp4`;
  await storage.put(mp4Key, new TextEncoder().encode('mp4 bytes'), 'video/mp4');
  await sql`select public.model_video_complete(${id}, 'test-worker', ${sql.json({ key: mp4Key, contentType: 'video/mp4', bytes: 9, name: 'm.mp4' })})`;

  const ready = await (await v1(app, user.key, `/generations/${id}`)).json();
  assert.deepEqual(ready.generation.turntable, { status: 'ready', progress: 1, error: null });
  // The link is absolute to the request's origin: fetched through the app.
  const link = new URL(ready.generation.downloads.mp4);
  const download = await app.request(`${link.pathname}${link.search}`);
  assert.equal(download.status, 200);
  assert.equal(await download.text(), 'mp4 bytes');
  assert.equal(await credits(user.id), balance);
});

test('v1: nobody else asks for it, and a model still converting has none yet', async () => {
  const owner = await keyedUser(app, sql, 100);
  const other = await keyedUser(app, sql, 0);
  const id = await finishedModel(owner.key);
  const theirs = await v1(app, other.key, `/generations/${id}/video`, { method: 'POST' });
  assert.equal(theirs.status, 404);
  assert.equal((await theirs.json()).error.code, 'not_found');
  assert.equal(
    (await sql`select count(*)::int as n from public.model_videos where generation_id = ${id}`)[0].n,
    0,
  );

  const running = await v1(app, owner.key, '/generations', { method: 'POST', body: uploadForm(PNG_1X1) });
  const { generation } = await running.json();
  const early = await v1(app, owner.key, `/generations/${generation.id}/video`, { method: 'POST' });
  assert.equal(early.status, 409);
  assert.match((await early.json()).error.message, /has not finished yet/);
  // Not an id at all: the same 404 as every other route of a conversion.
  const bad = await v1(app, owner.key, '/generations/not-a-uuid/video', { method: 'POST' });
  assert.equal(bad.status, 404);
});

test('browser api: the studio asks as the owner; a failure is shown with its reason and may be asked again', async () => {
  const owner = await keyedUser(app, sql, 50);
  const id = await finishedModel(owner.key);
  const stranger = await createUser(sql);
  const strangerToken = await tokenFor(stranger);
  assert.equal((await browser(strangerToken, `/generations/${id}/video`, { method: 'POST' })).status, 404);

  const res = await browser(owner.token, `/generations/${id}/video`, { method: 'POST' });
  assert.equal(res.status, 202);
  assert.equal((await res.json()).generation.video.status, 'rendering');
  await sql`select public.model_video_start(${id}, 'test-worker', 1)`;
  await sql`select public.model_video_fail(${id}, 'test-worker', 'The video could not be made on our side. Nothing was charged. Please try again.')`;
  const failed = await (await browser(owner.token, `/generations/${id}`)).json();
  assert.deepEqual(failed.generation.video, {
    status: 'failed',
    progress: 0,
    error: 'The video could not be made on our side. Nothing was charged. Please try again.',
  });
  assert.equal(failed.generation.videoUrl, null);
  const retry = await browser(owner.token, `/generations/${id}/video`, { method: 'POST' });
  assert.equal((await retry.json()).generation.video.status, 'rendering');
  // The list answers it too (My models).
  const list = await (await browser(owner.token, '/generations')).json();
  assert.equal(list.generations.find((g: { id: string }) => g.id === id).video.status, 'rendering');
});

test('the OpenAPI document describes the operation and the Turntable schema', async () => {
  const doc = await (await app.request('/api/v1/openapi.json')).json();
  const op = doc.paths['/v1/generations/{id}/video'].post;
  assert.equal(op.operationId, 'createTurntable');
  assert.deepEqual(Object.keys(op.responses).sort(), ['202', '401', '404', '409', '429']);
  assert.deepEqual(doc.components.schemas.Turntable.properties.status.enum, ['rendering', 'ready', 'failed']);
  assert.ok(doc.components.schemas.Generation.required.includes('turntable'));
});
