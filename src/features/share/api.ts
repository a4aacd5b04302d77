import type { Share, SharedModel } from '@lift3d/contract';
import { api } from '../../lib/api';

export type { Share, SharedModel };

export async function getShare(id: string): Promise<Share | null> {
  return (await api.call('share', { params: { id } })).share;
}

export async function createShare(id: string): Promise<Share> {
  const share = (await api.call('createShare', { params: { id }, body: {} })).share;
  if (!share) throw new Error('The model could not be shared. Please try again.');
  return share;
}

export async function setShareDownloads(id: string, allowDownloads: boolean): Promise<Share> {
  const share = (await api.call('changeShare', { params: { id }, body: { allowDownloads } })).share;
  if (!share) throw new Error('This model is not shared any more.');
  return share;
}

export async function stopSharing(id: string): Promise<void> {
  await api.call('stopSharing', { params: { id } });
}

export async function getSharedModel(slug: string): Promise<SharedModel> {
  return (await api.call('sharedModel', { params: { slug } })).model;
}

/** The full address to hand out: the SPA's own origin, wherever the api runs. */
export function shareUrl(share: Pick<Share, 'path'>, origin = window.location.origin): string {
  return `${origin}${share.path}`;
}
