// Downloads are named after the uploaded image (chair.png → chair.glb), for the owner's token and for the
// signed links alike, paid and free: the name is cleaned when the image arrives, a replay keeps the first
// one, and a name with nothing usable left keeps the id-based name.
import assert from 'node:assert/strict';
import { contentDisposition, downloadName, inputStem } from '../generations/download-name.ts';
import { buildApp, createUser, diskGenerations, PNG_1X1, superuser, test, tokenFor } from './support.ts';

const { storageDir, generations } = await diskGenerations('download-names-test-secret');
const { app, db } = buildApp({ generations });
const sql = superuser();

globalThis.addEventListener('unload', () => {
  db.close();
  sql.end();
  Deno.removeSync(storageDir, { recursive: true });
});

async function userWith(credits: number) {
  const user = await createUser(sql);
  if (credits > 0) {
    await sql`select public.apply_credit_change(${user.id}, ${credits}, 'purchase', ${`test:${user.id}`})`;
  }
  return { ...user, token: await tokenFor(user) };
}

function upload(
  token: string,
  fileName: string,
  path = '/api/generations',
  headers: Record<string, string> = {},
) {
  const body = new FormData();
  body.set('format', 'glb');
  body.append('image', new File([PNG_1X1 as Uint8Array<ArrayBuffer>], fileName, { type: 'image/png' }));
  return app.request(path, {
    method: 'POST',
    body,
    headers: { authorization: `Bearer ${token}`, ...headers },
  });
}

/** The worker's end of a job: files under the id-based names it gives them, then completion. */
async function complete(id: string) {
  const { createDiskStorage } = await import('@lift3d/storage');
  const storage = createDiskStorage(storageDir);
  const short = id.slice(0, 8);
  const outputs: Record<string, { key: string; contentType: string; bytes: number; name: string }> = {};
  for (const [role, contentType, name] of [
    ['glb', 'model/gltf-binary', `lift3d-${short}.glb`],
    ['poster', 'image/webp', `lift3d-${short}-poster.webp`],
  ]) {
    const key = `generations/${id}/${name}`;
    const data = new TextEncoder().encode(`${role} of ${id}`);
    await storage.put(key, data, contentType);
    outputs[role] = { key, contentType, bytes: data.byteLength, name };
  }
  await sql`select public.generation_start(${id}, 'test-worker', 1)`;
  await sql`select public.generation_complete(${id}, 'test-worker', ${sql.json(outputs)})`;
}

const disposition = async (path: string, token?: string) => {
  const res = await app.request(`/api${path}`, {
    headers: token ? { authorization: `Bearer ${token}` } : {},
  });
  assert.equal(res.status, 200, path);
  await res.body?.cancel();
  return res.headers.get('content-disposition');
};

test('inputStem: folders, extension, unsafe characters and blank names', async () => {
  assert.equal(inputStem('chair.png'), 'chair');
  assert.equal(inputStem('C:\\Users\\ada\\My Chair.final.JPG'), 'My Chair.final');
  assert.equal(inputStem('../../etc/passwd.png'), 'passwd');
  assert.equal(inputStem('a"b*c:d<e>f?g|h.png'), 'abcdefgh');
  assert.equal(inputStem('  tabs\tand\nlines  .png'), 'tabs and lines');
  assert.equal(inputStem('.hidden.png'), 'hidden');
  assert.equal(inputStem('Stuhl ä.png'), 'Stuhl ä');
  assert.equal(inputStem('....png'), null);
  assert.equal(inputStem('"?*.png'), null);
  assert.equal(inputStem(''), null);
  assert.equal(inputStem(`${'x'.repeat(200)}.png`)?.length, 80);
});

test('downloadName and contentDisposition', async () => {
  const id = '1a2b3c4d-0000-4000-8000-000000000000';
  assert.equal(downloadName('lift3d-1a2b3c4d.glb', id, 'chair'), 'chair.glb');
  assert.equal(downloadName('lift3d-1a2b3c4d-poster.webp', id, 'chair'), 'chair-poster.webp');
  assert.equal(downloadName('lift3d-1a2b3c4d.glb', id, null), 'lift3d-1a2b3c4d.glb');
  assert.equal(
    contentDisposition('attachment', 'chair.glb'),
    `attachment; filename="chair.glb"; filename*=UTF-8''chair.glb`,
  );
  assert.equal(
    contentDisposition('attachment', 'Stuhl ä (2).glb'),
    `attachment; filename="Stuhl a (2).glb"; filename*=UTF-8''Stuhl%20%C3%A4%20%282%29.glb`,
  );
  assert.equal(
    contentDisposition('inline', '椅子.glb'),
    `inline; filename="model.glb"; filename*=UTF-8''%E6%A4%85%E5%AD%90.glb`,
  );
});

test('a paid conversion downloads as chair.glb, by token and by signed link; the poster as chair-poster', async () => {
  const owner = await userWith(100);
  const res = await upload(owner.token, 'chair.png');
  assert.equal(res.status, 202);
  const { generation } = await res.json();
  await complete(generation.id);
  const expected = `attachment; filename="chair.glb"; filename*=UTF-8''chair.glb`;
  assert.equal(await disposition(`/generations/${generation.id}/download?format=glb`, owner.token), expected);
  const { generation: shown } = await (
    await app.request(`/api/generations/${generation.id}`, {
      headers: { authorization: `Bearer ${owner.token}` },
    })
  ).json();
  assert.equal(await disposition(`${shown.downloadUrl}glb`), expected);
  assert.equal(
    await disposition(`/generations/${generation.id}/poster`, owner.token),
    `inline; filename="chair-poster.webp"; filename*=UTF-8''chair-poster.webp`,
  );
  // My models lists it with the same links: the same name.
  const { generations: list } = await (
    await app.request('/api/generations', { headers: { authorization: `Bearer ${owner.token}` } })
  ).json();
  assert.equal(await disposition(`${list[0].downloadUrl}glb`), expected);
});

test('a replay with another file name keeps the first name; an unusable name keeps the id', async () => {
  const owner = await userWith(200);
  const first = await (await upload(owner.token, 'vase.png', undefined, { 'idempotency-key': 'n-1' })).json();
  const again = await upload(owner.token, 'renamed.png', undefined, { 'idempotency-key': 'n-1' });
  assert.equal((await again.json()).generation.id, first.generation.id);
  const [row] = await sql`select input_name from public.generations where id = ${first.generation.id}`;
  assert.equal(row.input_name, 'vase');

  const { generation } = await (await upload(owner.token, '???.png')).json();
  await complete(generation.id);
  const short = generation.id.slice(0, 8);
  assert.equal(
    await disposition(`/generations/${generation.id}/download?format=glb`, owner.token),
    `attachment; filename="lift3d-${short}.glb"; filename*=UTF-8''lift3d-${short}.glb`,
  );
});

test('a free conversion is named after its image too', async () => {
  const user = await createUser(sql);
  const token = await tokenFor(user);
  const res = await upload(token, 'teapot.png', '/api/generations/free', {
    'x-forwarded-for': '203.0.113.77',
  });
  assert.equal(res.status, 202);
  const { generation } = await res.json();
  await complete(generation.id);
  assert.equal(
    await disposition(`/generations/${generation.id}/download?format=glb`, token),
    `attachment; filename="teapot.glb"; filename*=UTF-8''teapot.glb`,
  );
});
