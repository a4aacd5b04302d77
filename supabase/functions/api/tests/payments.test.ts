// Checkout against a PayPal stand-in on 127.0.0.1 (the production client code, real HTTP), the demo
// provider, credit packs and the admin credit routes.
import assert from 'node:assert/strict';
import type { PayPalConfig } from '../core/config.ts';
import { startPayPalStandIn } from './paypal-standin.ts';
import { buildApp, createUser, superuser, test, tokenFor } from './support.ts';

const standin = await startPayPalStandIn();
const paypalConfig: PayPalConfig = {
  clientId: standin.clientId,
  clientSecret: standin.clientSecret,
  env: 'sandbox',
  apiBase: standin.url,
  webhookId: standin.webhookId,
};
const withPayPal = buildApp({ paypal: paypalConfig });
const demo = buildApp({ paypal: null, environment: 'development' });
const production = buildApp({ paypal: null, environment: 'production' });
const sql = superuser();

globalThis.addEventListener('unload', () => {
  withPayPal.db.close();
  demo.db.close();
  production.db.close();
  sql.end();
  standin.stop();
});

type App = typeof withPayPal.app;

async function call(
  app: App,
  path: string,
  body: unknown,
  token?: string,
  headers: Record<string, string> = {},
) {
  const res = await app.request(path, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...headers,
    },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
  return { status: res.status, body: await res.json() };
}

async function signedInUser(opts: { admin?: boolean } = {}) {
  const user = await createUser(sql, opts);
  return { ...user, token: await tokenFor(user, opts) };
}

const balance = async (id: string) =>
  (await sql`select credits from public.profiles where id = ${id}`)[0].credits as number;

async function createPayPalOrder(
  token: string,
  packageId = 'professional',
  extra: Record<string, unknown> = {},
) {
  const res = await call(withPayPal.app, '/api/paypal/create-order', { packageId, ...extra }, token);
  assert.equal(res.status, 200, JSON.stringify(res.body));
  return res.body.orderID as string;
}

function captureEvent(
  type: string,
  orderId: string,
  capture: { id: string; status?: string; value?: string; currency?: string },
  eventId = `WH-${crypto.randomUUID()}`,
) {
  return {
    id: eventId,
    event_version: '1.0',
    resource_type: 'capture',
    event_type: type,
    resource: {
      id: capture.id,
      status: capture.status ?? 'COMPLETED',
      amount: { currency_code: capture.currency ?? 'EUR', value: capture.value ?? '20.00' },
      supplementary_data: { related_ids: { order_id: orderId } },
    },
  };
}

async function sendWebhook(event: unknown, headers?: Record<string, string>) {
  return call(
    withPayPal.app,
    '/api/paypal/webhook',
    event,
    undefined,
    headers ?? (await standin.sign(event)),
  );
}

test('credit packs are public, in cents and euro, from the database', async () => {
  const res = await demo.app.request('/api/credit-packs');
  assert.equal(res.status, 200);
  const body = await res.json();
  // Other suites may add packs of their own to the shared database; the seeded three come first.
  const packs = body.packs.filter((p: { id: string }) =>
    ['starter', 'professional', 'enterprise'].includes(p.id),
  );
  assert.deepEqual(
    packs.map((p: Record<string, unknown>) => [p.id, p.credits, p.priceCents, p.currency, p.popular]),
    [
      ['starter', 5600, 1300, 'EUR', false],
      ['professional', 12000, 2000, 'EUR', true],
      ['enterprise', 40000, 4500, 'EUR', false],
    ],
  );
  assert.equal(packs[1].note, 'For professionals and regular users');
  assert.ok(packs[2].features.includes('Custom integrations'));
});

test('create-order prices the order from the pack, never from the client', async () => {
  const user = await signedInUser();
  const before = standin.requests.length;
  const orderID = await createPayPalOrder(user.token, 'Professional', {
    price: 0.01,
    credits: 999999,
    userId: crypto.randomUUID(),
    verification: 'SCA_WHEN_REQUIRED',
  });
  const sent = standin.requests.slice(before).find((r) => r.path === '/v2/checkout/orders');
  assert.ok(sent, 'an order was created at PayPal');
  const unit = sent.body as { intent: string; purchase_units: Array<Record<string, unknown>> };
  assert.equal(unit.intent, 'CAPTURE');
  assert.deepEqual(unit.purchase_units[0].amount, { currency_code: 'EUR', value: '20.00' });
  assert.equal(unit.purchase_units[0].custom_id, `user:${user.id};pack:professional`);
  assert.match(sent.headers.get('paypal-request-id') ?? '', /^create-[0-9a-f-]{36}$/);
  const [row] = await sql`select user_id, amount_cents, currency, credits, status from public.payment_orders
                          where provider_order_id = ${orderID}`;
  assert.deepEqual(
    { ...row },
    { user_id: user.id, amount_cents: 2000, currency: 'EUR', credits: 12000, status: 'created' },
  );
});

test('create-order needs a signed-in user and a known pack', async () => {
  const anon = await call(withPayPal.app, '/api/paypal/create-order', {
    packageId: 'starter',
    userId: 'guest',
  });
  assert.equal(anon.status, 401);
  const user = await signedInUser();
  const unknown = await call(withPayPal.app, '/api/paypal/create-order', { packageId: 'gold' }, user.token);
  assert.equal(unknown.status, 404);
  assert.match(unknown.body.error, /Unknown credit pack "gold"/);
  const missing = await call(withPayPal.app, '/api/paypal/create-order', {}, user.token);
  assert.equal(missing.status, 400);
});

test('a completed capture credits the pack once, however often it is repeated', async () => {
  const user = await signedInUser();
  const orderID = await createPayPalOrder(user.token);
  const first = await call(withPayPal.app, '/api/paypal/capture-order', { orderID }, user.token);
  assert.equal(first.status, 200, JSON.stringify(first.body));
  assert.equal(first.body.success, true);
  assert.equal(first.body.credits, 12000);
  assert.equal(first.body.balance, 12000);
  const again = await call(withPayPal.app, '/api/paypal/capture-order', { orderID }, user.token);
  assert.equal(again.body.success, true);
  assert.equal(again.body.credited, false);
  assert.equal(await balance(user.id), 12000);
  // The webhook for the same capture arrives too: still once.
  const captureId = standin.orders.get(orderID)!.capture!.id;
  const hook = await sendWebhook(captureEvent('PAYMENT.CAPTURE.COMPLETED', orderID, { id: captureId }));
  assert.equal(hook.status, 200);
  assert.equal(hook.body.credited, false);
  assert.equal(await balance(user.id), 12000);
  const ledger =
    await sql`select delta, reason, reference from public.credit_ledger where user_id = ${user.id}`;
  assert.deepEqual(
    ledger.map((r) => [r.delta, r.reason, r.reference]),
    [[12000, 'purchase', captureId]],
  );
});

test('another user cannot capture my order', async () => {
  const owner = await signedInUser();
  const thief = await signedInUser();
  const orderID = await createPayPalOrder(owner.token, 'enterprise');
  const res = await call(withPayPal.app, '/api/paypal/capture-order', { orderID }, thief.token);
  assert.equal(res.status, 404);
  assert.equal(standin.orders.get(orderID)!.capture, null, 'nothing was captured at PayPal');
  assert.equal(await balance(thief.id), 0);
  assert.equal(await balance(owner.id), 0);
});

test('a capture with a tampered amount or currency credits nothing', async () => {
  const user = await signedInUser();
  for (const amount of [
    { currency_code: 'EUR', value: '0.01' },
    { currency_code: 'USD', value: '20.00' },
  ]) {
    const orderID = await createPayPalOrder(user.token);
    standin.captureAs.set(orderID, { amount });
    const res = await call(withPayPal.app, '/api/paypal/capture-order', { orderID }, user.token);
    assert.equal(res.status, 409, JSON.stringify(res.body));
    assert.match(res.body.error, /did not match/);
    const [row] = await sql`select status from public.payment_orders where provider_order_id = ${orderID}`;
    assert.equal(row.status, 'review');
  }
  assert.equal(await balance(user.id), 0);
});

test('a PENDING capture grants nothing until the signed COMPLETED webhook', async () => {
  const user = await signedInUser();
  const orderID = await createPayPalOrder(user.token, 'starter');
  standin.captureAs.set(orderID, { status: 'PENDING' });
  const res = await call(withPayPal.app, '/api/paypal/capture-order', { orderID }, user.token);
  assert.equal(res.status, 200);
  assert.equal(res.body.success, false);
  assert.equal(res.body.status, 'pending');
  assert.equal(await balance(user.id), 0);

  const captureId = standin.orders.get(orderID)!.capture!.id;
  const event = captureEvent('PAYMENT.CAPTURE.COMPLETED', orderID, { id: captureId, value: '13.00' });
  const hook = await sendWebhook(event);
  assert.equal(hook.status, 200, JSON.stringify(hook.body));
  assert.equal(hook.body.credited, true);
  assert.equal(await balance(user.id), 5600);

  // The same event replayed (same id, even freshly signed) is acknowledged and not processed again.
  const replay = await sendWebhook(event);
  assert.equal(replay.status, 200);
  assert.equal(replay.body.duplicate, true);
  assert.equal(await balance(user.id), 5600);
});

test('unsigned or forged webhooks are refused and change nothing', async () => {
  const user = await signedInUser();
  const orderID = await createPayPalOrder(user.token, 'starter');
  standin.captureAs.set(orderID, { status: 'PENDING' });
  await call(withPayPal.app, '/api/paypal/capture-order', { orderID }, user.token);
  const captureId = standin.orders.get(orderID)!.capture!.id;
  const event = captureEvent('PAYMENT.CAPTURE.COMPLETED', orderID, { id: captureId, value: '13.00' });

  const unsigned = await sendWebhook(event, {});
  assert.equal(unsigned.status, 400);
  // A real signature, but for a different body (the amount was changed on the way).
  const headers = await standin.sign(event);
  const tampered = {
    ...event,
    resource: { ...event.resource, amount: { currency_code: 'EUR', value: '1300.00' } },
  };
  const forged = await sendWebhook(tampered, headers);
  assert.equal(forged.status, 400);
  assert.match(forged.body.error, /could not be verified/);
  assert.equal(await balance(user.id), 0);
  const [seen] = await sql`select count(*)::int as n from public.payment_events where id = ${event.id}`;
  assert.equal(seen.n, 0, 'refused events are not recorded');
});

test('DENIED settles a pending order without credits; REFUNDED takes a completed one back', async () => {
  const user = await signedInUser();
  const pendingId = await createPayPalOrder(user.token, 'starter');
  standin.captureAs.set(pendingId, { status: 'PENDING' });
  await call(withPayPal.app, '/api/paypal/capture-order', { orderID: pendingId }, user.token);
  const deniedCapture = standin.orders.get(pendingId)!.capture!.id;
  const denied = await sendWebhook(
    captureEvent('PAYMENT.CAPTURE.DENIED', pendingId, {
      id: deniedCapture,
      status: 'DECLINED',
      value: '13.00',
    }),
  );
  assert.equal(denied.body.status, 'denied');
  assert.equal(await balance(user.id), 0);

  const orderID = await createPayPalOrder(user.token);
  await call(withPayPal.app, '/api/paypal/capture-order', { orderID }, user.token);
  const captureId = standin.orders.get(orderID)!.capture!.id;
  assert.equal(await balance(user.id), 12000);
  const refund = {
    id: `WH-${crypto.randomUUID()}`,
    event_type: 'PAYMENT.CAPTURE.REFUNDED',
    resource_type: 'refund',
    resource: {
      id: 'REFUND-1',
      status: 'COMPLETED',
      amount: { currency_code: 'EUR', value: '20.00' },
      links: [{ rel: 'up', method: 'GET', href: `${standin.url}/v2/payments/captures/${captureId}` }],
    },
  };
  const hook = await sendWebhook(refund);
  assert.equal(hook.status, 200, JSON.stringify(hook.body));
  assert.equal(hook.body.status, 'refunded');
  assert.equal(await balance(user.id), 0);
  const rows =
    await sql`select delta, reason from public.credit_ledger where user_id = ${user.id} order by id`;
  assert.deepEqual(
    rows.map((r) => [r.delta, r.reason]),
    [
      [12000, 'purchase'],
      [-12000, 'reversal'],
    ],
  );
  // A second REFUNDED (new event id) for the same capture takes nothing more.
  await sendWebhook({ ...refund, id: `WH-${crypto.randomUUID()}` });
  assert.equal(await balance(user.id), 0);
});

test('the demo provider completes an order once, only for its owner, and never beside PayPal or in production', async () => {
  const user = await signedInUser();
  const created = await call(
    demo.app,
    '/api/demo/create-order',
    { packageId: 'PROFESSIONAL', price: 1 },
    user.token,
  );
  assert.equal(created.status, 200, JSON.stringify(created.body));
  assert.deepEqual(
    { amount: created.body.amount, currency: created.body.currency, credits: created.body.credits },
    { amount: 2000, currency: 'EUR', credits: 12000 },
  );
  const other = await signedInUser();
  const stolen = await call(
    demo.app,
    '/api/demo/capture-order',
    { orderID: created.body.orderID },
    other.token,
  );
  assert.equal(stolen.status, 404);
  const paid = await call(demo.app, '/api/demo/capture-order', { orderID: created.body.orderID }, user.token);
  assert.equal(paid.status, 200);
  assert.equal(paid.body.success, true);
  assert.equal(paid.body.balance, 12000);
  const twice = await call(
    demo.app,
    '/api/demo/capture-order',
    { orderID: created.body.orderID },
    user.token,
  );
  assert.equal(twice.body.credited, false);
  assert.equal(await balance(user.id), 12000);
  assert.equal(await balance(other.id), 0);

  for (const app of [withPayPal.app, production.app]) {
    const refused = await call(app, '/api/demo/create-order', { packageId: 'starter' }, user.token);
    assert.equal(refused.status, 404);
  }
  const noPayPal = await call(demo.app, '/api/paypal/create-order', { packageId: 'starter' }, user.token);
  assert.equal(noPayPal.status, 503);
});

test('admins add and set credits; users cannot; users read their own ledger', async () => {
  const admin = await signedInUser({ admin: true });
  const user = await signedInUser();
  const add = await call(demo.app, `/api/users/${user.id}/credits/add`, { creditsToAdd: 500 }, admin.token);
  assert.equal(add.status, 200, JSON.stringify(add.body));
  assert.equal(add.body.user.credits, 500);
  const set = await call(demo.app, `/api/users/${user.id}/credits`, { credits: 120 }, admin.token);
  assert.equal(set.body.user.credits, 120);
  const self = await call(
    demo.app,
    `/api/users/${user.id}/credits/add`,
    { creditsToAdd: 100000 },
    user.token,
  );
  assert.equal(self.status, 403);
  const bad = await call(demo.app, `/api/users/${user.id}/credits/add`, { creditsToAdd: 1.5 }, admin.token);
  assert.equal(bad.status, 400);
  const below = await call(
    demo.app,
    `/api/users/${user.id}/credits/add`,
    { creditsToAdd: -121 },
    admin.token,
  );
  assert.equal(below.status, 402);
  assert.equal(below.body.error, 'Not enough credits: this needs 121 credits and you have 120.');

  const res = await demo.app.request(`/api/users/${user.id}/credits`, {
    headers: { authorization: `Bearer ${user.token}` },
  });
  const mine = await res.json();
  assert.equal(mine.credits, 120);
  assert.deepEqual(
    mine.ledger.map((r: { delta: number }) => r.delta),
    [-380, 500],
  );
  const stranger = await signedInUser();
  const peek = await demo.app.request(`/api/users/${user.id}/credits`, {
    headers: { authorization: `Bearer ${stranger.token}` },
  });
  assert.equal(peek.status, 404);
});

test('an order reads back as the server knows it: created, then credited with the balance; owner only', async () => {
  const user = await signedInUser();
  const other = await signedInUser();
  const get = async (app: App, path: string, token?: string) => {
    const res = await app.request(path, { headers: token ? { authorization: `Bearer ${token}` } : {} });
    return { status: res.status, body: await res.json() };
  };
  const created = await call(demo.app, '/api/demo/create-order', { packageId: 'starter' }, user.token);
  const orderID = created.body.orderID as string;

  const before = await get(demo.app, `/api/demo/orders/${orderID}`, user.token);
  assert.equal(before.status, 200, JSON.stringify(before.body));
  assert.deepEqual(before.body, {
    orderID,
    pack: 'starter',
    credits: 5600,
    amount: 1300,
    currency: 'EUR',
    description: 'Starter pack',
    status: 'created',
    credited: false,
    balance: 0,
  });

  await call(demo.app, '/api/demo/capture-order', { orderID }, user.token);
  const after = await get(demo.app, `/api/demo/orders/${orderID}`, user.token);
  assert.equal(after.body.status, 'completed');
  assert.equal(after.body.credited, true);
  assert.equal(after.body.balance, 5600);

  assert.equal((await get(demo.app, `/api/demo/orders/${orderID}`)).status, 401);
  assert.equal((await get(demo.app, `/api/demo/orders/${orderID}`, other.token)).status, 404);
  assert.equal((await get(demo.app, `/api/demo/orders/${'x'.repeat(65)}`, user.token)).status, 400);
  assert.equal((await get(demo.app, '/api/demo/orders/no-such-order', user.token)).status, 404);

  // PayPal orders read the same way, before any capture.
  const paypalOrder = await createPayPalOrder(user.token, 'starter');
  const pp = await get(withPayPal.app, `/api/paypal/orders/${paypalOrder}`, user.token);
  assert.equal(pp.status, 200);
  assert.equal(pp.body.status, 'created');
  assert.equal(pp.body.credited, false);
});
