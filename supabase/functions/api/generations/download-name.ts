/**
 * Downloads carry the uploaded image's name (chair.png → chair.glb, chair-poster.webp), not the
 * conversion's id. The name is cleaned once, when the image arrives, and stored without its extension;
 * the Content-Disposition header then gives it in plain ASCII for old clients and in full (RFC 6266 /
 * RFC 5987 `filename*`) for everyone else.
 */

/** Longest stored name (characters); the database allows 120. */
const INPUT_NAME_MAX = 80;

/**
 * The part of an uploaded file's name that names its downloads: no folders, no extension, no control
 * characters or characters file systems refuse (/ \ : * ? " < > |), no leading dots, single spaces.
 * Null when nothing usable is left (then the downloads keep their id-based names).
 */
export function inputStem(fileName: string | null | undefined): string | null {
  if (!fileName) return null;
  const base = fileName.split(/[\\/]/).pop() ?? '';
  const dot = base.lastIndexOf('.');
  const stem = dot > 0 ? base.slice(0, dot) : base;
  const clean = stem
    .normalize('NFC')
    .replace(/\s+/g, ' ')
    // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is removed
    .replace(/[\u0000-\u001f\u007f-\u009f"*:<>?|\\/]/g, '')
    .replace(/^[\s.]+/, '')
    .trim();
  const cut = Array.from(clean).slice(0, INPUT_NAME_MAX).join('').trim();
  return cut.length > 0 ? cut : null;
}

/**
 * A stored output's name with the image's stem in place of the conversion's id-based base name
 * (`lift3d-1a2b3c4d.glb` → `chair.glb`, `lift3d-1a2b3c4d-poster.webp` → `chair-poster.webp`).
 */
export function downloadName(storedName: string, generationId: string, stem: string | null): string {
  const base = `lift3d-${generationId.slice(0, 8)}`;
  if (!stem || !storedName.startsWith(base)) return storedName;
  return `${stem}${storedName.slice(base.length)}`;
}

/** `attachment; filename="chair.glb"; filename*=UTF-8''chair.glb` (ASCII fallback, then the full name). */
export function contentDisposition(disposition: 'attachment' | 'inline', name: string): string {
  const ascii = name
    .normalize('NFKD')
    .replace(/[^\x20-\x7e]/g, '')
    .replace(/["\\]/g, '')
    .trim();
  const dot = name.lastIndexOf('.');
  const extension = dot >= 0 ? name.slice(dot) : '';
  // A name with nothing left in ASCII (a Chinese or Greek file name) falls back to "model.glb" there.
  const fallback = /[A-Za-z0-9]/.test(dot >= 0 ? ascii.slice(0, ascii.lastIndexOf('.')) : ascii)
    ? ascii
    : `model${extension}`;
  const encoded = encodeURIComponent(name).replace(
    /['()*]/g,
    (ch) => `%${ch.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return `${disposition}; filename="${fallback}"; filename*=UTF-8''${encoded}`;
}
