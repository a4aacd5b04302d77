import type { OrderRequest } from '@lift3d/contract';
import type { User } from '../../lib/api';
import type { PackOffer } from '../credits/packs';

/** SPEC §3 "Payment order request" for a pack and the (possibly absent) signed-in user. */
export function orderRequest(pack: PackOffer, user: User | null): OrderRequest {
  return {
    packageId: pack.id,
    credits: pack.credits,
    price: pack.price,
    userId: user?.id ?? 'guest',
    customerEmail: user?.email ?? '',
    verification: 'SCA_WHEN_REQUIRED',
  };
}
