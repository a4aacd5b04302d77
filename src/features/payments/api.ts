import type { CaptureResult, DemoOrder, OrderRequest, OrderStatus, PaymentMode } from '@lift3d/contract';
import { api } from '../../lib/api';

export type { DemoOrder, OrderStatus };

export type PaymentProvider = PaymentMode;

/** Creates an order; throws the server's error or 'Failed to create order' (SPEC §8). */
export async function createPaymentOrder<T extends { orderID?: string | null; error?: string }>(
  provider: PaymentProvider,
  request: OrderRequest,
): Promise<T & { orderID: string }> {
  const res: T = await api.call('createOrder', { params: { provider }, body: request });
  if (!res?.orderID) throw new Error(res?.error || 'Failed to create order');
  return res as T & { orderID: string };
}

export function capturePaymentOrder(provider: PaymentProvider, orderID: string): Promise<CaptureResult> {
  return api.call('captureOrder', { params: { provider }, body: { orderID } });
}

export function fetchOrderStatus(provider: PaymentProvider, orderID: string): Promise<OrderStatus> {
  return api.call('orderStatus', { params: { provider, orderID } });
}
