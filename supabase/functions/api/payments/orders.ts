/**
 * Shared steps of every checkout provider: the order request body, creating an order at the pack's
 * stored price, reading an order the caller owns, and settling it through the SQL functions that credit
 * exactly once.
 */
import type { CaptureResult, OrderState, OrderStatus, PaymentMode, Tables } from '@lift3d/contract';
import type { Caller, Db, Tx } from '../core/db.ts';
import { ApiError, badRequest, forbidden, notFound } from '../core/errors.ts';

export type Provider = PaymentMode;

/** What `public.payment_order_json` returns. */
export interface OrderJson {
  id: string;
  provider: Provider;
  providerOrderId: string | null;
  userId: string;
  pack: string;
  packName?: string;
  credits: number;
  amountCents: number;
  currency: string;
  status: OrderState;
  captureId: string | null;
  credited: boolean;
  balance: number | null;
}

export function createOrder(db: Db, userId: string, packId: string, provider: Provider): Promise<OrderJson> {
  return db.asService(async (tx) => {
    const [row] = await tx<{ j: OrderJson }[]>`
      select public.create_payment_order(${userId}, ${packId}, ${provider}) as j`;
    return row.j;
  });
}

type OrderRow = Pick<
  Tables<'payment_orders'>,
  'id' | 'user_id' | 'pack_id' | 'credits' | 'amount_cents' | 'currency' | 'status'
>;

/** The caller's own order by provider id: someone else's order is a 403, an unknown one a 404. */
export async function ownOrder(
  db: Db,
  caller: Caller & { userId: string },
  provider: Provider,
  orderId: string,
) {
  const [row] = await db.asCaller(
    caller,
    (tx) => tx<OrderRow[]>`
      select id, user_id, pack_id, credits, amount_cents, currency, status
        from public.payment_orders where provider = ${provider} and provider_order_id = ${orderId}`,
  );
  if (!row) {
    // RLS hides other people's orders; tell them apart only for the log, not the caller.
    throw notFound('This order does not exist or belongs to another account.');
  }
  if (row.user_id !== caller.userId) throw forbidden('This order belongs to another account.');
  return row;
}

export interface Settlement {
  provider: Provider;
  providerOrderId: string;
  captureId: string;
  captureStatus: string;
  amountCents: number | null;
  currency: string | null;
  /** The user who asked for the capture; null for webhooks. */
  userId: string | null;
}

export async function settle(tx: Tx, s: Settlement): Promise<OrderJson> {
  const [row] = await tx<{ j: OrderJson }[]>`
    select public.complete_payment_order(${s.provider}, ${s.providerOrderId}, ${s.captureId},
      ${s.captureStatus}, ${s.amountCents}, ${s.currency}, ${s.userId}) as j`;
  return row.j;
}

/** The capture answer of SPEC §7: `success` only when credits were (or already had been) added. */
export function captureResponse(order: OrderJson): CaptureResult {
  if (order.status === 'review') {
    throw new ApiError(
      409,
      'The payment amount did not match this order, so no credits were added. Our team will review it; please contact support.',
      'conflict',
    );
  }
  if (order.status === 'denied') {
    throw new ApiError(
      402,
      'The payment was declined. No credits were added; please try another payment method.',
    );
  }
  return {
    success: order.status === 'completed',
    status: order.status,
    orderID: order.providerOrderId,
    credits: order.credits,
    credited: order.credited,
    balance: order.balance,
  };
}

export function orderIdParam(raw: string | undefined): string {
  const id = (raw ?? '').trim();
  if (!id || id.length > 64) throw badRequest('orderID: expected an order id of at most 64 characters.');
  return id;
}

/** The caller's own order (404 for unknown or someone else's, as `ownOrder`) and their balance now. */
export async function orderStatus(
  db: Db,
  caller: Caller & { userId: string },
  provider: Provider,
  orderId: string,
): Promise<OrderStatus> {
  const order = await ownOrder(db, caller, provider, orderId);
  const [profile] = await db.asCaller(
    caller,
    (tx) => tx<{ credits: number; pack_name: string | null }[]>`
      select p.credits, (select k.name from public.credit_packs k where k.id = ${order.pack_id}) as pack_name
        from public.profiles p where p.id = ${caller.userId}`,
  );
  return {
    orderID: orderId,
    pack: order.pack_id,
    credits: order.credits,
    amount: order.amount_cents,
    currency: order.currency,
    description: `${profile?.pack_name ?? order.pack_id} pack`,
    status: order.status,
    credited: order.status === 'completed',
    balance: profile?.credits ?? 0,
  };
}
