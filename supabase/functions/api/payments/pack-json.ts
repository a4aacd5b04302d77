/** One mapping from a public.credit_packs row to the fields every pack answer shares. */
import type { PackSummary, Tables } from '@lift3d/contract';

export type PackSummaryRow = Pick<
  Tables<'credit_packs'>,
  | 'id'
  | 'name'
  | 'credits'
  | 'price_cents'
  | 'currency'
  | 'popular'
  | 'active'
  | 'note'
  | 'external_product_id'
>;

export function packSummary(r: PackSummaryRow): PackSummary {
  return {
    id: r.id,
    name: r.name,
    credits: r.credits,
    priceCents: r.price_cents,
    price: r.price_cents / 100,
    currency: r.currency,
    popular: r.popular,
    status: r.active ? 'active' : 'inactive',
    note: r.note,
    externalProductId: r.external_product_id,
  };
}
