// Uploads the engine would refuse are refused by the api BEFORE the charge: a pixel bomb by its header,
// an unsafe or costly SVG by its text. 400 with a message that says what to do, no ledger row, no file kept.
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { buildApp, createUser, diskGenerations, PNG_1X1, superuser, test, tokenFor } from './support.ts';

const { storageDir, generations } = await diskGenerations('precharge-test-secret');
const { app, db } = buildApp({
  generations: { ...generations, maxImageBytes: 1024 * 1024, maxRequestBytes: 2 * 1024 * 1024 },
});
const sql = superuser();

globalThis.addEventListener('unload', () => {
  db.close();
  sql.end();
  Deno.removeSync(storageDir, { recursive: true });
});

/** A PNG signature and IHDR claiming width×height: all a pixel bomb needs to be before it is inflated. */
function pngHeader(width: number, height: number): Uint8Array {
  const b = new Uint8Array(33);
  b.set([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52]);
  const v = new DataView(b.buffer);
  v.setUint32(16, width);
  v.setUint32(20, height);
  b.set([8, 6, 0, 0, 0], 24);
  return b;
}

const svg = (body: string) =>
  new TextEncoder().encode(`<svg xmlns="http://www.w3.org/2000/svg" width="200" height="200">${body}</svg>`);

async function post(token: string, bytes: Uint8Array, name: string) {
  const body = new FormData();
  body.set('format', 'glb');
  body.append('image', new File([bytes as Uint8Array<ArrayBuffer>], name));
  return app.request('/api/generations', {
    method: 'POST',
    body,
    headers: { authorization: `Bearer ${token}` },
  });
}

async function storedUploads() {
  let n = 0;
  try {
    for await (const _ of Deno.readDir(join(storageDir, 'uploads'))) n++;
  } catch (error) {
    if (!(error instanceof Deno.errors.NotFound)) throw error;
  }
  return n;
}

test('pixel bombs, damaged headers and unsafe or costly SVGs: 400 before the charge, nothing kept', async () => {
  const user = await createUser(sql);
  await sql`select public.apply_credit_change(${user.id}, 100, 'purchase', ${`test:${user.id}`})`;
  const token = await tokenFor(user);
  const jpegBomb = Uint8Array.from([
    0xff, 0xd8, 0xff, 0xe0, 0, 4, 0, 0, 0xff, 0xc0, 0, 11, 8, 0xea, 0x60, 0xea, 0x60, 1, 1, 0x11, 0, 0, 0,
  ]);
  const webpBomb = new Uint8Array(30);
  webpBomb.set(new TextEncoder().encode('RIFF\0\0\0\0WEBPVP8X'));
  webpBomb.set([0x2f, 0x75, 0, 0x2f, 0x75, 0], 24); // 30,000 × 30,000
  const cases: Array<[Uint8Array, string, RegExp]> = [
    [
      pngHeader(30_000, 30_000),
      'bomb.png',
      /"bomb.png" is 30000×30000 pixels, more than the 40 megapixel limit/,
    ],
    [jpegBomb, 'bomb.jpg', /"bomb.jpg" is 60000×60000 pixels/],
    [webpBomb, 'bomb.webp', /"bomb.webp" is 30000×30000 pixels/],
    [pngHeader(0, 10), 'empty.png', /has no pixels/],
    [PNG_1X1.subarray(0, 20), 'cut.png', /"cut.png" is damaged/],
    [svg('<script>alert(1)</script>'), 'script.svg', /"script.svg": This SVG contains a script/],
    [
      svg(
        '<filter id="f"><feTurbulence numOctaves="2000"/></filter><rect width="9" height="9" filter="url(#f)"/>',
      ),
      'octaves.svg',
      /turbulence filter with 2000 octaves/,
    ],
    [
      svg(
        '<g id="a"><rect width="1" height="1"/></g>' +
          Array.from(
            { length: 8 },
            (_, l) =>
              `<g id="${String.fromCharCode(98 + l)}">${`<use href="#${String.fromCharCode(97 + l)}"/>`.repeat(10)}</g>`,
          ).join(''),
      ),
      'fanout.svg',
      /<use> copies/,
    ],
    [svg('<image href="https://example.com/x.png"/>'), 'remote.svg', /external files/],
  ];
  const uploadsBefore = await storedUploads();
  for (const [bytes, name, message] of cases) {
    const res = await post(token, bytes, name);
    assert.equal(res.status, 400, name);
    assert.match((await res.json()).error, message);
  }
  const [ledger] = await sql`select count(*)::int as n from public.credit_ledger where user_id = ${user.id}`;
  assert.equal(ledger.n, 1, 'only the purchase: nothing charged or refunded');
  const [made] = await sql`select count(*)::int as n from public.generations where user_id = ${user.id}`;
  assert.equal(made.n, 0);
  assert.equal(await storedUploads(), uploadsBefore, 'no upload stored');

  // The same checks let ordinary images through: a 2000×2000 header and a filtered SVG are charged.
  assert.equal((await post(token, pngHeader(2000, 2000), 'ok.png')).status, 202);
  const fine = svg(
    '<filter id="f"><feTurbulence numOctaves="4"/></filter><rect width="9" height="9" filter="url(#f)"/>',
  );
  assert.equal((await post(token, fine, 'ok.svg')).status, 202);
  const [after] = await sql`select credits from public.profiles where id = ${user.id}`;
  assert.equal(after.credits, 0);
});
