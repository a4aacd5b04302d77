/** Profile → Developers: API keys and the account's webhook (browser routes `/api/api-keys`, `/api/webhooks`). */
import * as z from 'zod/mini';

/** An API key as listed; the secret itself is in the create answer only. */
export const ApiKey = z.object({
  id: z.string(),
  name: z.string(),
  prefix: z.string(),
  createdAt: z.string(),
  lastUsedAt: z.nullable(z.string()),
  revokedAt: z.nullable(z.string()),
});
export type ApiKey = z.infer<typeof ApiKey>;

export const WebhookEndpoint = z.object({
  url: z.string(),
  secret: z.string(),
  enabled: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type WebhookEndpoint = z.infer<typeof WebhookEndpoint>;

/** The event types `public.webhook_events` allows. */
export const WEBHOOK_EVENT_TYPES = ['generation.completed', 'generation.failed', 'ping'] as const;
export const WebhookEventType = z.enum(WEBHOOK_EVENT_TYPES);
export type WebhookEventType = z.infer<typeof WebhookEventType>;

export const DELIVERY_STATUSES = ['pending', 'delivered', 'failed'] as const;
export const DeliveryStatus = z.enum(DELIVERY_STATUSES);
export type DeliveryStatus = z.infer<typeof DeliveryStatus>;

/** One attempt series of one event to the endpoint, as the delivery log shows it. */
export const WebhookDelivery = z.object({
  id: z.number(),
  /** As sent in `Lift3D-Event-Id`: `evt_<uuid>`. */
  eventId: z.string(),
  type: WebhookEventType,
  generationId: z.nullable(z.string()),
  status: DeliveryStatus,
  attempts: z.number(),
  responseCode: z.nullable(z.number()),
  error: z.nullable(z.string()),
  durationMs: z.nullable(z.number()),
  nextAttemptAt: z.nullable(z.string()),
  deliveredAt: z.nullable(z.string()),
  resendOf: z.nullable(z.number()),
  createdAt: z.string(),
});
export type WebhookDelivery = z.infer<typeof WebhookDelivery>;

/** `GET /api/webhooks/deliveries`: newest first; `nextCursor` is the `before` of the next page. */
export const DeliveryPage = z.object({
  deliveries: z.array(WebhookDelivery),
  nextCursor: z.nullable(z.number()),
});
export type DeliveryPage = z.infer<typeof DeliveryPage>;

/** Rows of the delivery log a page shows unless asked, and the most it shows. */
export const DELIVERY_PAGE_LIMITS = { limit: 20, maxLimit: 100 } as const;

/**
 * Its query: `limit` is held to 1–100 (a number out of range or not a number reads as the nearest or the
 * default, as a log's "show more" should never fail); `before` is a delivery id.
 */
export const DeliveriesQuery = z.object({
  limit: z.pipe(
    z._default(z.optional(z.union([z.string(), z.number()])), DELIVERY_PAGE_LIMITS.limit),
    z.transform((raw: string | number) =>
      Math.min(
        Math.max(Math.trunc(Number(raw)) || DELIVERY_PAGE_LIMITS.limit, 1),
        DELIVERY_PAGE_LIMITS.maxLimit,
      ),
    ),
  ),
  before: z.optional(
    z.pipe(
      z.coerce.string().check(z.regex(/^[1-9][0-9]{0,15}$/, 'must be a delivery id.')),
      z.transform(Number),
    ),
  ),
});
