import type { CaptureResult, DemoOrder, OrderStatus, PaymentMode } from '@lift3d/contract';
import { api } from '../../lib/api';

export type { DemoOrder, OrderStatus };

/** SPEC §3 "Payment order request"; the server prices the order from `packageId` alone. */
export interface PaymentOrderRequest {
  packageId: string;
  credits: number;
  price: number;
  userId: string;
  customerEmail: string;
  verification: 'SCA_WHEN_REQUIRED';
}

export type PaymentProvider = PaymentMode;

/** Creates an order; throws the server's error or 'Failed to create order' (SPEC §8). */
export async function createPaymentOrder<T extends { orderID?: string | null; error?: string }>(
  provider: PaymentProvider,
  request: PaymentOrderRequest,
): Promise<T & { orderID: string }> {
  const res = await api.post<T>(`/${provider}/create-order`, request);
  if (!res?.orderID) throw new Error(res?.error || 'Failed to create order');
  return res as T & { orderID: string };
}

export function capturePaymentOrder(provider: PaymentProvider, orderID: string): Promise<CaptureResult> {
  return api.post<CaptureResult>(`/${provider}/capture-order`, { orderID });
}

export function fetchOrderStatus(provider: PaymentProvider, orderID: string): Promise<OrderStatus> {
  return api.get<OrderStatus>(`/${provider}/orders/${encodeURIComponent(orderID)}`);
}
