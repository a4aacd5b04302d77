/**
 * PayPal checkout (Orders v2): create an order at the pack's stored price, capture it for its own user,
 * and settle asynchronous outcomes from verified webhooks.
 *
 * notes:
 * - Exactly once: the SQL function locks the order, the capture id is unique and is the ledger reference,
 *   so a capture request racing its own webhook (or itself) credits once.
 * - PENDING captures (e.g. eCheck, review at PayPal) grant nothing; PAYMENT.CAPTURE.COMPLETED does later.
 * - Every webhook is verified with PayPal's verify-webhook-signature API before anything is read from it;
 *   event ids are recorded so a replay is acknowledged without being processed again.
 */

import { CaptureRequest, OrderRequest } from '@lift3d/contract';
import { Hono } from 'hono';
import { requireUser } from '../core/auth.ts';
import type { AppDeps, AppEnv } from '../core/deps.ts';
import { ApiError, badRequest } from '../core/errors.ts';
import { jsonBody } from '../core/validate.ts';
import { captureResponse, createOrder, orderIdParam, orderStatus, ownOrder, settle } from './orders.ts';
import { firstCapture, PayPalClient, type PayPalOrder, toCents } from './paypal-client.ts';
import { handleWebhookEvent, type WebhookEvent } from './paypal-webhook.ts';

export function paypalRoutes({ db, config }: AppDeps) {
  const client = config.paypal ? new PayPalClient(config.paypal) : null;
  const paypal = () => {
    if (!client) throw new ApiError(503, 'PayPal is not configured on this server.', 'unavailable');
    return client;
  };

  return new Hono<AppEnv>()
    .post('/create-order', jsonBody(OrderRequest), async (c) => {
      const pp = paypal();
      const caller = requireUser(c.get('caller'));
      const body = c.req.valid('json');
      const order = await createOrder(db, caller.userId, body.packageId, 'paypal');
      const created = await pp.createOrder({
        requestId: `create-${order.id}`,
        referenceId: order.pack,
        customId: `user:${caller.userId};pack:${order.pack}`,
        invoiceId: order.id,
        description: `Lift3D ${order.packName ?? order.pack} pack: ${order.credits.toLocaleString('en-US')} credits`,
        amountCents: order.amountCents,
        currency: order.currency,
      });
      if (!created?.id) throw new ApiError(502, 'The payment provider did not return an order.');
      await db.asService((tx) => tx`select public.attach_provider_order(${order.id}, ${created.id})`);
      return c.json({ orderID: created.id });
    })
    .get('/orders/:orderID', async (c) => {
      const caller = requireUser(c.get('caller'));
      const orderID = orderIdParam(c.req.param('orderID'));
      return c.json(await orderStatus(db, caller, 'paypal', orderID));
    })
    .post('/capture-order', jsonBody(CaptureRequest), async (c) => {
      const pp = paypal();
      const caller = requireUser(c.get('caller'));
      const { orderID } = c.req.valid('json');
      const order = await ownOrder(db, caller, 'paypal', orderID);
      if (order.status === 'completed') {
        const [p] = await db.asCaller(
          caller,
          (tx) => tx`select credits from public.profiles where id = ${caller.userId}`,
        );
        return c.json({
          success: true,
          status: 'completed',
          orderID,
          credits: order.credits,
          credited: false,
          balance: p?.credits ?? null,
        });
      }
      const result = await capture(pp, orderID, order.id);
      const cap = firstCapture(result);
      if (!cap?.id) {
        throw new ApiError(
          502,
          'The payment provider did not report a capture. No credits were added; please try again.',
        );
      }
      const settled = await db.asService((tx) =>
        settle(tx, {
          provider: 'paypal',
          providerOrderId: orderID,
          captureId: cap.id,
          captureStatus: cap.status,
          amountCents: toCents(cap.amount?.value),
          currency: cap.amount?.currency_code ?? null,
          userId: caller.userId,
        }),
      );
      return c.json(captureResponse(settled));
    })
    .post('/webhook', async (c) => {
      const pp = paypal();
      const raw = await c.req.text();
      let event: WebhookEvent;
      try {
        event = JSON.parse(raw);
      } catch {
        throw badRequest('The webhook body must be JSON.');
      }
      const h = (name: string) => c.req.header(name) ?? null;
      const verified = await pp.verifyWebhook(
        {
          authAlgo: h('paypal-auth-algo'),
          certUrl: h('paypal-cert-url'),
          transmissionId: h('paypal-transmission-id'),
          transmissionSig: h('paypal-transmission-sig'),
          transmissionTime: h('paypal-transmission-time'),
        },
        event,
      );
      if (!verified) {
        throw new ApiError(
          400,
          'The webhook signature could not be verified; the event was ignored.',
          'invalid_signature',
        );
      }
      const result = await db.asService((tx) => handleWebhookEvent(tx, event));
      return c.json({ received: true, ...result });
    });
}

/** Captures once (PayPal-Request-Id); an order PayPal already captured is read back instead. */
async function capture(pp: PayPalClient, orderId: string, ourId: string): Promise<PayPalOrder> {
  try {
    return await pp.captureOrder(orderId, `capture-${ourId}`);
  } catch (error) {
    const existing = await pp.getOrder(orderId).catch(() => null);
    if (existing && firstCapture(existing)) return existing;
    throw error;
  }
}
