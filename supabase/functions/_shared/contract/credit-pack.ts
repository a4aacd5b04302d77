/** Credit packs as `/api/credit-packs` and `/api/admin/credit-packs` answer them (public.credit_packs). */
import * as z from 'zod/mini';

export const PACK_STATUSES = ['active', 'inactive'] as const;

/** What both answers say of a pack. */
export const PackSummary = z.object({
  id: z.string(),
  name: z.string(),
  credits: z.number(),
  /** The price as stored and charged. */
  priceCents: z.number(),
  /** Euro (major units), priceCents / 100. */
  price: z.number(),
  currency: z.string(),
  popular: z.boolean(),
  status: z.enum(PACK_STATUSES),
  note: z.string(),
  externalProductId: z.nullable(z.string()),
});
export type PackSummary = z.infer<typeof PackSummary>;

/** `GET /api/credit-packs`: what the landing page and checkout show. */
export const CreditPack = z.extend(PackSummary, {
  bonus: z.nullable(z.string()),
  features: z.array(z.string()),
});
export type CreditPack = z.infer<typeof CreditPack>;

/** `/api/admin/credit-packs`: the admin's table. */
export const AdminCreditPack = z.extend(PackSummary, { createdAt: z.string(), updatedAt: z.string() });
export type AdminCreditPack = z.infer<typeof AdminCreditPack>;

/** The largest pack an admin may create: the same bound for the form and the api. */
export const ADMIN_PACKS_LIMITS = { maxCredits: 10_000_000, maxPriceCents: 10_000_00 } as const;
