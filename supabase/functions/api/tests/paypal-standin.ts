/**
 * A stand-in for PayPal's REST API on 127.0.0.1, speaking the documented endpoints the api function uses:
 * OAuth 2 client-credentials token, Orders v2 create / capture / get (with PayPal-Request-Id idempotency
 * and ORDER_ALREADY_CAPTURED), and verify-webhook-signature. Webhook events are "signed" with an HMAC
 * only this server knows, so a test can send a genuine event, a forged one, or none at all.
 */

interface StandInOrder {
  id: string;
  status: 'CREATED' | 'COMPLETED';
  amount: { currency_code: string; value: string };
  custom_id: string;
  invoice_id: string;
  reference_id: string;
  capture: { id: string; status: string; amount: { currency_code: string; value: string } } | null;
}

export interface StandIn {
  url: string;
  clientId: string;
  clientSecret: string;
  webhookId: string;
  orders: Map<string, StandInOrder>;
  /** Every request the api function made, in order. */
  requests: Array<{ method: string; path: string; headers: Headers; body: unknown }>;
  /** How the next capture of an order comes back (status and, to simulate tampering, the amount). */
  captureAs: Map<string, { status?: string; amount?: { currency_code: string; value: string } }>;
  /** Headers PayPal would send with this event. */
  sign(event: unknown): Promise<Record<string, string>>;
  stop(): Promise<void>;
}

const encoder = new TextEncoder();

async function hmac(key: CryptoKey, text: string): Promise<string> {
  const sig = await crypto.subtle.sign('HMAC', key, encoder.encode(text));
  return btoa(String.fromCharCode(...new Uint8Array(sig)));
}

export async function startPayPalStandIn(): Promise<StandIn> {
  const clientId = 'test-client-id';
  const clientSecret = 'test-client-secret';
  const webhookId = 'WH0TESTHOOK';
  const tokens = new Set<string>();
  const orders = new Map<string, StandInOrder>();
  const byRequestId = new Map<string, unknown>();
  const requests: StandIn['requests'] = [];
  const captureAs: StandIn['captureAs'] = new Map();
  const key = await crypto.subtle.importKey(
    'raw',
    crypto.getRandomValues(new Uint8Array(32)),
    { name: 'HMAC', hash: 'SHA-256' },
    false,
    ['sign'],
  );
  let counter = 0;

  const json = (status: number, body: unknown) =>
    new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
  const error = (status: number, name: string, issue?: string) =>
    json(status, { name, message: name, debug_id: 'standin', details: issue ? [{ issue }] : [] });

  const orderView = (o: StandInOrder) => ({
    id: o.id,
    status: o.status,
    purchase_units: [
      {
        reference_id: o.reference_id,
        custom_id: o.custom_id,
        invoice_id: o.invoice_id,
        amount: o.amount,
        payments: o.capture ? { captures: [{ ...o.capture, custom_id: o.custom_id }] } : undefined,
      },
    ],
  });

  const server = Deno.serve({ hostname: '127.0.0.1', port: 0, onListen: () => {} }, async (req) => {
    const url = new URL(req.url);
    const text = await req.text();
    let body: unknown = text;
    try {
      body = text ? JSON.parse(text) : null;
    } catch {
      // form bodies (the token request) stay text
    }
    requests.push({ method: req.method, path: url.pathname, headers: req.headers, body });

    if (req.method === 'POST' && url.pathname === '/v1/oauth2/token') {
      const expected = `Basic ${btoa(`${clientId}:${clientSecret}`)}`;
      if (req.headers.get('authorization') !== expected || text !== 'grant_type=client_credentials') {
        return json(401, { error: 'invalid_client', error_description: 'Client Authentication failed' });
      }
      const token = `A21AA-${crypto.randomUUID()}`;
      tokens.add(token);
      return json(200, { access_token: token, token_type: 'Bearer', expires_in: 32400, app_id: 'APP-TEST' });
    }

    const bearer = /^Bearer (.+)$/.exec(req.headers.get('authorization') ?? '')?.[1];
    if (!bearer || !tokens.has(bearer)) return error(401, 'AUTHENTICATION_FAILURE');
    const requestId = req.headers.get('paypal-request-id');
    if (requestId && byRequestId.has(`${url.pathname}:${requestId}`)) {
      return json(200, byRequestId.get(`${url.pathname}:${requestId}`));
    }
    const remember = (value: unknown) => {
      if (requestId) byRequestId.set(`${url.pathname}:${requestId}`, value);
      return value;
    };

    if (req.method === 'POST' && url.pathname === '/v2/checkout/orders') {
      const unit = (body as { purchase_units?: Array<Record<string, unknown>> })?.purchase_units?.[0];
      const amount = unit?.amount as { currency_code: string; value: string } | undefined;
      if (!unit || !amount?.currency_code || !/^\d+\.\d{2}$/.test(amount.value ?? '')) {
        return error(400, 'INVALID_REQUEST', 'MISSING_REQUIRED_PARAMETER');
      }
      const order: StandInOrder = {
        id: `5O${String(++counter).padStart(6, '0')}TESTORDER`,
        status: 'CREATED',
        amount,
        custom_id: String(unit.custom_id ?? ''),
        invoice_id: String(unit.invoice_id ?? ''),
        reference_id: String(unit.reference_id ?? ''),
        capture: null,
      };
      orders.set(order.id, order);
      return json(201, remember({ id: order.id, status: order.status, links: [] }));
    }

    const capture = /^\/v2\/checkout\/orders\/([^/]+)\/capture$/.exec(url.pathname);
    if (req.method === 'POST' && capture) {
      const order = orders.get(decodeURIComponent(capture[1]));
      if (!order) return error(404, 'RESOURCE_NOT_FOUND', 'INVALID_RESOURCE_ID');
      if (order.capture) return error(422, 'UNPROCESSABLE_ENTITY', 'ORDER_ALREADY_CAPTURED');
      const how = captureAs.get(order.id) ?? {};
      order.status = 'COMPLETED';
      order.capture = {
        id: `CAP${String(++counter).padStart(8, '0')}X`,
        status: how.status ?? 'COMPLETED',
        amount: how.amount ?? order.amount,
      };
      return json(201, remember(orderView(order)));
    }

    const get = /^\/v2\/checkout\/orders\/([^/]+)$/.exec(url.pathname);
    if (req.method === 'GET' && get) {
      const order = orders.get(decodeURIComponent(get[1]));
      return order ? json(200, orderView(order)) : error(404, 'RESOURCE_NOT_FOUND', 'INVALID_RESOURCE_ID');
    }

    if (req.method === 'POST' && url.pathname === '/v1/notifications/verify-webhook-signature') {
      const b = body as Record<string, unknown>;
      for (const field of [
        'auth_algo',
        'cert_url',
        'transmission_id',
        'transmission_sig',
        'transmission_time',
        'webhook_id',
      ]) {
        if (typeof b?.[field] !== 'string' || !b[field])
          return error(400, 'VALIDATION_ERROR', 'MISSING_REQUIRED_PARAMETER');
      }
      const expected = await hmac(
        key,
        `${b.transmission_id}|${b.transmission_time}|${JSON.stringify(b.webhook_event)}`,
      );
      const ok = b.webhook_id === webhookId && b.transmission_sig === expected;
      return json(200, { verification_status: ok ? 'SUCCESS' : 'FAILURE' });
    }

    return error(404, 'NOT_FOUND');
  });

  const url = `http://127.0.0.1:${server.addr.port}`;
  return {
    url,
    clientId,
    clientSecret,
    webhookId,
    orders,
    requests,
    captureAs,
    async sign(event: unknown) {
      const transmissionId = crypto.randomUUID();
      const transmissionTime = new Date().toISOString();
      return {
        'paypal-auth-algo': 'SHA256withRSA',
        'paypal-cert-url': `${url}/v1/notifications/certs/CERT-TEST`,
        'paypal-transmission-id': transmissionId,
        'paypal-transmission-sig': await hmac(
          key,
          `${transmissionId}|${transmissionTime}|${JSON.stringify(event)}`,
        ),
        'paypal-transmission-time': transmissionTime,
      };
    },
    stop: () => server.shutdown(),
  };
}
