import type { Share, SharedModel } from '@lift3d/contract';
import { api } from '../../lib/api';

export type { Share, SharedModel };

const sharePath = (id: string) => `/generations/${encodeURIComponent(id)}/share`;

export async function getShare(id: string): Promise<Share | null> {
  return (await api.get<{ share: Share | null }>(sharePath(id))).share;
}

export async function createShare(id: string): Promise<Share> {
  const share = (await api.post<{ share: Share | null }>(sharePath(id), {})).share;
  if (!share) throw new Error('The model could not be shared. Please try again.');
  return share;
}

export async function setShareDownloads(id: string, allowDownloads: boolean): Promise<Share> {
  const share = (await api.request<{ share: Share | null }>('PATCH', sharePath(id), { allowDownloads }))
    .share;
  if (!share) throw new Error('This model is not shared any more.');
  return share;
}

export async function stopSharing(id: string): Promise<void> {
  await api.delete<unknown>(sharePath(id));
}

export async function getSharedModel(slug: string): Promise<SharedModel> {
  return (await api.get<{ model: SharedModel }>(`/share/${encodeURIComponent(slug)}`)).model;
}

/** The full address to hand out: the SPA's own origin, wherever the api runs. */
export function shareUrl(share: Pick<Share, 'path'>, origin = window.location.origin): string {
  return `${origin}${share.path}`;
}
