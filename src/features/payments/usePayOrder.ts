import { useQuery } from '@tanstack/react-query';
import { ApiError } from '../../lib/api';
import { useAuth } from '../auth/context';
import { fetchOrderStatus, type OrderStatus } from './api';
import type { PayParams } from './cardForm';

/** What /pay shows and charges: the server's order when there is one, never the URL's figures for it. */
export type PayOrder =
  /** A bare /pay: the spec's front-end-only demo, described by its URL. */
  | { kind: 'url'; amount: number | null; currency: string; description: string; credits: number | null }
  | { kind: 'loading' }
  | { kind: 'signed-out' }
  | { kind: 'missing' }
  | { kind: 'error'; message: string }
  | { kind: 'order'; order: OrderStatus };

export function usePayOrder(params: PayParams): PayOrder {
  const { user, loading } = useAuth();
  const id = params.order;
  const query = useQuery({
    queryKey: ['demo-order', user?.id ?? null, id],
    queryFn: () => fetchOrderStatus('demo', id as string),
    enabled: id !== null && user !== null,
    retry: (n, err) => !(err instanceof ApiError && err.status < 500) && n < 2,
  });
  if (id === null) {
    const { amount, currency, description, credits } = params;
    return { kind: 'url', amount, currency, description, credits };
  }
  if (loading) return { kind: 'loading' };
  if (!user) return { kind: 'signed-out' };
  if (query.data) return { kind: 'order', order: query.data };
  if (query.error) {
    const e = query.error;
    if (e instanceof ApiError && (e.status === 404 || e.status === 400)) return { kind: 'missing' };
    return { kind: 'error', message: e.message };
  }
  return { kind: 'loading' };
}
