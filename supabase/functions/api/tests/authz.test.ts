// The authorization matrix: every /api route × {signed out, the user, another user, admin} → status.
// Kept as data: add a row for each new route (its path uses `:id` for "the user" — the account the
// request is about; `prepare` may arrange that account's state before each request).
import assert from 'node:assert/strict';
import bcrypt from 'bcryptjs';
import type postgres from 'postgres';
import { buildApp, createUser, superuser, tokenFor } from './support.ts';

export type Role = 'signedOut' | 'user' | 'otherUser' | 'admin';

export type Vars = Record<string, string>;

export interface AuthzRoute {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** `:id` is replaced by the id of "the user", other `:name`s by what `prepare` returns. */
  path: string;
  /** JSON body (or a function of the variables). */
  body?: unknown | ((vars: Vars) => unknown);
  /** A multipart body instead of JSON. */
  form?: () => FormData;
  /**
   * Runs before each request with a fresh "the user" (give them credits, make them a generation...);
   * may return more path variables.
   */
  prepare?: (sql: postgres.Sql, user: { id: string; email: string }) => Promise<unknown>;
  expect: Record<Role, number>;
}

// A real 1×1 PNG for upload routes.
const PNG = Uint8Array.from(
  atob('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg=='),
  (ch) => ch.charCodeAt(0),
);

async function makeGeneration(sql: postgres.Sql, user: { id: string }): Promise<Vars> {
  const [row] =
    await sql`insert into public.generations (user_id, kind, format, topology, cost, input_key, status)
                          values (${user.id}, 'model', 'glb', 'low', 50, ${`uploads/${crypto.randomUUID()}`}, 'failed')
                          returning id`;
  return { gen: row.id };
}

/** A generation whose front photo is really stored, so its owner and admins read it (200). */
async function makeGenerationWithPhoto(sql: postgres.Sql, user: { id: string }): Promise<Vars> {
  const vars = await makeGeneration(sql, user);
  const [row] = await sql`select input_key from public.generations where id = ${vars.gen}`;
  await Deno.mkdir(`${storageDir}/uploads`, { recursive: true });
  await Deno.writeFile(`${storageDir}/${row.input_key}`, PNG);
  return vars;
}

/** The password every matrix user has, so password routes can be called as "the user". */
export const MATRIX_PASSWORD = 'matrix-password-1';

export const AUTHZ_MATRIX: AuthzRoute[] = [
  {
    method: 'GET',
    path: '/api/health/live',
    expect: { signedOut: 200, user: 200, otherUser: 200, admin: 200 },
  },
  {
    method: 'POST',
    path: '/api/analytics/visit',
    body: { path: '/' },
    expect: { signedOut: 201, user: 201, otherUser: 201, admin: 201 },
  },
  // The public forms: anyone may write (the per-address limit is reset before each request).
  {
    method: 'POST',
    path: '/api/contact',
    body: { name: 'Matrix', email: 'matrix-forms@example.test', subject: 'Hi', message: 'Hello' },
    prepare: async (sql) => {
      await sql`delete from public.messages where email = 'matrix-forms@example.test'`;
    },
    expect: { signedOut: 201, user: 201, otherUser: 201, admin: 201 },
  },
  {
    method: 'POST',
    path: '/api/waitlist',
    body: { email: 'matrix-forms@example.test' },
    expect: { signedOut: 201, user: 201, otherUser: 201, admin: 201 },
  },
  {
    method: 'POST',
    path: '/api/careers/apply',
    body: { role: 'Product Designer', full_name: 'Matrix', email: 'matrix-forms@example.test' },
    prepare: async (sql) => {
      await sql`delete from public.messages where email = 'matrix-forms@example.test'`;
    },
    expect: { signedOut: 201, user: 201, otherUser: 201, admin: 201 },
  },
  // Someone else's profile is invisible (404), as if it did not exist.
  {
    method: 'GET',
    path: '/api/users/:id',
    expect: { signedOut: 401, user: 200, otherUser: 404, admin: 200 },
  },
  {
    method: 'PUT',
    path: '/api/users/:id',
    body: { name: 'Matrix Name' },
    expect: { signedOut: 401, user: 200, otherUser: 404, admin: 200 },
  },
  {
    method: 'GET',
    path: '/api/admin/users?limit=5',
    expect: { signedOut: 401, user: 403, otherUser: 403, admin: 200 },
  },
  {
    method: 'DELETE',
    path: '/api/admin/users/:id',
    expect: { signedOut: 401, user: 403, otherUser: 403, admin: 200 },
  },
  {
    method: 'GET',
    path: '/api/admin/analytics',
    expect: { signedOut: 401, user: 403, otherUser: 403, admin: 200 },
  },
  {
    method: 'GET',
    path: '/api/admin/analytics/week',
    expect: { signedOut: 401, user: 403, otherUser: 403, admin: 200 },
  },
  {
    method: 'GET',
    path: '/api/admin/users?q=matrix',
    expect: { signedOut: 401, user: 403, otherUser: 403, admin: 200 },
  },
  // Only admins change admin rights; a member's is_admin is ignored (asserted in users.test.ts).
  {
    method: 'PUT',
    path: '/api/users/:id',
    body: { is_admin: true },
    expect: { signedOut: 401, user: 200, otherUser: 404, admin: 200 },
  },
  {
    method: 'GET',
    path: '/api/admin/credit-packs',
    expect: { signedOut: 401, user: 403, otherUser: 403, admin: 200 },
  },
  {
    method: 'POST',
    path: '/api/admin/credit-packs',
    body: { name: 'Matrix Pack', credits: 10, priceCents: 100 },
    expect: { signedOut: 401, user: 403, otherUser: 403, admin: 201 },
  },
  {
    method: 'PATCH',
    path: '/api/admin/credit-packs/starter',
    body: { popular: false },
    expect: { signedOut: 401, user: 403, otherUser: 403, admin: 200 },
  },
  {
    method: 'DELETE',
    path: '/api/admin/credit-packs/matrix-pack',
    prepare: async (sql) => {
      await sql`insert into public.credit_packs (id, name, credits, price_cents)
                values ('matrix-pack', 'Matrix Pack', 10, 100)
                on conflict (id) do nothing`;
    },
    expect: { signedOut: 401, user: 403, otherUser: 403, admin: 200 },
  },
  {
    method: 'GET',
    path: '/api/admin/transactions/orders',
    expect: { signedOut: 401, user: 403, otherUser: 403, admin: 200 },
  },
  {
    method: 'GET',
    path: '/api/admin/transactions/ledger',
    expect: { signedOut: 401, user: 403, otherUser: 403, admin: 200 },
  },
  {
    method: 'GET',
    path: '/api/admin/settings',
    expect: { signedOut: 401, user: 403, otherUser: 403, admin: 200 },
  },
  {
    method: 'PUT',
    path: '/api/admin/settings/app66.daily_limit',
    body: { value: 3 },
    expect: { signedOut: 401, user: 403, otherUser: 403, admin: 200 },
  },
  {
    method: 'GET',
    path: '/api/admin/backends/month',
    expect: { signedOut: 401, user: 403, otherUser: 403, admin: 200 },
  },
  // Credits (admin grants and sets; the balance for its owner).
  {
    method: 'GET',
    path: '/api/users/:id/credits',
    expect: { signedOut: 401, user: 200, otherUser: 404, admin: 200 },
  },
  {
    method: 'POST',
    path: '/api/users/:id/credits/add',
    body: { creditsToAdd: 100 },
    expect: { signedOut: 401, user: 403, otherUser: 403, admin: 200 },
  },
  {
    method: 'POST',
    path: '/api/users/:id/credits',
    body: { credits: 500 },
    expect: { signedOut: 401, user: 403, otherUser: 403, admin: 200 },
  },
  // Generations: creating is for oneself; a generation is seen and deleted by its owner or an admin.
  {
    method: 'POST',
    path: '/api/generations',
    form: () => {
      const form = new FormData();
      form.set('image', new File([PNG], 'dot.png', { type: 'image/png' }));
      form.set('format', 'glb');
      form.set('topology', 'low');
      form.set('kind', 'model');
      return form;
    },
    expect: { signedOut: 401, user: 202, otherUser: 202, admin: 202 },
  },
  {
    method: 'GET',
    path: '/api/generations',
    expect: { signedOut: 401, user: 200, otherUser: 200, admin: 200 },
  },
  // Free conversions (/app66): for oneself, signed in; the quota is readable by anyone.
  {
    method: 'POST',
    path: '/api/generations/free',
    form: () => {
      const form = new FormData();
      form.set('image', new File([PNG], 'dot.png', { type: 'image/png' }));
      form.set('format', 'glb');
      return form;
    },
    expect: { signedOut: 401, user: 202, otherUser: 202, admin: 202 },
  },
  {
    method: 'GET',
    path: '/api/generations/free/quota',
    expect: { signedOut: 200, user: 200, otherUser: 200, admin: 200 },
  },
  {
    method: 'GET',
    path: '/api/generations/:gen',
    prepare: makeGeneration,
    expect: { signedOut: 401, user: 200, otherUser: 404, admin: 200 },
  },
  // The generation failed: its owner and admins get past authorization to "not ready" (409).
  {
    method: 'GET',
    path: '/api/generations/:gen/download?format=glb',
    prepare: makeGeneration,
    expect: { signedOut: 401, user: 409, otherUser: 404, admin: 409 },
  },
  {
    method: 'DELETE',
    path: '/api/generations/:gen',
    prepare: makeGeneration,
    expect: { signedOut: 401, user: 204, otherUser: 404, admin: 204 },
  },
  {
    method: 'GET',
    path: '/api/generations/:gen/poster',
    prepare: makeGeneration,
    expect: { signedOut: 401, user: 409, otherUser: 404, admin: 409 },
  },
  {
    method: 'GET',
    path: '/api/generations/:gen/thumbnail',
    prepare: makeGeneration,
    expect: { signedOut: 401, user: 409, otherUser: 404, admin: 409 },
  },
  // The photos it was made from: any status, owner and admins only.
  {
    method: 'GET',
    path: '/api/generations/:gen/photos/front',
    prepare: makeGenerationWithPhoto,
    expect: { signedOut: 401, user: 200, otherUser: 404, admin: 200 },
  },
  {
    method: 'GET',
    path: '/api/admin/generations?status=failed',
    expect: { signedOut: 401, user: 403, otherUser: 403, admin: 200 },
  },
  {
    method: 'GET',
    path: '/api/admin/generations/:gen',
    prepare: makeGeneration,
    expect: { signedOut: 401, user: 403, otherUser: 403, admin: 200 },
  },
  // Packs, payments and forms.
  {
    method: 'GET',
    path: '/api/credit-packs',
    expect: { signedOut: 200, user: 200, otherUser: 200, admin: 200 },
  },
  {
    method: 'POST',
    path: '/api/demo/create-order',
    body: { packageId: 'starter' },
    expect: { signedOut: 401, user: 200, otherUser: 200, admin: 200 },
  },
  {
    method: 'POST',
    path: '/api/demo/capture-order',
    prepare: async (sql, user) => {
      await sql`select public.create_payment_order(${user.id}, 'starter', 'demo')`;
      const [row] = await sql`select provider_order_id from public.payment_orders
                               where user_id = ${user.id} order by created_at desc limit 1`;
      return { order: row.provider_order_id };
    },
    body: (vars: Vars) => ({ orderID: vars.order }),
    expect: { signedOut: 401, user: 200, otherUser: 404, admin: 403 },
  },
  {
    method: 'POST',
    path: '/api/paypal/create-order',
    body: { packageId: 'starter' },
    expect: { signedOut: 503, user: 503, otherUser: 503, admin: 503 },
  },
  // Without PayPal keys (as in these tests) the PayPal routes answer 503 to everyone.
  {
    method: 'POST',
    path: '/api/paypal/capture-order',
    body: { orderID: 'MATRIX-ORDER' },
    expect: { signedOut: 503, user: 503, otherUser: 503, admin: 503 },
  },
  {
    method: 'POST',
    path: '/api/paypal/webhook',
    body: { event_type: 'PAYMENT.CAPTURE.COMPLETED' },
    expect: { signedOut: 503, user: 503, otherUser: 503, admin: 503 },
  },
];

const ROLES: Role[] = ['signedOut', 'user', 'otherUser', 'admin'];

// Extend the table above, not this runner.
const storageDir = await Deno.makeTempDir({ prefix: 'lift3d-authz-storage-' });
const { app, db } = buildApp({
  generations: {
    storage: { kind: 'disk' as const, dir: storageDir },
    maxImageBytes: 64 * 1024,
    maxRequestBytes: 200 * 1024,
    maxBatch: 10,
    urlSecret: 'authz-matrix-test-secret',
    urlTtlSeconds: 600,
  },
});
const sql = superuser();
globalThis.addEventListener('unload', () => {
  db.close();
  sql.end();
  Deno.removeSync(storageDir, { recursive: true });
});
const passwordHash = await bcrypt.hash(MATRIX_PASSWORD, 10);
const other = await createUser(sql, { name: 'Other' });
const admin = await createUser(sql, { name: 'Admin', admin: true });
// Everyone who may spend can spend: a 402 would hide what the matrix is about.
async function giveCredits(id: string) {
  await sql`select public.apply_credit_change(${id}, 10000, 'admin', null)`;
}
await giveCredits(other.id);
await giveCredits(admin.id);

for (const route of AUTHZ_MATRIX) {
  Deno.test({
    name: `authz: ${route.method} ${route.path}`,
    sanitizeOps: false,
    sanitizeResources: false,
    fn: async () => {
      const seen: string[] = [];
      for (const role of ROLES) {
        const user = await createUser(sql, { name: 'Matrix User' });
        await sql`update auth.users set encrypted_password = ${passwordHash} where id = ${user.id}`;
        await giveCredits(user.id);
        const vars: Vars = { id: user.id, ...((await route.prepare?.(sql, user)) as Vars | undefined) };
        const token =
          role === 'user'
            ? await tokenFor(user)
            : role === 'otherUser'
              ? await tokenFor(other)
              : role === 'admin'
                ? await tokenFor(admin, { admin: true })
                : null;
        const headers: Record<string, string> = {};
        if (token) headers.authorization = `Bearer ${token}`;
        const json = typeof route.body === 'function' ? route.body(vars) : route.body;
        if (json !== undefined) headers['content-type'] = 'application/json';
        const path = route.path.replace(/:([a-z]+)/g, (_, name: string) => vars[name] ?? `:${name}`);
        const res = await app.request(path, {
          method: route.method,
          headers,
          body: route.form ? route.form() : json === undefined ? undefined : JSON.stringify(json),
        });
        const text = await res.text();
        seen.push(`${role}: ${res.status}${res.status === route.expect[role] ? '' : ` ${text}`}`);
        if (res.status >= 400) assert.match(text, /"error":/, `${role} gets a JSON {error}`);
      }
      const expected = ROLES.map((role) => `${role}: ${route.expect[role]}`);
      assert.deepEqual(seen, expected);
    },
  });
}
