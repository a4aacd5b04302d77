/**
 * The credit packs shown on the landing page and at checkout (SPEC §3, §9). The database defines them
 * (supabase/migrations/*_credit_packs.sql) and `useCreditPacks()` reads them from `GET /api/credit-packs`;
 * this list is only the first paint and the fallback when the API cannot be reached, and must match the
 * migration's seed. Nothing else may hard-code a pack.
 */
import type { CreditPack } from '@lift3d/contract';
import { formatCount } from '../../lib/format-number';

export { formatEuro } from '../../lib/format-number';

/**
 * A pack as the SPA shows it: the contract's pack without the admin's fields, its price in euro, and its
 * bonus computed from the prices (`withPriceBonuses`).
 */
export type PackOffer = Pick<
  CreditPack,
  'id' | 'name' | 'credits' | 'price' | 'currency' | 'popular' | 'note' | 'features'
> & { bonus?: string };

export const CREDIT_PACKS: readonly PackOffer[] = [
  {
    id: 'starter',
    name: 'Starter',
    credits: 5600,
    price: 13,
    currency: 'EUR',
    popular: false,
    note: 'Perfect for small projects and testing',
    features: [
      'Every export format included',
      'Turntable video previews',
      'Commercial license',
      'Email support',
    ],
  },
  {
    id: 'professional',
    name: 'Professional',
    credits: 12000,
    price: 20,
    currency: 'EUR',
    popular: true,
    note: 'For professionals and regular users',
    features: ['Everything in Starter', 'Priority support', 'Batch processing', 'Commercial license'],
  },
  {
    id: 'enterprise',
    name: 'Enterprise',
    credits: 40000,
    price: 45,
    currency: 'EUR',
    popular: false,
    note: 'For large projects and teams',
    features: [
      'Everything in Professional',
      'Dedicated support',
      'Advanced batch processing',
      'Custom integrations',
    ],
  },
];

/** Whole generations a number of credits pays for at `cost` credits each (from `useGenerationCost`). */
export function generationsFor(credits: number, cost: number): number {
  return Math.floor(credits / cost);
}

/** `generationsFor` as text, an ellipsis while the price is not known yet. */
export function generationsText(credits: number, cost: number | null): string {
  return cost === null || cost <= 0 ? '…' : formatCount(generationsFor(credits, cost));
}

/** Price per 1,000 credits, two decimals. */
export function pricePerThousand(pack: Pick<PackOffer, 'credits' | 'price'>): string {
  return ((pack.price / pack.credits) * 1000).toFixed(2);
}

/**
 * Each pack's bonus as its prices make it: how many more credits a euro buys than in the pack with the
 * fewest credits per euro ("39% more credits per euro"), rounded down so it never promises more; none
 * below 1%. A stored bonus text is not trusted: an admin's price change would leave it false.
 */
export function withPriceBonuses(packs: readonly PackOffer[]): PackOffer[] {
  const rates = packs.filter((p) => p.price > 0).map((p) => p.credits / p.price);
  const base = rates.length ? Math.min(...rates) : 0;
  return packs.map((p) => {
    const more = base > 0 && p.price > 0 ? Math.floor((p.credits / p.price / base - 1) * 100) : 0;
    return { ...p, bonus: more >= 1 ? `${more}% more credits per euro` : undefined };
  });
}

/** Case-insensitive lookup by id; unknown ids give undefined. */
export function findPack(id: string, packs: readonly PackOffer[] = CREDIT_PACKS): PackOffer | undefined {
  const key = id.trim().toLowerCase();
  return packs.find((p) => p.id === key);
}
