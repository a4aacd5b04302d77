// Share links through the api in-process: the owner's switch, the public answer (signed out), its files,
// revoking (404 at once, the same body as an unknown link), re-sharing (a new slug) and the HTML head.
import assert from 'node:assert/strict';
import { createDiskStorage } from '@lift3d/storage';
import { buildApp, createUser, diskGenerations, superuser, test, tokenFor } from './support.ts';

const { storageDir, generations } = await diskGenerations('share-links-test-secret');
// A stand-in static host for the SPA's index.html (the page endpoint fetches it from SITE_URL).
const INDEX = `<!doctype html><html><head><title>Lift3D — Turn any image into a 3D model</title>
<meta name="description" content="site description" />
<meta property="og:title" content="Lift3D — Turn any image into a 3D model" />
<meta property="og:type" content="website" />
</head><body><div id="root"></div></body></html>`;
// A build with prerendered pages also has share.html, the share page's shell; index.html is then the landing.
const SHARE_SHELL = INDEX.replace(
  '<div id="root"></div>',
  '<div id="root" data-prerendered="/m/x">share shell</div>',
);
let prerendered = false;
const site = Deno.serve({ hostname: '127.0.0.1', port: 0, onListen() {} }, (req) => {
  const path = new URL(req.url).pathname;
  const html = (body: string) => new Response(body, { headers: { 'content-type': 'text/html' } });
  if (path === '/share.html' && prerendered) return html(SHARE_SHELL);
  if (path === '/index.html')
    return html(prerendered ? INDEX.replace('<div id="root"></div>', 'landing') : INDEX);
  return new Response('no', { status: 404 });
});
const siteUrl = `http://127.0.0.1:${site.addr.port}`;
const apiUrl = 'https://api.example.test/api';
const { app, db } = buildApp({ generations, share: { siteUrl, apiUrl } });
const sql = superuser();
const storage = createDiskStorage(storageDir);

globalThis.addEventListener('unload', () => {
  db.close();
  sql.end();
  void site.shutdown();
  Deno.removeSync(storageDir, { recursive: true });
});

const OWNER_NAME = 'Shareowner Quincey';
// A balance no random slug, signature or expiry time can contain by chance (a short one like 777 can).
const OWNER_CREDITS = 9_182_736;

async function owner() {
  const user = await createUser(sql, { name: OWNER_NAME });
  await sql`select public.apply_credit_change(${user.id}, ${OWNER_CREDITS}, 'purchase', ${`test:${user.id}`})`;
  return { ...user, token: await tokenFor(user) };
}

/** A finished 3D Preview of `userId` with every file a conversion stores. */
async function completedGeneration(userId: string, status: 'completed' | 'processing' = 'completed') {
  const [row] = await sql`insert into public.generations (user_id, kind, format, topology, cost, input_key)
                          values (${userId}, 'video', 'glb', 'low', 50, 'uploads/x.png') returning id`;
  const id = row.id as string;
  await sql`select public.generation_start(${id}, 'test-worker', 1)`;
  if (status === 'processing') return id;
  const outputs: Record<string, { key: string; contentType: string; bytes: number; name: string }> = {};
  for (const [name, contentType] of [
    ['glb', 'model/gltf-binary'],
    ['stl', 'model/stl'],
    ['usdz', 'model/vnd.usdz+zip'],
    ['3mf', 'model/3mf'],
    ['mp4', 'video/mp4'],
    ['poster', 'image/webp'],
  ]) {
    const key = `generations/${id}/file.${name}`;
    const data = new TextEncoder().encode(`${name} bytes`);
    await storage.put(key, data, contentType);
    outputs[name] = { key, contentType, bytes: data.byteLength, name: `lift3d-model.${name}` };
  }
  await sql`select public.generation_complete(${id}, 'test-worker', ${sql.json(outputs)})`;
  return id;
}

function call(method: string, path: string, token?: string | null, body?: unknown) {
  const headers: Record<string, string> = {};
  if (token) headers.authorization = `Bearer ${token}`;
  if (body !== undefined) headers['content-type'] = 'application/json';
  return app.request(`/api${path}`, {
    method,
    headers,
    body: body === undefined ? undefined : JSON.stringify(body),
  });
}

async function share(token: string, id: string, body: unknown = {}) {
  const res = await call('POST', `/generations/${id}/share`, token, body);
  assert.equal(res.status, 200, await res.clone().text());
  return (await res.json()).share as { slug: string; path: string; allowDownloads: boolean };
}

test('the owner shares a model; signed out, the answer has the page data and nothing of the account', async () => {
  const user = await owner();
  const id = await completedGeneration(user.id);
  const shared = await share(user.token, id);
  assert.match(shared.slug, /^[A-Za-z0-9_-]{24}$/);
  assert.equal(shared.path, `/m/${shared.slug}`);
  assert.equal(shared.allowDownloads, false);
  // The same live link again, and the owner reads it back.
  assert.equal((await share(user.token, id)).slug, shared.slug);
  const mine = await (await call('GET', `/generations/${id}/share`, user.token)).json();
  assert.equal(mine.share.slug, shared.slug);

  const res = await call('GET', `/share/${shared.slug}`);
  assert.equal(res.status, 200);
  assert.equal(res.headers.get('cache-control'), 'no-store');
  const text = await res.text();
  const { model } = JSON.parse(text);
  assert.deepEqual(Object.keys(model).sort(), [
    'allowDownloads',
    'downloads',
    'fileUrl',
    'files',
    'kind',
    'modelUrl',
    'posterUrl',
    'sharedAt',
    'slug',
    'topology',
    'videoUrl',
  ]);
  assert.equal(model.kind, 'video');
  assert.deepEqual(model.files, ['glb', 'usdz', 'mp4']);
  assert.deepEqual(model.downloads, []);
  assert.equal(model.posterUrl, `/share/${shared.slug}/poster`);
  for (const secret of [
    user.id,
    user.email,
    OWNER_NAME,
    id,
    String(OWNER_CREDITS),
    'uploads/',
    'generations/',
  ]) {
    assert.equal(text.includes(secret), false, `the answer must not contain ${secret}`);
  }

  // The viewer's GLB, the AR USDZ and the video open without a token; the poster has a stable link.
  for (const [format, body] of [
    ['glb', 'glb bytes'],
    ['usdz', 'usdz bytes'],
    ['mp4', 'mp4 bytes'],
  ]) {
    const file = await call('GET', `${model.fileUrl}${format}`);
    assert.equal(file.status, 200, format);
    assert.equal(await file.text(), body);
  }
  const part = await app.request(`/api${model.videoUrl}`, { headers: { range: 'bytes=0-2' } });
  assert.equal(part.status, 206);
  assert.equal(await part.text(), 'mp4');
  const poster = await call('GET', model.posterUrl);
  assert.equal(poster.status, 200);
  assert.equal(poster.headers.get('content-type'), 'image/webp');
  assert.equal(await poster.text(), 'poster bytes');
});

test('downloads only while the owner allows them; links cannot be forged', async () => {
  const user = await owner();
  const id = await completedGeneration(user.id);
  const { slug } = await share(user.token, id);
  const before = (await (await call('GET', `/share/${slug}`)).json()).model;
  const stl = await call('GET', `${before.fileUrl}stl`);
  assert.equal(stl.status, 404);
  assert.equal((await stl.json()).error, 'The owner does not allow downloads.');

  const on = await call('PATCH', `/generations/${id}/share`, user.token, { allowDownloads: true });
  assert.equal((await on.json()).share.allowDownloads, true);
  const after = (await (await call('GET', `/share/${slug}`)).json()).model;
  assert.deepEqual(after.downloads, ['glb', 'stl', 'usdz', '3mf', 'mp4']);
  // The link handed out before the switch works now: every request reads the share again.
  const now = await call('GET', `${before.fileUrl}stl`);
  assert.equal(now.status, 200);
  assert.match(
    now.headers.get('content-disposition') ?? '',
    /^attachment; filename="lift3d-model\.stl"; filename\*=UTF-8''lift3d-model\.stl$/,
  );

  const off = await call('PATCH', `/generations/${id}/share`, user.token, { allowDownloads: false });
  assert.equal((await off.json()).share.allowDownloads, false);
  assert.equal((await call('GET', `${after.fileUrl}3mf`)).status, 404);

  const forged = before.fileUrl.replace(/signature=[0-9a-f]+/, `signature=${'0'.repeat(32)}`);
  assert.equal((await call('GET', `${forged}glb`)).status, 403);
  // A signature of one share does not open another.
  const other = await share(user.token, await completedGeneration(user.id));
  assert.equal((await call('GET', `${before.fileUrl.replace(slug, other.slug)}glb`)).status, 403);
  const bad = await call('PATCH', `/generations/${id}/share`, user.token, { allowDownloads: 'yes' });
  assert.equal(bad.status, 400);
});

test('revoking makes the link 404 at once, like an unknown one; sharing again gives a new slug', async () => {
  const user = await owner();
  const id = await completedGeneration(user.id);
  const { slug } = await share(user.token, id, { allowDownloads: true });
  const { model } = await (await call('GET', `/share/${slug}`)).json();

  const revoked = await call('DELETE', `/generations/${id}/share`, user.token);
  assert.deepEqual(await revoked.json(), { share: null });
  const answers = await Promise.all(
    [slug, 'AAAAAAAAAAAAAAAAAAAAAAAA', 'not-a-slug', `${slug}x`].map(async (s) => {
      const res = await call('GET', `/share/${s}`);
      return `${res.status} ${await res.text()}`;
    }),
  );
  assert.equal(new Set(answers).size, 1, answers.join('\n'));
  assert.match(answers[0]!, /^404 .*no longer shared/);
  // Links handed out before are dead too, signature or not.
  assert.equal((await call('GET', `${model.fileUrl}glb`)).status, 404);
  assert.equal((await call('GET', model.posterUrl)).status, 404);
  assert.equal((await (await call('GET', `/generations/${id}/share`, user.token)).json()).share, null);

  const again = await share(user.token, id);
  assert.notEqual(again.slug, slug);
  assert.equal(again.allowDownloads, false);
  assert.equal((await call('GET', `/share/${slug}`)).status, 404);
  assert.equal((await call('GET', `/share/${again.slug}`)).status, 200);

  // Deleting the model ends its link as well.
  assert.equal((await call('DELETE', `/generations/${id}`, user.token)).status, 204);
  assert.equal((await call('GET', `/share/${again.slug}`)).status, 404);
});

test('only the owner shares, switches and revokes; signed out, nothing', async () => {
  const user = await owner();
  const id = await completedGeneration(user.id);
  const stranger = await owner();
  assert.equal((await call('POST', `/generations/${id}/share`, null, {})).status, 401);
  assert.equal((await call('POST', `/generations/${id}/share`, stranger.token, {})).status, 404);
  const { slug } = await share(user.token, id);
  assert.equal((await (await call('GET', `/generations/${id}/share`, stranger.token)).json()).share, null);
  assert.equal(
    (await call('PATCH', `/generations/${id}/share`, stranger.token, { allowDownloads: true })).status,
    404,
  );
  assert.equal((await call('DELETE', `/generations/${id}/share`, stranger.token)).status, 404);
  assert.equal((await call('DELETE', `/generations/${id}/share`, null)).status, 401);
  assert.equal((await call('GET', `/share/${slug}`)).status, 200, 'still shared');
  const running = await completedGeneration(user.id, 'processing');
  const early = await call('POST', `/generations/${running}/share`, user.token, {});
  assert.equal(early.status, 409);
  assert.match((await early.json()).error, /Only a finished model can be shared/);
});

test('the HTML endpoint puts the model\u2019s Open Graph tags into the share page\u2019s HTML; revoked: 404 without them', async () => {
  const user = await owner();
  const id = await completedGeneration(user.id);
  const { slug } = await share(user.token, id);
  const res = await call('GET', `/share/${slug}/page`);
  assert.equal(res.status, 200);
  assert.match(res.headers.get('content-type') ?? '', /^text\/html/);
  const html = await res.text();
  assert.match(html, /<title>A 3D model and turntable video made with Lift3D<\/title>/);
  assert.ok(html.includes(`<meta property="og:url" content="${siteUrl}/m/${slug}" />`), html);
  assert.ok(html.includes(`<meta property="og:image" content="${apiUrl}/share/${slug}/poster" />`), html);
  assert.ok(html.includes('<meta name="twitter:card" content="summary_large_image" />'), html);
  assert.equal(
    (html.match(/property="og:title"/g) ?? []).length,
    1,
    'the site\u2019s own og:title is replaced',
  );
  assert.equal(html.includes('site description'), false);
  assert.ok(html.includes('<div id="root"></div>'));
  for (const secret of [user.email, OWNER_NAME, user.id, id]) assert.equal(html.includes(secret), false);

  // With prerendered pages the head goes into the share page's shell, not into the landing page.
  prerendered = true;
  try {
    const shell = await (await call('GET', `/share/${slug}/page`)).text();
    assert.ok(shell.includes('share shell'), shell);
    assert.equal(shell.includes('landing'), false);
    assert.ok(shell.includes(`<meta property="og:url" content="${siteUrl}/m/${slug}" />`), shell);
  } finally {
    prerendered = false;
  }

  await call('DELETE', `/generations/${id}/share`, user.token);
  const gone = await call('GET', `/share/${slug}/page`);
  assert.equal(gone.status, 404);
  const page = await gone.text();
  assert.equal(page.includes(slug), false);
  assert.equal(page.includes('og:image'), false);
  assert.ok(page.includes('<div id="root"></div>'), 'the SPA still loads to say the link is gone');
});
