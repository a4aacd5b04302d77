/** The checkout answers of `/api/{paypal,demo}/…` (DESIGN §6), for both providers alike. */
import * as z from 'zod/mini';

/** An order's states in `public.payment_orders`. */
export const ORDER_STATUSES = [
  'created',
  'pending',
  'completed',
  'denied',
  'review',
  'refunded',
  'reversed',
] as const;
export const OrderState = z.enum(ORDER_STATUSES);
export type OrderState = z.infer<typeof OrderState>;

/** `GET /api/{provider}/orders/{id}`: what the success page may say, as the server knows it. */
export const OrderStatus = z.object({
  orderID: z.string(),
  pack: z.string(),
  credits: z.number(),
  /** What the order costs, in minor units of `currency`, fixed when it was created. */
  amount: z.number(),
  currency: z.string(),
  /** The pack as the buyer chose it ("Starter pack"). */
  description: z.string(),
  status: OrderState,
  /** The pack's credits are in the caller's balance now. */
  credited: z.boolean(),
  balance: z.number(),
});
export type OrderStatus = z.infer<typeof OrderStatus>;

/** `POST /api/{provider}/capture-order`: `success` only when the credits were (or already had been) added. */
export const CaptureResult = z.object({
  success: z.boolean(),
  status: OrderState,
  orderID: z.nullable(z.string()),
  credits: z.number(),
  credited: z.boolean(),
  balance: z.nullable(z.number()),
});
export type CaptureResult = z.infer<typeof CaptureResult>;

/** `POST /api/demo/create-order` (the local stack's card form). */
export const DemoOrder = z.object({
  orderID: z.nullable(z.string()),
  pack: z.string(),
  credits: z.number(),
  /** Cents. */
  amount: z.number(),
  currency: z.string(),
  description: z.string(),
});
export type DemoOrder = z.infer<typeof DemoOrder>;

/**
 * `POST /api/{provider}/create-order` (SPEC §3 "Payment order request"). Only `packageId` decides
 * anything: credits and price are taken from the pack in the database and the user from the access token,
 * whatever the rest of the body says; the SPA sends them for the provider's receipt.
 */
export const OrderRequest = z.object({
  packageId: z.pipe(
    z.string().check(z.trim(), z.minLength(1, 'Choose a credit pack.'), z.maxLength(40)),
    z.transform((v: string) => v.toLowerCase()),
  ),
  credits: z.optional(z.number()),
  price: z.optional(z.number()),
  userId: z.optional(z.string()),
  customerEmail: z.optional(z.string()),
  verification: z.optional(z.literal('SCA_WHEN_REQUIRED')),
});
export type OrderRequest = z.input<typeof OrderRequest>;

/** `POST /api/{provider}/capture-order`. */
export const CaptureRequest = z.object({
  orderID: z.string().check(z.trim(), z.minLength(1, 'orderID is required.'), z.maxLength(64)),
});
export type CaptureRequest = z.input<typeof CaptureRequest>;
