/**
 * A generation's photos in its JSON: the extra views it was made with and signed links to every photo
 * (the route is photos.routes.ts). Only put into answers to callers who may read the generation.
 */
import { PHOTO_SIDES, type PhotoUrls, type ViewName } from '@lift3d/contract';
import type { GenerationsConfig } from '../core/config.ts';
import type { Tx } from '../core/db.ts';
import { signGenerationPhotos } from './signed-urls.ts';

/** Links stay the same for this long, so a list polled every 2 s does not make <img> load them again. */
const LINK_WINDOW_SECONDS = 600;

/** The extra views (right, back, left) of each generation the caller may read. */
export async function viewsOf(tx: Tx, ids: string[]): Promise<Map<string, ViewName[]>> {
  const out = new Map<string, ViewName[]>();
  if (!ids.length) return out;
  const rows = await tx`select generation_id, view from public.generation_views
                         where generation_id = any(${ids}::uuid[]) order by generation_id, view`;
  for (const r of rows) out.set(r.generation_id, [...(out.get(r.generation_id) ?? []), r.view]);
  return out;
}

/** Signed links to the front photo and each extra view, in the order front, right, back, left. */
async function photoUrls(
  id: string,
  views: readonly ViewName[],
  config: GenerationsConfig | undefined,
  now = Date.now(),
): Promise<PhotoUrls | undefined> {
  if (!config?.urlSecret) return undefined;
  const ttl = Math.max(config.urlTtlSeconds, LINK_WINDOW_SECONDS * 2);
  const expires =
    Math.ceil((now / 1000 + ttl - LINK_WINDOW_SECONDS) / LINK_WINDOW_SECONDS) * LINK_WINDOW_SECONDS;
  const signature = await signGenerationPhotos(config.urlSecret, id, expires);
  const urls: PhotoUrls = {};
  for (const side of PHOTO_SIDES) {
    if (side === 'front' || views.includes(side)) {
      urls[side] = `/generations/${id}/photos/${side}?expires=${expires}&signature=${signature}`;
    }
  }
  return urls;
}

/** A generation's JSON with its views and the signed links to its photos. */
export async function withPhotos<T extends { id: string }>(
  generation: T,
  views: readonly ViewName[],
  config: GenerationsConfig | undefined,
): Promise<T & { views: ViewName[]; photoUrls?: PhotoUrls }> {
  const urls = await photoUrls(generation.id, views, config);
  return { ...generation, views: [...views], ...(urls ? { photoUrls: urls } : {}) };
}
