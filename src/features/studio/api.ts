import {
  type DownloadFormat,
  type FreeQuota,
  type Generation,
  type GenerationKind,
  type ModelFormat,
  type ReferencedRequest,
  type Topology,
  UPLOAD_TYPES,
  type UploadType,
  type ViewName,
} from '@lift3d/contract';
import { ApiError, api } from '../../lib/api';
import { getConfig } from '../../lib/config';

/**
 * The studio's calls (DESIGN §6), all through the shared client: JSON calls by route name (`api.call`),
 * the multipart upload and the binary downloads with `api.raw` (same token, cookie, cache and error rules).
 */

export type { DownloadFormat, FreeQuota };

export interface CreateGenerationInput {
  /** One image, or several for a batch (one job each; the server checks the total cost up front). */
  images: Array<{ blob: Blob; fileName: string }>;
  format: ModelFormat;
  topology: Topology;
  kind: GenerationKind;
  /** Same key → same job and one charge (a double click, a retried request). */
  idempotencyKey: string;
  /** A free /app66 conversion (one image, a model in low topology, counted against the daily quota). */
  free?: boolean;
  /** Extra sides of the one object in a single image (`view_right`, `view_back`, `view_left`). */
  views?: Array<[ViewName, File]>;
}

/** Types POST /api/uploads takes (the server recognises the bytes again after the upload). */
const DIRECT_TYPES: ReadonlySet<string> = new Set(UPLOAD_TYPES);

let directUploads: Promise<boolean> | null = null;
/** Whether the server stores on S3 and hands out upload URLs (GET /api/config), asked once per page. */
function canUploadDirectly(): Promise<boolean> {
  directUploads ??= api.getSettings().then(
    (s) => s.directUploads === true,
    () => false,
  );
  return directUploads;
}

/**
 * One photo straight to the bucket: a presigned PUT URL for a key in the user's own folder from
 * POST /api/uploads, then the PUT itself, so the file never passes through the function.
 */
async function uploadDirectly(blob: Blob, free: boolean): Promise<string> {
  // Only called for a type in UPLOAD_TYPES (DIRECT_TYPES), which the api takes.
  const type = blob.type as UploadType;
  const { upload } = await api.call('upload', {
    body: { type, size: blob.size, purpose: free ? 'free' : 'paid' },
  });
  let res: Response;
  try {
    res = await fetch(upload.url, { method: upload.method, headers: upload.headers, body: blob });
  } catch (cause) {
    throw new ApiError('The upload failed: network error. Please try again.', 0, cause);
  }
  if (!res.ok)
    throw new ApiError(`The upload failed (HTTP ${res.status}). Please try again.`, res.status, null);
  return upload.key;
}

/** The direct path: every photo uploaded first, then the generation names them (JSON). */
async function createFromDirectUploads(input: CreateGenerationInput): Promise<Response> {
  const free = input.free === true;
  const imageKeys = await Promise.all(input.images.map((image) => uploadDirectly(image.blob, free)));
  const body: ReferencedRequest = {
    format: input.format,
    topology: input.topology,
    kind: input.kind,
    image_key: imageKeys.length === 1 ? imageKeys[0] : imageKeys,
    image_name: input.images.map((image) => image.fileName),
  };
  for (const [name, file] of input.views ?? [])
    body[`view_${name}_key` as const] = await uploadDirectly(file, free);
  return api.raw(input.free ? '/generations/free' : '/generations', {
    method: 'POST',
    body: JSON.stringify(body),
    headers: {
      Accept: 'application/json',
      'Content-Type': 'application/json',
      'Idempotency-Key': input.idempotencyKey,
    },
  });
}

export async function createGenerations(input: CreateGenerationInput): Promise<Generation[]> {
  const files = [...input.images.map((i) => i.blob), ...(input.views ?? []).map(([, f]) => f)];
  // S3 storage: photos go straight to the bucket. Disk storage, or a file type the browser does not name
  // (the server then says what is wrong with it): the multipart body.
  if (files.every((f) => DIRECT_TYPES.has(f.type)) && (await canUploadDirectly())) {
    const res = await createFromDirectUploads(input);
    const data = (await res.json()) as { generation?: Generation; generations?: Generation[] };
    return data.generations ?? (data.generation ? [data.generation] : []);
  }
  const form = new FormData();
  for (const image of input.images) form.append('image', image.blob, image.fileName);
  form.set('format', input.format);
  form.set('topology', input.topology);
  form.set('kind', input.kind);
  for (const [name, file] of input.views ?? []) form.append(`view_${name}`, file, file.name);
  const res = await api.raw(input.free ? '/generations/free' : '/generations', {
    method: 'POST',
    body: form,
    headers: { Accept: 'application/json', 'Idempotency-Key': input.idempotencyKey },
  });
  // One image answers {generation}; a batch answers {generations}.
  const data = (await res.json()) as { generation?: Generation; generations?: Generation[] };
  return data.generations ?? (data.generation ? [data.generation] : []);
}

export async function getFreeQuota(): Promise<FreeQuota> {
  return api.call('freeQuota');
}

export async function getGeneration(id: string): Promise<Generation> {
  const data = await api.call('generation', { params: { id } });
  return data.generation;
}

export async function listGenerations(): Promise<Generation[]> {
  const data = await api.call('generations');
  return data.generations ?? [];
}

/** Stops a queued or running conversion; a paid one is refunded once (public.cancel_generation). */
/**
 * The turntable video of a finished model, rendered from the stored model: free, and asking again returns
 * the same video. The answer is the model, its `video` rendering (or ready).
 */
export async function requestModelVideo(id: string): Promise<Generation> {
  const data = await api.post<{ generation: Generation }>(`/generations/${encodeURIComponent(id)}/video`, {});
  return data.generation;
}

export async function cancelGeneration(id: string): Promise<Generation> {
  const data = await api.call('cancelGeneration', { params: { id } });
  return data.generation;
}

export async function deleteGeneration(id: string): Promise<void> {
  await api.call('deleteGeneration', { params: { id } });
}

export interface DownloadedFile {
  blob: Blob;
  /** From Content-Disposition when the server names the file. */
  fileName: string | null;
}

/** Fetches a result file with the caller's token (downloads are owner- or admin-only, so no plain links). */
export async function downloadGeneration(id: string, format: DownloadFormat): Promise<DownloadedFile> {
  const res = await api.raw(`/generations/${encodeURIComponent(id)}/download?format=${format}`, {
    method: 'GET',
  });
  return { blob: await res.blob(), fileName: fileNameFrom(res.headers.get('content-disposition')) };
}

/** Absolute form of a link the API returns relative to its root (signed thumbnail/poster/video links). */
export async function apiUrl(path: string): Promise<string> {
  return `${(await getConfig()).apiUrl.replace(/\/+$/, '')}${path}`;
}

/** A generation's thumbnail fetched with the caller's token (when the API gave no signed link). */
export async function fetchThumbnail(id: string): Promise<Blob> {
  const res = await api.raw(`/generations/${encodeURIComponent(id)}/thumbnail`, { method: 'GET' });
  return res.blob();
}

/** The file name of a Content-Disposition header (RFC 6266: filename* wins over filename). */
export function fileNameFrom(header: string | null): string | null {
  if (!header) return null;
  const star = /filename\*\s*=\s*(?:UTF-8|utf-8)''([^;]+)/.exec(header);
  if (star?.[1]) {
    try {
      return decodeURIComponent(star[1].trim().replace(/^"|"$/g, ''));
    } catch {
      // malformed escape: fall back to the plain parameter
    }
  }
  const plain = /filename\s*=\s*("([^"]*)"|[^;]+)/.exec(header);
  const name = (plain?.[2] ?? plain?.[1])?.trim();
  return name || null;
}

/** Hands a blob to the browser as a download. */
export function saveBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = fileName;
  a.rel = 'noopener';
  document.body.append(a);
  a.click();
  a.remove();
  // The click starts the download synchronously; revoke on the next tick so the browser has the URL.
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

/** Fallback download name when the server sends none. */
export function defaultFileName(base: string, format: DownloadFormat): string {
  // OBJ (with its material and texture) and glTF (with textures) may come as one zip; the server names those.
  return `${base}.${format}`;
}
