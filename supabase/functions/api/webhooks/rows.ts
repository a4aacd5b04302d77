/** The webhook rows as the browser sees them (camelCase, event ids as sent, ISO times). */
import type { DeliveryPage, Tables, WebhookDelivery, WebhookEndpoint } from '@lift3d/contract';
import type { Tx } from '../core/db.ts';
import { notFound } from '../core/errors.ts';

export type EndpointRow = Pick<
  Tables<'webhook_endpoints'>,
  'url' | 'secret' | 'enabled' | 'created_at' | 'updated_at'
>;

export function endpointJson(row: EndpointRow): WebhookEndpoint {
  return {
    url: row.url,
    secret: row.secret,
    enabled: row.enabled,
    createdAt: row.created_at.toISOString(),
    updatedAt: row.updated_at.toISOString(),
  };
}

/** A delivery with its event's type and data (listDeliveries' join). */
type DeliveryRow = Pick<
  Tables<'webhook_deliveries'>,
  | 'id'
  | 'event_id'
  | 'status'
  | 'attempts'
  | 'last_status_code'
  | 'last_error'
  | 'last_duration_ms'
  | 'next_attempt_at'
  | 'delivered_at'
  | 'resend_of'
  | 'created_at'
> &
  Pick<Tables<'webhook_events'>, 'type' | 'data'>;

/** The event's generation, when its data names one (a ping has none). */
function generationIdOf(data: Tables<'webhook_events'>['data']): string | null {
  if (!data || typeof data !== 'object' || Array.isArray(data)) return null;
  return typeof data.generation_id === 'string' ? data.generation_id : null;
}

function deliveryJson(row: DeliveryRow): WebhookDelivery {
  return {
    id: Number(row.id),
    eventId: `evt_${row.event_id}`,
    type: row.type,
    generationId: generationIdOf(row.data),
    status: row.status,
    attempts: row.attempts,
    responseCode: row.last_status_code,
    error: row.last_error,
    durationMs: row.last_duration_ms,
    nextAttemptAt: row.status === 'pending' ? row.next_attempt_at.toISOString() : null,
    deliveredAt: row.delivered_at?.toISOString() ?? null,
    resendOf: row.resend_of === null ? null : Number(row.resend_of),
    createdAt: row.created_at.toISOString(),
  };
}

/** The caller's deliveries, newest first, `limit` of them with ids below `before` (RLS keeps them the caller's). */
export async function listDeliveries(tx: Tx, limit: number, before: number | null): Promise<DeliveryPage> {
  const rows = await tx<DeliveryRow[]>`
    select d.id, d.event_id, v.type, v.data, d.status, d.attempts, d.last_status_code, d.last_error,
           d.last_duration_ms, d.next_attempt_at, d.delivered_at, d.resend_of, d.created_at
      from public.webhook_deliveries d join public.webhook_events v on v.id = d.event_id
     where ${before === null ? tx`true` : tx`d.id < ${before}`}
     order by d.id desc limit ${limit + 1}`;
  const page = rows.slice(0, limit).map(deliveryJson);
  return { deliveries: page, nextCursor: rows.length > limit ? page[page.length - 1].id : null };
}

export async function readDelivery(tx: Tx, id: number): Promise<WebhookDelivery> {
  const { deliveries } = await listDeliveries(tx, 1, id + 1);
  if (deliveries[0]?.id !== id) throw notFound('No such delivery.');
  return deliveries[0];
}
