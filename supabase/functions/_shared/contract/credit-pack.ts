/** A credit pack as `GET /api/credit-packs` answers it (public.credit_packs, prices in cents there). */
import * as z from 'zod/mini';

export const PACK_STATUSES = ['active', 'inactive'] as const;

export const CreditPack = z.object({
  id: z.string(),
  name: z.string(),
  credits: z.number(),
  priceCents: z.number(),
  /** Euro (major units), priceCents / 100. */
  price: z.number(),
  currency: z.string(),
  popular: z.boolean(),
  status: z.enum(PACK_STATUSES),
  note: z.string(),
  bonus: z.nullable(z.string()),
  features: z.array(z.string()),
  externalProductId: z.nullable(z.string()),
});
export type CreditPack = z.infer<typeof CreditPack>;
