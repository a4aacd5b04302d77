import { api } from '../../lib/api';

/** SPEC §3 "Payment order request"; the server prices the order from `packageId` alone. */
export interface PaymentOrderRequest {
  packageId: string;
  credits: number;
  price: number;
  userId: string;
  customerEmail: string;
  verification: 'SCA_WHEN_REQUIRED';
}

export interface DemoOrder {
  orderID: string;
  pack: string;
  credits: number;
  amount: number;
  currency: string;
  description: string;
}

export interface CaptureResult {
  success: boolean;
  status: string;
  orderID: string;
  credits: number;
  credited: boolean;
  balance: number | null;
}

export type PaymentProvider = 'paypal' | 'demo';

/** Creates an order; throws the server's error or 'Failed to create order' (SPEC §8). */
export async function createPaymentOrder<T extends { orderID?: string; error?: string }>(
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

/** What the server knows about one of the caller's orders (GET /api/{provider}/orders/{id}). */
export interface OrderStatus {
  orderID: string;
  pack: string;
  credits: number;
  status: 'created' | 'pending' | 'completed' | 'denied' | 'review' | 'refunded' | 'reversed';
  credited: boolean;
  balance: number;
}

export function fetchOrderStatus(provider: PaymentProvider, orderID: string): Promise<OrderStatus> {
  return api.get<OrderStatus>(`/${provider}/orders/${encodeURIComponent(orderID)}`);
}
