/** Display helpers for the studio. */

/** A file size in megabytes with two decimals (SPEC §2: "size in MB with 2 decimals"). */
export function formatSizeMb(bytes: number): string {
  if (!Number.isFinite(bytes) || bytes < 0) return '0.00 MB';
  return `${(bytes / (1024 * 1024)).toFixed(2)} MB`;
}

/** Whether a picked or dropped file is an image (SPEC §5: type starts with image/; others are ignored). */
export function isImageFile(file: { type: string }): boolean {
  return file.type.startsWith('image/');
}

/** Whether a dropped file is a video (SPEC §5: type starts with video/). */
export function isVideoFile(file: { type: string }): boolean {
  return file.type.startsWith('video/');
}

/**
 * A whole percent from the API's progress. The generations table keeps a fraction (0…1); values above 1 are
 * read as percents so either convention displays correctly.
 */
export function percent(progress: number | null | undefined): number {
  if (typeof progress !== 'number' || !Number.isFinite(progress)) return 0;
  const p = progress <= 1 ? progress * 100 : progress;
  return Math.max(0, Math.min(100, Math.round(p)));
}

/** "2026-11-22 14:03" style date for lists, in the viewer's locale. */
export function formatDate(iso: string | null | undefined): string {
  if (!iso) return '';
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return '';
  return d.toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });
}

/** The base name of an uploaded file without its extension, for download names. */
export function stem(name: string): string {
  const base = name.split(/[\\/]/).pop() ?? name;
  const dot = base.lastIndexOf('.');
  return (dot > 0 ? base.slice(0, dot) : base) || 'model';
}
