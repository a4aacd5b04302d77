// The OpenAPI 3.1 document validates (an independent validator), describes exactly the routes that exist,
// and a property-based fuzz of every /api/v1 operation (fast-check, driven by the same zod schemas) finds
// no 5xx, no answer outside the documented shapes, and no charge without a generation.
import assert from 'node:assert/strict';
import { Validator } from 'npm:@seriousme/openapi-schema-validator@2.11.0';
import fc from 'npm:fast-check@4.10.2';
import { MODEL_FORMATS } from '@lift3d/contract';
import { Balance, ErrorBody, GenerationEnvelope, GenerationList } from '@lift3d/contract/v1';
import { apiExamples } from '../../../../src/features/developers/api-examples.ts';
import { buildApp, diskGenerations, PNG_1X1, superuser, test } from './support.ts';
import { keyedUser, v1 } from './v1-support.ts';

const { storageDir, generations } = await diskGenerations('v1-openapi-secret');
const { app, db } = buildApp({ generations, imageUrl: { timeoutMs: 1000 } });
const sql = superuser();
globalThis.addEventListener('unload', () => {
  db.close();
  sql.end();
  Deno.removeSync(storageDir, { recursive: true });
});

test('/api/v1/openapi.json is a valid OpenAPI 3.1 document of the real routes, webhooks included', async () => {
  const res = await app.request('/api/v1/openapi.json');
  assert.equal(res.status, 200);
  const document = await res.json();
  const validator = new Validator();
  const result = await validator.validate(structuredClone(document));
  assert.equal(result.valid, true, JSON.stringify(result.errors));
  assert.equal(validator.version, '3.1');
  assert.deepEqual(Object.keys(document.paths).sort(), [
    '/v1/balance',
    '/v1/generations',
    '/v1/generations/{id}',
    '/v1/generations/{id}/video',
  ]);
  const operations = Object.values(document.paths).flatMap((p) =>
    Object.values(p as Record<string, { operationId: string }>).map((o) => o.operationId),
  );
  assert.deepEqual(operations.sort(), [
    'createGeneration',
    'createTurntable',
    'deleteGeneration',
    'getBalance',
    'getGeneration',
    'listGenerations',
  ]);
  const format = document.components.schemas.CreateFromUrl.properties.format;
  assert.deepEqual(format.enum, [...MODEL_FORMATS], 'generated from the route schema');
  const webhook = document.webhooks.generationFinished.post;
  assert.match(webhook.description, /HMAC-SHA256/);
  // The frame of the delivered models is stated once for integrators.
  assert.match(document.info.description, /upright: \+Y is up .* faces \+Z, .* floor \(y = 0\) .* centred/);
  assert.deepEqual(document.components.schemas.WebhookEvent.properties.type.enum, [
    'generation.completed',
    'generation.failed',
  ]);
  // Outside the document nothing answers without a key either.
  const unknown = await app.request('/api/v1/models', { headers: { authorization: 'Bearer x' } });
  assert.equal(unknown.status, 401);
});

test('the docs page’s examples call the operations the document describes, by its methods and paths', async () => {
  const document = await (await app.request('/api/v1/openapi.json')).json();
  const described = new Map<string, { method: string; path: string }>();
  for (const [path, methods] of Object.entries(
    document.paths as Record<string, Record<string, { operationId: string }>>,
  ))
    for (const [method, op] of Object.entries(methods)) described.set(op.operationId, { method, path });
  const examples = apiExamples();
  for (const example of examples) {
    const op = described.get(example.operationId);
    assert.ok(op, `${example.id}: ${example.operationId} is not in the document`);
    // The download follows a link the generation carries, not a route of its own.
    if (example.id === 'download') continue;
    const call = /curl -sS(?: -X (\w+))? "\$LIFT3D_API(\/v1\/[^"?]*)/.exec(example.curl);
    assert.ok(call, `${example.id}: the curl example names no v1 path`);
    assert.equal((call[1] ?? 'GET').toLowerCase(), op.method, `${example.id}: curl's method`);
    const path = call[2].replace('$GENERATION_ID', '{id}');
    assert.equal(path, op.path, `${example.id}: curl's path`);
    // The JavaScript and Python versions call the same path.
    for (const part of path.split('{id}').filter(Boolean)) {
      assert.ok(example.javascript.includes(part), `${example.id}: the JavaScript example's path`);
      assert.ok(example.python.includes(part), `${example.id}: the Python example's path`);
    }
  }
  // Every operation has an example.
  assert.deepEqual([...new Set(examples.map((e) => e.operationId))].sort(), [...described.keys()].sort());
});

const junk = fc.oneof(
  fc.string({ maxLength: 40 }),
  fc.constantFrom('', ' ', '\u0000', '%00', '../../etc', '-1', '1e9', 'null', '[]', '{}'),
);
const maybe = <T>(arb: fc.Arbitrary<T>) => fc.option(arb, { nil: undefined });
const imageBytes = fc.oneof(
  fc.constant(PNG_1X1),
  fc.uint8Array({ maxLength: 64 }),
  fc.uint8Array({ maxLength: 8 }).map((tail) => Uint8Array.from([...PNG_1X1, ...tail])),
);
const uuidOrJunk = fc.oneof(fc.uuid(), junk);

type Call = { path: string; init: RequestInit };

const calls: Record<string, fc.Arbitrary<Call>> = {
  createMultipart: fc
    .record({
      image: maybe(imageBytes),
      view: maybe(fc.tuple(fc.constantFrom('view_right', 'view_back', 'view_left', 'view_top'), imageBytes)),
      format: maybe(fc.oneof(fc.constantFrom(...MODEL_FORMATS), junk)),
      topology: maybe(fc.oneof(fc.constantFrom('low', 'high'), junk)),
      video: maybe(fc.oneof(fc.constantFrom('true', 'false'), junk)),
      key: maybe(fc.string({ minLength: 1, maxLength: 160 })),
    })
    .map(({ image, view, format, topology, video, key }) => {
      const body = new FormData();
      if (image) body.set('image', new File([image as Uint8Array<ArrayBuffer>], 'a.png'));
      if (view) body.set(view[0], new File([view[1] as Uint8Array<ArrayBuffer>], 'b.png'));
      for (const [k, v] of Object.entries({ format, topology, video })) if (v !== undefined) body.set(k, v);
      const headers: Record<string, string> = key ? { 'idempotency-key': key.replace(/[\r\n]/g, ' ') } : {};
      return { path: '/generations', init: { method: 'POST', body, headers } };
    }),
  createJson: fc
    .record({
      image_url: fc.oneof(
        junk,
        fc.constantFrom(
          'https://127.0.0.1/a.png',
          'https://169.254.169.254/',
          'http://example.com/a.png',
          'https://[::1]/',
          'https://10.0.0.1/x',
          'ftp://x/y',
        ),
        fc.integer(),
      ),
      format: maybe(fc.oneof(fc.constantFrom(...MODEL_FORMATS), junk)),
      topology: maybe(fc.oneof(fc.constantFrom('low', 'high'), junk)),
      video: maybe(fc.oneof(fc.boolean(), junk)),
      extra: maybe(fc.dictionary(fc.string({ maxLength: 8 }), fc.jsonValue({ maxDepth: 2 }))),
    })
    .map(({ extra, ...fields }) => ({
      path: '/generations',
      init: {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ ...extra, ...fields }),
      },
    })),
  rawBody: fc
    .record({
      type: fc.constantFrom('application/json', 'text/plain', 'multipart/form-data', ''),
      body: junk,
    })
    .map(({ type, body }) => ({
      path: '/generations',
      init: {
        method: 'POST',
        body,
        headers: (type ? { 'content-type': type } : {}) as Record<string, string>,
      },
    })),
  list: fc
    .record({
      limit: maybe(fc.oneof(fc.integer({ min: -5, max: 150 }).map(String), junk)),
      cursor: maybe(junk),
    })
    .map(({ limit, cursor }) => {
      const query = new URLSearchParams();
      if (limit !== undefined) query.set('limit', limit);
      if (cursor !== undefined) query.set('cursor', cursor);
      return { path: `/generations?${query}`, init: {} };
    }),
  get: uuidOrJunk.map((id) => ({ path: `/generations/${encodeURIComponent(id)}`, init: {} })),
  delete: uuidOrJunk.map((id) => ({
    path: `/generations/${encodeURIComponent(id)}`,
    init: { method: 'DELETE' },
  })),
  balance: fc.constant({ path: '/balance', init: {} }),
};

// A fixed seed keeps CI deterministic; FUZZ_SEED=<n> explores other inputs (any failure prints its seed).
const FUZZ_SEED = Number(Deno.env.get('FUZZ_SEED') ?? 20261126);

async function chargesAndGenerations(userId: string) {
  const [row] = await sql`
    select (select count(*)::int from public.credit_ledger where user_id = ${userId} and reason = 'generation') as charges,
           (select count(*)::int from public.generations where user_id = ${userId}) as generations`;
  return row as { charges: number; generations: number };
}

test('fuzz: every /api/v1 operation, no 5xx, documented shapes, no charge without a generation', async () => {
  const user = await keyedUser(app, sql, 1000);
  await sql`update public.settings set value = '1000000' where key = 'api.requests_per_minute'`;
  try {
    for (const [name, arbitrary] of Object.entries(calls)) {
      await fc.assert(
        fc.asyncProperty(arbitrary, async ({ path, init }) => {
          const res = await v1(app, user.key, path, init);
          const text = await res.text();
          assert.ok(res.status < 500, `${name} ${path}: ${res.status} ${text}`);
          if (res.status === 204) return;
          const body = JSON.parse(text);
          const shape =
            res.status >= 400
              ? ErrorBody
              : name === 'list'
                ? GenerationList
                : name === 'balance'
                  ? Balance
                  : GenerationEnvelope;
          const parsed = shape.safeParse(body);
          assert.ok(parsed.success, `${name} ${path}: ${res.status} ${text}`);
          const { charges, generations } = await chargesAndGenerations(user.id);
          assert.equal(charges, generations, `${name}: a charge without a generation`);
        }),
        { numRuns: 60, seed: FUZZ_SEED },
      );
      // Finish what was created, so the in-flight limit does not answer every later creation.
      await sql`update public.generations set status = 'failed', error = 'fuzz' where user_id = ${user.id} and status in ('queued', 'processing')`;
    }
    // The fuzz reached the charging path too, not only refusals.
    assert.ok((await chargesAndGenerations(user.id)).generations > 0);
  } finally {
    await sql`update public.settings set value = '60' where key = 'api.requests_per_minute'`;
  }
});
