// The generations API in-process: uploads, charges, limits, idempotency, RLS and downloads. Conversions
// themselves are the worker's (worker/test); here the worker's SQL functions complete rows directly.
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { buildApp, createUser, diskGenerations, PNG_1X1, superuser, test, tokenFor } from './support.ts';

const { storageDir, generations } = await diskGenerations('generation-links-test-secret');
const { app, db } = buildApp({ generations });
const sql = superuser();

globalThis.addEventListener('unload', () => {
  db.close();
  sql.end();
  Deno.removeSync(storageDir, { recursive: true });
});

const PNG = PNG_1X1;

async function userWith(credits: number, opts: { admin?: boolean } = {}) {
  const user = await createUser(sql, opts);
  if (credits > 0) {
    await sql`select public.apply_credit_change(${user.id}, ${credits}, 'purchase', ${`test:${user.id}`})`;
  }
  return { ...user, token: await tokenFor(user, opts) };
}

function form(
  fields: Record<string, string>,
  images: Array<{ bytes: Uint8Array; name?: string; type?: string }>,
) {
  const body = new FormData();
  for (const [k, v] of Object.entries(fields)) body.set(k, v);
  for (const image of images) {
    body.append(
      'image',
      new File([image.bytes as Uint8Array<ArrayBuffer>], image.name ?? 'photo.png', {
        type: image.type ?? 'image/png',
      }),
    );
  }
  return body;
}

function create(token: string | null, body: FormData, headers: Record<string, string> = {}) {
  return app.request('/api/generations', {
    method: 'POST',
    body,
    headers: token ? { authorization: `Bearer ${token}`, ...headers } : headers,
  });
}

const get = (path: string, token?: string) =>
  app.request(`/api${path}`, { headers: token ? { authorization: `Bearer ${token}` } : {} });

async function credits(userId: string) {
  const [row] = await sql`select credits from public.profiles where id = ${userId}`;
  return row.credits as number;
}

async function storedUploads() {
  const names: string[] = [];
  try {
    for await (const entry of Deno.readDir(join(storageDir, 'uploads'))) {
      if (!entry.name.endsWith('.type')) names.push(entry.name);
    }
  } catch (error) {
    if (!(error instanceof Deno.errors.NotFound)) throw error;
  }
  return names;
}

/** Does what the worker does at the end: stores files and completes the row. */
async function completeAsWorker(id: string, withVideo = false, withArPrint = false) {
  const { createDiskStorage } = await import('@lift3d/storage');
  const storage = createDiskStorage(storageDir);
  const short = id.slice(0, 8);
  const outputs: Record<string, { key: string; contentType: string; bytes: number; name: string }> = {};
  const files: Array<[string, string, string]> = [
    ['glb', 'model/gltf-binary', `lift3d-${short}.glb`],
    ['stl', 'model/stl', `lift3d-${short}.stl`],
    ['thumbnail', 'image/webp', `lift3d-${short}-thumbnail.webp`],
  ];
  if (withVideo) files.push(['mp4', 'video/mp4', `lift3d-${short}.mp4`]);
  if (withArPrint) {
    files.push(['usdz', 'model/vnd.usdz+zip', `lift3d-${short}.usdz`]);
    files.push(['3mf', 'model/3mf', `lift3d-${short}.3mf`]);
  }
  for (const [name, contentType, fileName] of files) {
    const key = `generations/${id}/${fileName}`;
    const data = new TextEncoder().encode(`${name} of ${id}`);
    await storage.put(key, data, contentType);
    outputs[name] = { key, contentType, bytes: data.byteLength, name: fileName };
  }
  await sql`select public.generation_start(${id}, 'test-worker', 1)`;
  const [row] =
    await sql`select public.generation_complete(${id}, 'test-worker', ${sql.json(outputs)}) as ok`;
  assert.equal(row.ok, true);
}

test('signed-out callers cannot create generations', async () => {
  const res = await create(null, form({ format: 'glb' }, [{ bytes: PNG }]));
  assert.equal(res.status, 401);
});

test('under 50 credits: 402, nothing charged, the upload is removed', async () => {
  const user = await userWith(40);
  const before = await storedUploads();
  const res = await create(user.token, form({ format: 'glb' }, [{ bytes: PNG }]));
  assert.equal(res.status, 402);
  assert.match((await res.json()).error, /Not enough credits/);
  assert.equal(await credits(user.id), 40);
  assert.deepEqual((await storedUploads()).sort(), before.sort());
});

test('a generation costs 50 credits once, is queued, and stores the upload under a random key', async () => {
  const user = await userWith(120);
  const res = await create(
    user.token,
    form({ format: 'obj', topology: 'high', kind: 'model' }, [{ bytes: PNG, name: 'My Secret Holiday.png' }]),
  );
  assert.equal(res.status, 202);
  const { generation } = await res.json();
  assert.equal(generation.status, 'queued');
  assert.equal(generation.format, 'obj');
  assert.equal(generation.topology, 'high');
  assert.equal(generation.kind, 'model');
  assert.equal(generation.cost, 50);
  assert.equal(generation.progress, 0);
  assert.equal(generation.completedAt, null);
  assert.equal(await credits(user.id), 70);
  const [row] = await sql`select input_key, input_type from public.generations where id = ${generation.id}`;
  assert.match(row.input_key, /^uploads\/[0-9a-f-]{36}\.png$/);
  assert.equal(row.input_type, 'image/png');
  assert.doesNotMatch(row.input_key, /Secret|Holiday/);
  const stored = await Deno.readFile(join(storageDir, row.input_key));
  assert.deepEqual(stored, PNG);
  const ledger =
    await sql`select delta, reference from public.credit_ledger where user_id = ${user.id} and reason = 'generation'`;
  assert.deepEqual(
    ledger.map((r) => [r.delta, r.reference]),
    [[-50, `generation:${generation.id}`]],
  );
});

test('format is optional: without one the conversion offers GLB first, and is made and charged alike', async () => {
  const user = await userWith(60);
  const res = await create(user.token, form({}, [{ bytes: PNG }]));
  assert.equal(res.status, 202);
  const { generation } = await res.json();
  assert.equal(generation.format, 'glb');
  assert.equal(generation.topology, 'low');
  assert.equal(generation.kind, 'model');
  assert.equal(await credits(user.id), 10);
});

test('the same Idempotency-Key is one generation and one charge (double click)', async () => {
  const user = await userWith(200);
  const before = await storedUploads();
  const send = () =>
    create(user.token, form({ format: 'glb' }, [{ bytes: PNG }]), { 'idempotency-key': 'click-1' });
  const [a, b] = await Promise.all([send(), send()]);
  const c = await send();
  const ids = await Promise.all(
    [a, b, c].map(async (r) => {
      assert.equal(r.status, 202);
      return (await r.json()).generation.id;
    }),
  );
  assert.equal(new Set(ids).size, 1);
  assert.equal(await credits(user.id), 150);
  const [count] = await sql`select count(*)::int as n from public.generations where user_id = ${user.id}`;
  assert.equal(count.n, 1);
  assert.equal((await storedUploads()).length, before.length + 1, 'the duplicate uploads were removed');
});

test('over the in-flight limit: 429 with the limit in the message, nothing charged', async () => {
  const user = await userWith(500);
  for (let i = 0; i < 3; i++) {
    assert.equal((await create(user.token, form({ format: 'glb' }, [{ bytes: PNG }]))).status, 202);
  }
  const res = await create(user.token, form({ format: 'glb' }, [{ bytes: PNG }]));
  assert.equal(res.status, 429);
  assert.equal(
    (await res.json()).error,
    'You already have 3 conversions running. Please wait for one to finish.',
  );
  assert.equal(await credits(user.id), 350);
});

test('bad uploads get clear 400/413 messages before anything is charged', async () => {
  const user = await userWith(100);
  const cases: Array<[FormData | string, number, RegExp]> = [
    [
      form({ format: 'glb' }, [
        { bytes: new TextEncoder().encode('hello, not an image'), name: 'notes.png' },
      ]),
      400,
      /"notes.png" is not an image we can convert/,
    ],
    [form({ format: 'glb' }, [{ bytes: new Uint8Array(0) }]), 400, /is empty/],
    [form({ format: 'dae' }, [{ bytes: PNG }]), 400, /format must be one of glb, gltf, obj, fbx, stl/],
    [form({ format: 'glb', topology: 'ultra' }, [{ bytes: PNG }]), 400, /topology must be low or high/],
    [form({ format: 'glb' }, []), 400, /Please upload an image/],
    [
      form({ format: 'glb' }, [{ bytes: new Uint8Array(70 * 1024).fill(0x89), name: 'huge.png' }]),
      413,
      /"huge.png" is larger than/,
    ],
    [
      form(
        { format: 'glb' },
        Array.from({ length: 4 }, () => ({ bytes: new Uint8Array(60 * 1024) })),
      ),
      413,
      /upload is larger than/,
    ],
    ['{"format":"glb"}', 400, /multipart\/form-data/],
  ];
  for (const [body, status, message] of cases) {
    const res =
      typeof body === 'string'
        ? await app.request('/api/generations', {
            method: 'POST',
            body,
            headers: { authorization: `Bearer ${user.token}`, 'content-type': 'application/json' },
          })
        : await create(user.token, body);
    assert.equal(res.status, status, String(message));
    assert.match((await res.json()).error, message);
  }
  assert.equal(await credits(user.id), 100);
});

test('SVG and JPEG are recognised by their content', async () => {
  const user = await userWith(100);
  const svg = new TextEncoder().encode(
    '<?xml version="1.0"?>\n<svg xmlns="http://www.w3.org/2000/svg" width="4" height="4"/>',
  );
  const res = await create(
    user.token,
    form({ format: 'stl' }, [{ bytes: svg, name: 'logo.svg', type: 'image/svg+xml' }]),
  );
  assert.equal(res.status, 202);
  const [row] =
    await sql`select input_key, input_type from public.generations where id = ${(await res.json()).generation.id}`;
  assert.equal(row.input_type, 'image/svg+xml');
  assert.match(row.input_key, /\.svg$/);
});

test('another user can neither see nor download a generation; an admin can', async () => {
  const owner = await userWith(100);
  const other = await userWith(100);
  const admin = await userWith(0, { admin: true });
  const { generation } = await (await create(owner.token, form({ format: 'glb' }, [{ bytes: PNG }]))).json();
  await completeAsWorker(generation.id);

  assert.equal((await get(`/generations/${generation.id}`, owner.token)).status, 200);
  assert.equal((await get(`/generations/${generation.id}`, other.token)).status, 404);
  assert.equal((await get(`/generations/${generation.id}/download?format=glb`, other.token)).status, 404);
  assert.equal((await get(`/generations/${generation.id}/thumbnail`, other.token)).status, 404);
  assert.deepEqual((await (await get('/generations', other.token)).json()).generations, []);
  assert.equal((await get(`/generations/${generation.id}/download?format=glb`)).status, 401);
  const asAdmin = await get(`/generations/${generation.id}/download?format=glb`, admin.token);
  assert.equal(asAdmin.status, 200);
  assert.equal(await asAdmin.text(), `glb of ${generation.id}`);
});

test('USDZ and 3MF: owner and admin download them at no charge; older models get a clear 404', async () => {
  const owner = await userWith(100);
  const other = await userWith(100);
  const admin = await userWith(0, { admin: true });
  const { generation } = await (await create(owner.token, form({ format: 'stl' }, [{ bytes: PNG }]))).json();
  await completeAsWorker(generation.id, false, true);
  const balance = await credits(owner.id);
  for (const [format, type] of [
    ['usdz', 'model/vnd.usdz+zip'],
    ['3mf', 'model/3mf'],
  ]) {
    for (const token of [owner.token, admin.token]) {
      const res = await get(`/generations/${generation.id}/download?format=${format}`, token);
      assert.equal(res.status, 200, format);
      assert.equal(res.headers.get('content-type'), type);
      // Named after the uploaded image (photo.png), not the id (download-names.test.ts has the rules).
      assert.equal(
        res.headers.get('content-disposition'),
        `attachment; filename="photo.${format}"; filename*=UTF-8''photo.${format}`,
      );
      assert.equal(await res.text(), `${format} of ${generation.id}`);
    }
    const foreign = await get(`/generations/${generation.id}/download?format=${format}`, other.token);
    assert.equal(foreign.status, 404);
    await foreign.body?.cancel();
  }
  assert.equal(await credits(owner.id), balance, 'downloads cost nothing');
  const { generation: shown } = await (await get(`/generations/${generation.id}`, owner.token)).json();
  assert.deepEqual(shown.files, ['glb', 'stl', 'usdz', '3mf']);
  const viaLink = await get(`${shown.downloadUrl}usdz`);
  assert.equal(await viaLink.text(), `usdz of ${generation.id}`);

  // A model converted before these formats existed keeps its other files and says why these are missing.
  const { generation: old } = await (
    await create(owner.token, form({ format: 'glb' }, [{ bytes: PNG }]))
  ).json();
  await completeAsWorker(old.id);
  for (const format of ['usdz', '3mf']) {
    const res = await get(`/generations/${old.id}/download?format=${format}`, owner.token);
    assert.equal(res.status, 404);
    assert.match(
      (await res.json()).error,
      new RegExp(`made before ${format.toUpperCase()} downloads existed`),
    );
  }
});

test('downloads: right bytes, type and file name; signed links; clear errors', async () => {
  const owner = await userWith(100);
  const { generation } = await (
    await create(owner.token, form({ format: 'glb', kind: 'video' }, [{ bytes: PNG }]))
  ).json();
  const early = await get(`/generations/${generation.id}/download?format=glb`, owner.token);
  assert.equal(early.status, 409);
  assert.match((await early.json()).error, /not finished yet/);

  await completeAsWorker(generation.id, true);
  const glb = await get(`/generations/${generation.id}/download?format=glb`, owner.token);
  assert.equal(glb.status, 200);
  assert.equal(glb.headers.get('content-type'), 'model/gltf-binary');
  assert.equal(
    glb.headers.get('content-disposition'),
    `attachment; filename="photo.glb"; filename*=UTF-8''photo.glb`,
  );
  assert.equal(await glb.text(), `glb of ${generation.id}`);
  const mp4 = await get(`/generations/${generation.id}/download?format=MP4`, owner.token);
  assert.equal(mp4.headers.get('content-type'), 'video/mp4');
  assert.equal(mp4.headers.get('accept-ranges'), 'bytes');
  await mp4.body?.cancel();
  // Byte ranges, as <video> asks for them.
  const whole = `mp4 of ${generation.id}`;
  const part = await app.request(`/api/generations/${generation.id}/download?format=mp4`, {
    headers: { authorization: `Bearer ${owner.token}`, range: 'bytes=4-9' },
  });
  assert.equal(part.status, 206);
  assert.equal(part.headers.get('content-range'), `bytes 4-9/${whole.length}`);
  assert.equal(await part.text(), whole.slice(4, 10));
  const tail = await app.request(`/api/generations/${generation.id}/download?format=mp4`, {
    headers: { authorization: `Bearer ${owner.token}`, range: 'bytes=-5' },
  });
  assert.equal(await tail.text(), whole.slice(-5));
  const beyond = await app.request(`/api/generations/${generation.id}/download?format=mp4`, {
    headers: { authorization: `Bearer ${owner.token}`, range: 'bytes=9999-' },
  });
  assert.equal(beyond.status, 416);
  await beyond.body?.cancel();

  const bad = await get(`/generations/${generation.id}/download?format=blend`, owner.token);
  assert.equal(bad.status, 400);
  assert.match((await bad.json()).error, /format must be one of glb, gltf, obj, fbx, stl, usdz, 3mf, mp4/);
  const missing = await get(`/generations/${generation.id}/download?format=fbx`, owner.token);
  assert.equal(missing.status, 404);
  await missing.body?.cancel();
  assert.equal((await get('/generations/not-a-uuid', owner.token)).status, 404);

  const { generation: fresh } = await (await get(`/generations/${generation.id}`, owner.token)).json();
  assert.equal(fresh.status, 'completed');
  assert.deepEqual(fresh.files, ['glb', 'stl', 'mp4']);
  assert.match(
    fresh.thumbnailUrl,
    new RegExp(`^/generations/${generation.id}/thumbnail\\?expires=\\d+&signature=[0-9a-f]{32}$`),
  );
  // Signed links work without a token (img/video/a), and only unaltered.
  const thumb = await get(fresh.thumbnailUrl);
  assert.equal(thumb.status, 200);
  assert.equal(thumb.headers.get('content-type'), 'image/webp');
  assert.match(thumb.headers.get('content-disposition') ?? '', /^inline/);
  await thumb.body?.cancel();
  const video = await get(fresh.videoUrl);
  assert.equal(video.status, 200);
  await video.body?.cancel();
  const viaLink = await get(`${fresh.downloadUrl}stl`);
  assert.equal(await viaLink.text(), `stl of ${generation.id}`);
  const tampered = await get(
    fresh.thumbnailUrl.replace(
      /signature=(.)/,
      (_: string, ch: string) => `signature=${ch === 'a' ? 'b' : 'a'}`,
    ),
  );
  assert.equal(tampered.status, 403);
  await tampered.body?.cancel();
  const other = await userWith(0);
  const { generation: otherGen } = { generation: { id: crypto.randomUUID() } };
  const foreign = await get(fresh.thumbnailUrl.replace(generation.id, otherGen.id), other.token);
  assert.equal(foreign.status, 403, 'a link signed for one generation does not open another');
  await foreign.body?.cancel();
});

test('batch: several images make one generation each; the total is checked up front', async () => {
  const user = await userWith(120);
  const three = form({ format: 'glb' }, [{ bytes: PNG }, { bytes: PNG }, { bytes: PNG }]);
  const refused = await create(user.token, three);
  assert.equal(refused.status, 402);
  assert.equal(
    (await refused.json()).error,
    'Not enough credits: these 3 images need 150 credits and you have 120.',
  );
  assert.equal(await credits(user.id), 120);

  const res = await create(user.token, form({ format: 'fbx' }, [{ bytes: PNG }, { bytes: PNG }]), {
    'idempotency-key': 'batch-1',
  });
  assert.equal(res.status, 202);
  const { generations: made } = await res.json();
  assert.equal(made.length, 2);
  assert.notEqual(made[0].id, made[1].id);
  assert.equal(await credits(user.id), 20);
  const again = await create(user.token, form({ format: 'fbx' }, [{ bytes: PNG }, { bytes: PNG }]), {
    'idempotency-key': 'batch-1',
  });
  assert.deepEqual(
    (await again.json()).generations.map((g: { id: string }) => g.id),
    made.map((g: { id: string }) => g.id),
  );
  assert.equal(await credits(user.id), 20);
});

test('history: list mine newest first; delete only when finished, files removed', async () => {
  const user = await userWith(100);
  const { generation: first } = await (
    await create(user.token, form({ format: 'glb' }, [{ bytes: PNG }]))
  ).json();
  const { generation: second } = await (
    await create(user.token, form({ format: 'stl' }, [{ bytes: PNG }]))
  ).json();
  const list = await (await get('/generations', user.token)).json();
  assert.deepEqual(
    list.generations.map((g: { id: string }) => g.id),
    [second.id, first.id],
  );

  const running = await app.request(`/api/generations/${first.id}`, {
    method: 'DELETE',
    headers: { authorization: `Bearer ${user.token}` },
  });
  assert.equal(running.status, 409);
  await running.body?.cancel();

  await completeAsWorker(first.id);
  const [row] = await sql`select input_key from public.generations where id = ${first.id}`;
  const res = await app.request(`/api/generations/${first.id}`, {
    method: 'DELETE',
    headers: { authorization: `Bearer ${user.token}` },
  });
  assert.equal(res.status, 204);
  assert.equal((await get(`/generations/${first.id}`, user.token)).status, 404);
  await assert.rejects(Deno.stat(join(storageDir, row.input_key)), Deno.errors.NotFound);
  await assert.rejects(
    Deno.stat(join(storageDir, `generations/${first.id}/lift3d-${first.id.slice(0, 8)}.glb`)),
    Deno.errors.NotFound,
  );
  assert.equal((await (await get('/generations', user.token)).json()).generations.length, 1);
});
