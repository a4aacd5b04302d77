/**
 * The demo checkout of the local stack: `/pay` validates a card form in the browser (no card data ever
 * reaches a server) and then completes the demo order here. Credits go through the same SQL function as
 * PayPal captures, exactly once per order. Refused whenever PayPal is configured or in production.
 */
import type { DemoOrder } from '@lift3d/contract';
import { CaptureRequest, OrderRequest } from '@lift3d/contract';
import { Hono } from 'hono';
import { requireUser } from '../core/auth.ts';
import { paymentsMode } from '../core/config.ts';
import type { AppDeps, AppEnv } from '../core/deps.ts';
import { ApiError } from '../core/errors.ts';
import { jsonBody } from '../core/validate.ts';
import { captureResponse, createOrder, orderIdParam, orderStatus, ownOrder, settle } from './orders.ts';

export function demoPaymentRoutes({ db, config }: AppDeps) {
  const requireDemo = () => {
    if (paymentsMode(config) !== 'demo') {
      throw new ApiError(404, 'Demo payments are not available on this server.', 'not_found');
    }
  };
  return new Hono<AppEnv>()
    .post('/create-order', jsonBody(OrderRequest), async (c) => {
      requireDemo();
      const caller = requireUser(c.get('caller'));
      const body = c.req.valid('json');
      const order = await createOrder(db, caller.userId, body.packageId, 'demo');
      const answer: DemoOrder = {
        orderID: order.providerOrderId,
        pack: order.pack,
        credits: order.credits,
        amount: order.amountCents,
        currency: order.currency,
        description: `${order.packName ?? order.pack} pack`,
      };
      return c.json(answer);
    })
    .get('/orders/:orderID', async (c) => {
      requireDemo();
      const caller = requireUser(c.get('caller'));
      const orderID = orderIdParam(c.req.param('orderID'));
      return c.json(await orderStatus(db, caller, 'demo', orderID));
    })
    .post('/capture-order', jsonBody(CaptureRequest), async (c) => {
      requireDemo();
      const caller = requireUser(c.get('caller'));
      const { orderID } = c.req.valid('json');
      const order = await ownOrder(db, caller, 'demo', orderID);
      const settled = await db.asService((tx) =>
        settle(tx, {
          provider: 'demo',
          providerOrderId: orderID,
          captureId: `demo:${order.id}`,
          captureStatus: 'COMPLETED',
          amountCents: order.amount_cents,
          currency: order.currency,
          userId: caller.userId,
        }),
      );
      return c.json(captureResponse(settled));
    });
}
