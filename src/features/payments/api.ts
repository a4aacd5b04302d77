import type { CaptureResult, OrderRequest, OrderStatus, PaymentMode } from '@lift3d/contract';
import { api } from '../../lib/api';

export type { OrderStatus };

export type PaymentProvider = PaymentMode;

/** An order the server created; one without an id is 'Failed to create order' (SPEC §8). */
function placed<T extends { orderID: string | null }>(order: T): T & { orderID: string } {
  if (!order.orderID) throw new Error('Failed to create order');
  return { ...order, orderID: order.orderID };
}

/** Creates an order; throws the server's error or 'Failed to create order'. */
export const createDemoOrder = async (request: OrderRequest) =>
  placed(await api.call('createDemoOrder', { body: request }));
export const createPayPalOrder = async (request: OrderRequest) =>
  placed(await api.call('createPayPalOrder', { body: request }));

export function capturePaymentOrder(provider: PaymentProvider, orderID: string): Promise<CaptureResult> {
  return api.call('captureOrder', { params: { provider }, body: { orderID } });
}

export function fetchOrderStatus(provider: PaymentProvider, orderID: string): Promise<OrderStatus> {
  return api.call('orderStatus', { params: { provider, orderID } });
}
