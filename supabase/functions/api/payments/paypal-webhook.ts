/**
 * What each verified PayPal webhook event does to an order. Runs in one transaction with the event's
 * record, so a failure leaves no trace and PayPal's retry processes it again.
 */
import type { Tx } from '../core/db.ts';
import { settle } from './orders.ts';
import { toCents } from './paypal-client.ts';

export interface WebhookEvent {
  id?: string;
  event_type?: string;
  resource?: {
    id?: string;
    status?: string;
    amount?: { currency_code?: string; value?: string };
    supplementary_data?: { related_ids?: { order_id?: string } };
    links?: Array<{ rel?: string; href?: string }>;
  };
}

/** The capture a refund or reversal belongs to: its `up` link names it; a capture resource is itself. */
function captureIdOf(resource: NonNullable<WebhookEvent['resource']>): string | null {
  const up = resource.links?.find((l) => l.rel === 'up' && /\/captures\//.test(l.href ?? ''));
  const m = up?.href ? /\/captures\/([^/?#]+)/.exec(up.href) : null;
  return m ? decodeURIComponent(m[1]) : (resource.id ?? null);
}

export async function handleWebhookEvent(tx: Tx, event: WebhookEvent): Promise<Record<string, unknown>> {
  const type = event.event_type ?? '';
  const resource = event.resource;
  if (!event.id || !resource) return { ignored: 'not an event' };
  const [rec] = await tx<{ fresh: boolean }[]>`
    select public.record_payment_event(${event.id}, 'paypal', ${type}, ${resource.id ?? null}) as fresh`;
  if (!rec.fresh) return { duplicate: true };

  let result: Record<string, unknown>;
  const statusFor: Record<string, string> = {
    'PAYMENT.CAPTURE.COMPLETED': 'COMPLETED',
    'PAYMENT.CAPTURE.PENDING': 'PENDING',
    'PAYMENT.CAPTURE.DENIED': 'DENIED',
    'PAYMENT.CAPTURE.DECLINED': 'DENIED',
  };
  if (type in statusFor) {
    const orderId = resource.supplementary_data?.related_ids?.order_id;
    const known = orderId
      ? await tx`select 1 from public.payment_orders where provider = 'paypal' and provider_order_id = ${orderId}`
      : [];
    if (!orderId || !resource.id || known.length === 0) {
      result = { ignored: 'no order of ours' };
    } else {
      const order = await settle(tx, {
        provider: 'paypal',
        providerOrderId: orderId,
        captureId: resource.id,
        captureStatus: statusFor[type],
        amountCents: toCents(resource.amount?.value),
        currency: resource.amount?.currency_code ?? null,
        userId: null,
      });
      result = { status: order.status, credited: order.credited };
    }
  } else if (type === 'PAYMENT.CAPTURE.REFUNDED' || type === 'PAYMENT.CAPTURE.REVERSED') {
    const captureId = captureIdOf(resource);
    const known = captureId
      ? await tx`select 1 from public.payment_orders where capture_id = ${captureId}`
      : [];
    if (!captureId || known.length === 0) {
      result = { ignored: 'no capture of ours' };
    } else {
      const kind = type === 'PAYMENT.CAPTURE.REFUNDED' ? 'refunded' : 'reversed';
      const [row] = await tx<{ j: { status: string } }[]>`
        select public.reverse_payment_order(${captureId}, ${kind}) as j`;
      result = { status: row.j.status };
    }
  } else {
    result = { ignored: type || 'no event type' };
  }
  await tx`select public.set_payment_event_result(${event.id}, ${tx.json(result as never)})`;
  return result;
}
