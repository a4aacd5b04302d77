/** The browser side of `/api/webhooks` (session token): the endpoint, test events, the delivery log. */
import { api } from '../../lib/api';

export interface WebhookEndpoint {
  url: string;
  secret: string;
  enabled: boolean;
  createdAt: string;
  updatedAt: string;
}

export interface WebhookDelivery {
  id: number;
  eventId: string;
  type: 'generation.completed' | 'generation.failed' | 'ping';
  generationId: string | null;
  status: 'pending' | 'delivered' | 'failed';
  attempts: number;
  responseCode: number | null;
  error: string | null;
  durationMs: number | null;
  nextAttemptAt: string | null;
  deliveredAt: string | null;
  resendOf: number | null;
  createdAt: string;
}

export interface DeliveryPage {
  deliveries: WebhookDelivery[];
  nextCursor: number | null;
}

export const getEndpoint = async () =>
  (await api.get<{ endpoint: WebhookEndpoint | null }>('/webhooks/endpoint')).endpoint;
export const saveEndpoint = async (changes: { url: string; enabled: boolean }) =>
  (await api.put<{ endpoint: WebhookEndpoint }>('/webhooks/endpoint', changes)).endpoint;
export const rotateSecret = async () =>
  (await api.post<{ endpoint: WebhookEndpoint }>('/webhooks/endpoint/rotate')).endpoint;
export const sendTestEvent = async () =>
  (await api.post<{ delivery: WebhookDelivery }>('/webhooks/test')).delivery;
export const resendDelivery = async (id: number) =>
  (await api.post<{ delivery: WebhookDelivery }>(`/webhooks/deliveries/${id}/resend`)).delivery;
export const listDeliveries = (before: number | null, limit = 10) =>
  api.get<DeliveryPage>(`/webhooks/deliveries?limit=${limit}${before === null ? '' : `&before=${before}`}`);
