/** The browser routes of the Developers tab: the signed-in user's API keys. */
import type { ApiKey } from '@lift3d/contract';
import { api } from '../../lib/api';

export type { ApiKey };

export const MAX_ACTIVE_KEYS = 10;

export const listApiKeys = async () => (await api.call('apiKeys')).apiKeys;
export const createApiKey = (name: string) => api.call('createApiKey', { body: { name } });
export const revokeApiKey = (id: string) => api.call('revokeApiKey', { params: { id } });
