/** The browser routes of the Developers tab: the signed-in user's API keys. */
import { api } from '../../lib/api';

export interface ApiKey {
  id: string;
  name: string;
  prefix: string;
  createdAt: string;
  lastUsedAt: string | null;
  revokedAt: string | null;
}

export const MAX_ACTIVE_KEYS = 10;

export const listApiKeys = async () => (await api.get<{ apiKeys: ApiKey[] }>('/api-keys')).apiKeys;
export const createApiKey = (name: string) =>
  api.post<{ apiKey: ApiKey; secret: string }>('/api-keys', { name });
export const revokeApiKey = (id: string) => api.delete<null>(`/api-keys/${encodeURIComponent(id)}`);
