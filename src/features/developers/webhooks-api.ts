/** The browser side of `/api/webhooks` (session token): the endpoint, test events, the delivery log. */
import type { DeliveryPage, WebhookDelivery, WebhookEndpoint } from '@lift3d/contract';
import { api } from '../../lib/api';

export type { DeliveryPage, WebhookDelivery, WebhookEndpoint };

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
