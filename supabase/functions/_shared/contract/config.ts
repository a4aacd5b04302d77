/**
 * `GET /api/config`: the price of a conversion and the limits a user meets, read from the database
 * (public.settings, admin-editable) and the api's own upload limits, so the SPA shows what the api charges.
 */
import * as z from 'zod/mini';

export const PublicSettings = z.object({
  /** Credits one paid conversion (a 3D model or a video) costs (setting generation.cost_credits). */
  generationCost: z.number(),
  /** Free conversions per account and day in the free studio (setting app66.daily_limit). */
  freeDailyLimit: z.number(),
  /**
   * Conversions one account may have queued or processing at once (setting generation.max_in_flight);
   * each image of a batch is one.
   */
  maxInFlight: z.optional(z.number()),
  /** Images in one batch request: the api's cap, and never more than maxInFlight. */
  maxBatch: z.number(),
  /** Bytes of one uploaded image. */
  maxUploadBytes: z.number(),
  /** S3 storage: the SPA uploads photos itself through POST /api/uploads' presigned URLs. */
  directUploads: z.optional(z.boolean()),
  /** Webhook URLs may also be http and private addresses (the local stack: WEBHOOK_ALLOW_PRIVATE_TARGETS=1). */
  webhookPrivateTargets: z.optional(z.boolean()),
});
export type PublicSettings = z.infer<typeof PublicSettings>;

/** `/config.json`, served by the host next to the SPA (DESIGN §6); every field optional, defaults in the SPA. */
export const PAYMENT_MODES = ['demo', 'paypal'] as const;
export const PaymentMode = z.enum(PAYMENT_MODES);
export type PaymentMode = z.infer<typeof PaymentMode>;
export const HostConfig = z.object({
  supabaseUrl: z.optional(z.string()),
  supabaseAnonKey: z.optional(z.string()),
  apiUrl: z.optional(z.string()),
  googleEnabled: z.optional(z.boolean()),
  payments: z.optional(PaymentMode),
  paypalClientId: z.optional(z.nullable(z.string())),
  /** The local stack's mail inbox page; absent or null where mail goes out for real. */
  mailInboxUrl: z.optional(z.nullable(z.string())),
});
export type HostConfig = z.infer<typeof HostConfig>;
