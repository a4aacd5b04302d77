/** The browser side of `/api/webhooks` (session token): the endpoint, test events, the delivery log. */
import type { DeliveryPage, WebhookDelivery, WebhookEndpoint } from '@lift3d/contract';
import { api } from '../../lib/api';

export type { DeliveryPage, WebhookDelivery, WebhookEndpoint };

export const getEndpoint = async () => (await api.call('webhookEndpoint')).endpoint;
export const saveEndpoint = async (changes: { url: string; enabled: boolean }) =>
  (await api.call('saveWebhookEndpoint', { body: changes })).endpoint;
export const rotateSecret = async () => (await api.call('rotateWebhookSecret')).endpoint;
export const sendTestEvent = async () => (await api.call('testWebhook')).delivery;
export const resendDelivery = async (id: number) =>
  (await api.call('resendDelivery', { params: { id: String(id) } })).delivery;
export const listDeliveries = (before: number | null, limit = 10) =>
  api.call('deliveries', { query: { limit, before: before ?? undefined } });
