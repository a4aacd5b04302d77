import type { CreditPack as WirePack } from '@lift3d/contract';
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { api } from '../../lib/api';
import { CREDIT_PACKS, type PackOffer, withPriceBonuses } from './packs';

/** A pack as `GET /api/credit-packs` returns it (the fields the SPA reads). */
type ApiCreditPack = Pick<
  WirePack,
  'id' | 'name' | 'credits' | 'priceCents' | 'currency' | 'popular' | 'note' | 'bonus' | 'features'
>;

function fromApiPack(p: ApiCreditPack): PackOffer {
  return {
    id: p.id,
    name: p.name,
    credits: p.credits,
    price: p.priceCents / 100,
    currency: p.currency,
    popular: p.popular,
    note: p.note,
    bonus: p.bonus ?? undefined,
    features: p.features,
  };
}

const creditPacksQuery = {
  queryKey: ['credit-packs'] as const,
  queryFn: async (): Promise<PackOffer[]> => {
    const { packs } = await api.call('creditPacks', { anonymous: true });
    return packs.map(fromApiPack);
  },
};

/**
 * The active packs from the database. The shared list paints first and stays when the API is
 * unreachable, so pricing never disappears; prices charged always come from the server anyway.
 */
export function useCreditPacks(): { packs: readonly PackOffer[]; fromServer: boolean } {
  const query = useQuery({ ...creditPacksQuery, staleTime: 60_000 });
  const packs = useMemo(
    () => withPriceBonuses(query.data && query.data.length > 0 ? query.data : CREDIT_PACKS),
    [query.data],
  );
  return { packs, fromServer: Boolean(query.data) };
}
