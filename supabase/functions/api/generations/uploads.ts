/**
 * The image uploads of the generation routes (paid and free): the multipart body, its text fields, the
 * images recognised by content, and storing them under random keys (never the user's file name).
 */
import { UPLOAD_EXTENSIONS as CONTRACT_UPLOAD_EXTENSIONS, ConversionOptions } from '@lift3d/contract';
import type { Storage } from '@lift3d/storage';
import type { Context } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import type { z } from 'zod/mini';
import type { GenerationsConfig } from '../core/config.ts';
import type { Caller, Db } from '../core/db.ts';
import { ApiError, badRequest } from '../core/errors.ts';
import { checkImage } from './check-image.ts';
import { sniffImage } from './sniff-image.ts';

export type UploadLimits = Pick<
  GenerationsConfig,
  'maxImageBytes' | 'maxRequestBytes' | 'maxBatch' | 'maxInputPixels'
>;

export const UPLOAD_DEFAULTS: UploadLimits = {
  maxImageBytes: 25 * 1024 * 1024,
  maxRequestBytes: 50 * 1024 * 1024,
  maxBatch: 10,
};

/** The file extension an upload of each accepted type is stored under. */
/** The contract's image types, indexed by whatever type the bytes were recognised as. */
export const UPLOAD_EXTENSIONS: Readonly<Record<string, string>> = CONTRACT_UPLOAD_EXTENSIONS;
export const mb = (bytes: number) => `${Math.round(bytes / 1024 / 1024)} MB`;

export interface Upload {
  name: string;
  bytes: Uint8Array;
  type: string;
  key: string;
}

export const storageUnavailable = () =>
  new ApiError(
    503,
    'File storage is not configured on this server (set STORAGE_DIR or STORAGE=s3).',
    'unavailable',
  );

/** Refuses a body over the request limit with a 413 that says what to do. */
export const uploadBodyLimit = (limits: UploadLimits) =>
  bodyLimit({
    maxSize: limits.maxRequestBytes,
    onError: () => {
      throw new ApiError(
        413,
        `The upload is larger than ${mb(limits.maxRequestBytes)}. Please choose a smaller image (at most ${mb(limits.maxImageBytes)} each).`,
        'too_large',
      );
    },
  });

export interface UploadForm {
  /** A text field, trimmed and lower-cased; `fallback` when absent or empty. */
  field(name: string, fallback?: string): string | undefined;
  form: FormData;
}

export async function readUploadForm(c: Context): Promise<UploadForm> {
  if (!(c.req.header('content-type') ?? '').toLowerCase().startsWith('multipart/form-data')) {
    throw badRequest('Send the image as multipart/form-data with an "image" field.');
  }
  let form: FormData;
  try {
    // A route that validated the fields already parsed the body (Hono keeps it); else it is read here.
    const parsed = c.req.bodyCache.formData;
    form = parsed ? await parsed : await c.req.raw.formData();
  } catch {
    throw badRequest('The upload could not be read. Send multipart/form-data with an "image" field.');
  }
  const field = (name: string, fallback?: string) => {
    const value = form.get(name);
    if (value === null || value === '') return fallback;
    if (typeof value !== 'string') throw badRequest(`${name} must be a text field.`);
    return value.trim().toLowerCase();
  };
  return { form, field };
}

/** Format (the download offered first), topology and kind, from multipart fields or JSON alike. */
export function readOptions(upload: UploadForm): z.output<typeof ConversionOptions> {
  const parsed = ConversionOptions.safeParse({
    format: upload.field('format'),
    topology: upload.field('topology'),
    kind: upload.field('kind'),
  });
  if (!parsed.success) throw badRequest(parsed.error.issues[0]?.message ?? 'Invalid conversion options.');
  return parsed.data;
}

/** The `image` files (1 to `maxFiles`), each checked for size and recognised by its bytes. */
export async function readImages(
  upload: UploadForm,
  limits: UploadLimits,
  maxFiles: number,
): Promise<Upload[]> {
  const files = upload.form.getAll('image');
  if (files.length === 0) throw badRequest('Please upload an image before generating a 3D model.');
  if (files.length > maxFiles) {
    throw badRequest(
      maxFiles === 1
        ? 'Please send one image: free conversions take one image at a time.'
        : `At most ${maxFiles} images can be converted in one batch.`,
    );
  }
  const uploads: Upload[] = [];
  for (const file of files) {
    if (typeof file === 'string') throw badRequest('image must be a file.');
    const name = file.name || 'image';
    if (file.size > limits.maxImageBytes) {
      throw new ApiError(
        413,
        `"${name}" is larger than ${mb(limits.maxImageBytes)}. Please choose a smaller image.`,
        'too_large',
      );
    }
    if (file.size === 0) throw badRequest(`"${name}" is empty. Please choose another image.`);
    const bytes = new Uint8Array(await file.arrayBuffer());
    const type = sniffImage(bytes);
    if (!type) {
      throw badRequest(
        `"${name}" is not an image we can convert. Please upload a PNG, JPG, WebP, GIF, TIFF or SVG file.`,
      );
    }
    // Before anything is stored or charged: pixel bombs by their header, costly or unsafe SVG by its text.
    checkImage(name, bytes, type, limits.maxInputPixels);
    // Random keys only: the user's file name never reaches storage.
    uploads.push({ name, bytes, type, key: `uploads/${crypto.randomUUID()}.${UPLOAD_EXTENSIONS[type]}` });
  }
  return uploads;
}

/**
 * Records every upload as the caller's (public.record_api_uploads: what lets the generation functions prove
 * the key is theirs, and the worker's sweep delete an object no generation claimed, e.g. when this api
 * dies mid-request), then stores them all, or none: a partly failed store removes what it wrote.
 */
export async function storeUploads(
  db: Db,
  caller: Caller,
  storage: Storage,
  uploads: Upload[],
  purpose: 'paid' | 'free' = 'paid',
): Promise<void> {
  await db.asService(async (tx) => {
    await tx`select set_config('request.jwt.claims', ${JSON.stringify(caller.claims)}, true)`;
    await tx`select public.record_api_uploads(${uploads.map((u) => u.key)}::text[],
               ${uploads.map((u) => u.type)}::text[], ${uploads.map((u) => u.bytes.byteLength)}::integer[],
               ${purpose})`;
  });
  const stored = await Promise.allSettled(uploads.map((u) => storage.put(u.key, u.bytes, u.type)));
  const failedPut = stored.find((r) => r.status === 'rejected');
  if (failedPut) {
    await Promise.allSettled(uploads.map((u) => storage.delete(u.key)));
    throw failedPut.reason;
  }
}
