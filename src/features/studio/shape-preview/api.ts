/**
 * The free preview's calls: start one from the chosen photos (multipart, with each photo's EXIF focal
 * length when it had one), poll it, fetch its shape for the viewer, read the limits, and convert it.
 */
import type { ModelFormat, Topology, ViewName } from '@lift3d/contract';
import { api } from '../../../lib/api';
import type { Generation } from '../generation';

type PreviewStatus = 'queued' | 'processing' | 'completed' | 'failed' | 'converted' | 'expired';

export interface Preview {
  id: string;
  status: PreviewStatus;
  views: ViewName[];
  focalLengths: Partial<Record<'front' | ViewName, number>>;
  error: string | null;
  shapeUrl: string | null;
  triangles: number | null;
  ms: number | null;
  generationId: string | null;
  createdAt: string;
  finishedAt: string | null;
  expiresAt: string;
}

export interface PreviewQuota {
  limit: number;
  used: number;
  remaining: number;
  networkLimit: number;
  networkRemaining: number;
  keepMinutes: number;
  /** The studio's backend setting: 'builtin', 'default' (the server's), or a hosted service. */
  backend: string;
}

export interface PreviewPhotos {
  front: File;
  views: Array<[ViewName, File]>;
  /** EXIF focal lengths (35 mm equivalent) read in the browser, per photo that had one. */
  focal?: Partial<Record<'front' | ViewName, number>>;
}

/** Shots of a guided capture that passed their check, by side: stored already, sent by id. */
export interface PreviewShots {
  shots: Partial<Record<'front' | ViewName, string>> & { front: string };
}

export async function startPreview(photos: PreviewPhotos | PreviewShots): Promise<Preview> {
  if ('shots' in photos) {
    return (await api.post<{ preview: Preview }>('/previews', { shots: photos.shots })).preview;
  }
  const form = new FormData();
  form.append('image', photos.front, photos.front.name);
  for (const [name, file] of photos.views) form.append(`view_${name}`, file, file.name);
  for (const [side, mm] of Object.entries(photos.focal ?? {})) {
    if (typeof mm === 'number') form.set(`focal_${side}`, String(mm));
  }
  const res = await api.raw('/previews', {
    method: 'POST',
    body: form,
    headers: { Accept: 'application/json' },
  });
  return ((await res.json()) as { preview: Preview }).preview;
}

export async function getPreview(id: string): Promise<Preview> {
  return (await api.get<{ preview: Preview }>(`/previews/${encodeURIComponent(id)}`)).preview;
}

export async function getPreviewQuota(): Promise<PreviewQuota> {
  return api.get<PreviewQuota>('/previews/quota');
}

/** The shape as a blob URL for the viewer (the route needs the bearer token; no download is offered). */
export async function fetchPreviewShape(id: string): Promise<string> {
  const res = await api.raw(`/previews/${encodeURIComponent(id)}/shape`, { method: 'GET' });
  return URL.createObjectURL(await res.blob());
}

export async function convertPreview(
  id: string,
  options: { format: ModelFormat; topology: Topology; kind: 'model' | 'video'; name: string },
): Promise<Generation> {
  const data = await api.post<{ generation: Generation }>(
    `/previews/${encodeURIComponent(id)}/convert`,
    options,
  );
  return data.generation;
}
