/**
 * The optional extra views of a multi-view conversion (`view_right`, `view_back`, `view_left` next to the
 * main photo; supabase/functions/api/generations/views.ts). Only a single-image conversion takes them: a batch is
 * several objects, each with its own front.
 */
import { PHOTO_SIDES, type PhotoSide, VIEW_NAMES, type ViewName } from '@lift3d/contract';

export { PHOTO_SIDES, type PhotoSide, VIEW_NAMES, type ViewName };
export type ViewFiles = Partial<Record<ViewName, File>>;

export const VIEW_LABELS: Readonly<Record<ViewName, string>> = {
  right: 'Right side',
  back: 'Back',
  left: 'Left side',
};

/** Every photo of a conversion by its label; the main photo is the front. */
export const PHOTO_LABELS: Readonly<Record<PhotoSide, string>> = { front: 'Front', ...VIEW_LABELS };

/** How to take each photo, with the main photo as the front. */
export const VIEW_HINTS: Readonly<Record<ViewName, string>> = {
  right: 'Walk a quarter turn to your right around the object',
  back: 'Walk halfway around to face its back',
  left: 'Walk a quarter turn to your left around the object',
};

/** The views to send, in the api's order; none for a batch. */
export function viewsToSend(views: ViewFiles, imageCount: number): Array<[ViewName, File]> {
  if (imageCount !== 1) return [];
  return VIEW_NAMES.flatMap((name) => {
    const file = views[name];
    return file ? [[name, file] as [ViewName, File]] : [];
  });
}

/** "4 views: front, right side, back" style summary of a generation's views (the main photo is the front). */
export function viewsSummary(views: readonly string[] | undefined): string | null {
  const known = VIEW_NAMES.filter((v) => views?.includes(v));
  if (known.length === 0) return null;
  const sides = known.map((v) => VIEW_LABELS[v].toLowerCase());
  return `${known.length + 1} views: front, ${sides.join(', ')}`;
}
