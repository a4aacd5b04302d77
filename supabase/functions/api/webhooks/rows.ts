/** The webhook rows as the browser sees them (camelCase, event ids as sent, ISO times). */
import type {
  DeliveryPage,
  DeliveryStatus,
  WebhookDelivery,
  WebhookEndpoint,
  WebhookEventType,
} from '@lift3d/contract';
import type { Tx } from '../core/db.ts';
import { notFound } from '../core/errors.ts';

export interface EndpointRow {
  url: string;
  secret: string;
  enabled: boolean;
  created_at: Date;
  updated_at: Date;
}

export function endpointJson(row: EndpointRow): WebhookEndpoint {
  return {
    url: row.url,
    secret: row.secret,
    enabled: row.enabled,
    createdAt: row.created_at.toISOString(),
    updatedAt: row.updated_at.toISOString(),
  };
}

interface DeliveryRow {
  id: string;
  event_id: string;
  /** Text columns whose check constraints allow only the contract's values. */
  type: WebhookEventType;
  data: Record<string, unknown>;
  status: DeliveryStatus;
  attempts: number;
  last_status_code: number | null;
  last_error: string | null;
  last_duration_ms: number | null;
  next_attempt_at: Date;
  delivered_at: Date | null;
  resend_of: string | null;
  created_at: Date;
}

function deliveryJson(row: DeliveryRow): WebhookDelivery {
  return {
    id: Number(row.id),
    eventId: `evt_${row.event_id}`,
    type: row.type,
    generationId: typeof row.data.generation_id === 'string' ? row.data.generation_id : null,
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
