/**
 * The credit packs shown on the landing page and at checkout (SPEC §3, §9). This is the single front-end
 * list until the packs are read from the database; nothing else may hard-code a pack.
 */

/** Credits one conversion (a 3D model or a video) costs. */
export const CREDITS_PER_GENERATION = 50;

export type PackId = 'starter' | 'professional' | 'enterprise';

export interface CreditPack {
  id: PackId;
  name: string;
  credits: number;
  /** Price in euro. */
  price: number;
  currency: 'EUR';
  popular: boolean;
  note: string;
  /** The headline bonus against the Starter rate, if any. */
  bonus?: string;
  features: string[];
}

export const CREDIT_PACKS: readonly CreditPack[] = [
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
    bonus: '33% more credits',
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
    bonus: '67% more credits',
    features: [
      'Everything in Professional',
      'Dedicated support',
      'Advanced batch processing',
      'Custom integrations',
    ],
  },
];

/** Whole generations a number of credits pays for. */
export function generationsFor(credits: number): number {
  return Math.floor(credits / CREDITS_PER_GENERATION);
}

/** Price per 1,000 credits, two decimals. */
export function pricePerThousand(pack: Pick<CreditPack, 'credits' | 'price'>): string {
  return ((pack.price / pack.credits) * 1000).toFixed(2);
}

/** Case-insensitive lookup by id; unknown ids give undefined. */
export function findPack(id: string): CreditPack | undefined {
  const key = id.trim().toLowerCase();
  return CREDIT_PACKS.find((p) => p.id === key);
}

export function formatEuro(amount: number): string {
  return new Intl.NumberFormat('en-IE', {
    style: 'currency',
    currency: 'EUR',
    minimumFractionDigits: Number.isInteger(amount) ? 0 : 2,
  }).format(amount);
}
