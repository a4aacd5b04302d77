import type { User } from '../../lib/api';
import type { CreditPack } from '../credits/packs';
import type { PaymentOrderRequest } from './api';

/** SPEC §3 "Payment order request" for a pack and the (possibly absent) signed-in user. */
export function orderRequest(pack: CreditPack, user: User | null): PaymentOrderRequest {
  return {
    packageId: pack.id,
    credits: pack.credits,
    price: pack.price,
    userId: user?.id ?? 'guest',
    customerEmail: user?.email ?? '',
    verification: 'SCA_WHEN_REQUIRED',
  };
}
