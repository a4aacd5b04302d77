import { api } from '../../lib/api';
import type { DownloadFormat } from '../studio/api';

/** The owner's live share of one model (GET/POST/PATCH/DELETE /api/generations/:id/share). */
export interface Share {
  slug: string;
  /** `/m/{slug}` on the SPA's origin. */
  path: string;
  allowDownloads: boolean;
  createdAt: string;
}

/** What a shared page shows (GET /api/share/:slug, no sign-in); links are relative to the api root. */
export interface SharedModel {
  slug: string;
  kind: 'model' | 'video';
  topology: 'low' | 'high';
  sharedAt: string;
  allowDownloads: boolean;
  /** Formats a visitor may fetch now: the viewer's GLB, USDZ and video, and every format when allowed. */
  files: DownloadFormat[];
  /** Signed base link; append a format. */
  fileUrl: string;
  modelUrl: string | null;
  videoUrl: string | null;
  posterUrl: string | null;
  /** Empty unless the owner allows downloads. */
  downloads: DownloadFormat[];
}

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
