/**
 * Direct uploads (S3 storage, Supabase Storage's S3 endpoint included): the photo does not stream through
 * the function. POST /api/uploads checks the caller, the declared type and size and that the caller can pay
 * for a conversion, records the upload within the per-user limits (public.issue_direct_upload), then hands
 * out a short-lived presigned PUT URL for a key under the caller's own folder `uploads/<user id>/<random>.<ext>`
 * (the layout the bucket's Storage policies allow users to write). A recorded upload that no generation
 * claims is deleted by the worker's upload_sweep once its URL expired plus a grace period.
 * The generation routes then take `image_key` (and `view_<side>_key`) instead of files, and
 * `readReferencedImages` checks each object before any credit moves: the key is the caller's, the object
 * exists, is within the size limit and is an image we convert (recognised by its bytes, pixel and SVG
 * cost caps). Disk storage (the local stack) keeps the multipart body only.
 */
import { ReferencedRequest, UploadRequest, VIEW_NAMES, type ViewName } from '@lift3d/contract';
import type { Storage } from '@lift3d/storage';
import { type Context, Hono } from 'hono';
import { requireUser } from '../core/auth.ts';
import { hashClientIp } from '../core/client-ip.ts';
import type { Caller, Tx } from '../core/db.ts';
import type { AppDeps, AppEnv } from '../core/deps.ts';
import { ApiError, badRequest } from '../core/errors.ts';
import { jsonBody, parseJson } from '../core/validate.ts';
import { checkImage } from './check-image.ts';
import { sniffImage } from './sniff-image.ts';
import {
  mb,
  readUploadForm,
  UPLOAD_DEFAULTS,
  UPLOAD_EXTENSIONS,
  type Upload,
  type UploadForm,
  type UploadLimits,
} from './uploads.ts';
import type { ViewUpload } from './views.ts';

const UPLOAD_URL_TTL_DEFAULT = 300;

const UUID = '[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}';
const KEY = new RegExp(`^uploads/(${UUID})/${UUID}\\.(${Object.values(UPLOAD_EXTENSIONS).join('|')})$`);

/** Whether this storage can hand out upload URLs (S3 with presigning); the SPA reads it from /api/config. */
export const directUploadsAvailable = (storage: Storage | null) => Boolean(storage?.presignPut);

export function directUploadRoutes({ db, storage, config }: AppDeps) {
  const limits = config.generations ?? UPLOAD_DEFAULTS;
  const ttl = config.generations?.uploadUrlTtlSeconds ?? UPLOAD_URL_TTL_DEFAULT;
  const ipKey = config.jwtSecret ?? config.databaseUrl;
  return new Hono<AppEnv>().post('/', jsonBody(UploadRequest), async (c) => {
    const caller = requireUser(c.get('caller'));
    if (!storage?.presignPut) {
      throw new ApiError(
        409,
        'Direct uploads need S3 storage on this server: send the image as multipart/form-data to /api/generations.',
        'conflict',
      );
    }
    const body = c.req.valid('json');
    if (body.size > limits.maxImageBytes) {
      throw new ApiError(
        413,
        `The image is larger than ${mb(limits.maxImageBytes)}. Please choose a smaller image.`,
        'too_large',
      );
    }
    // The rules of issuing live in SQL (issue_direct_upload): credits for a paid conversion or a free one left
    // today, at most `uploads.max_outstanding` unused uploads and `uploads.per_minute` a minute (429).
    // Every URL is recorded before it is signed, so an object PUT through it is swept if no generation
    // claims it (the worker's upload_sweep).
    const key = `uploads/${caller.userId}/${crypto.randomUUID()}.${UPLOAD_EXTENSIONS[body.type]}`;
    const ipHash = body.purpose === 'free' ? await hashClientIp(c, ipKey, config.clientIp) : null;
    const [issued] = await db.asService(async (tx) => {
      await tx`select set_config('request.jwt.claims', ${JSON.stringify(caller.claims)}, true)`;
      return tx`select expires_at from public.issue_direct_upload(
                  ${key}, ${body.purpose}, ${body.type}, ${body.size}, ${ttl}, ${ipHash})`;
    });
    const url = await storage.presignPut(key, { expiresInSeconds: ttl });
    return c.json(
      {
        upload: {
          key,
          url,
          method: 'PUT',
          headers: { 'content-type': body.type },
          maxBytes: limits.maxImageBytes,
          expiresAt: new Date(issued.expires_at).toISOString(),
        },
      },
      201,
    );
  });
}

const asList = <T>(value: T | T[] | undefined): T[] =>
  value === undefined ? [] : Array.isArray(value) ? value : [value];

/** Fetches one referenced object and checks it as the multipart path checks a file. */
async function readReferenced(
  storage: Storage,
  caller: Caller,
  key: string,
  label: string,
  limits: UploadLimits,
): Promise<Omit<Upload, 'name'>> {
  const match = KEY.exec(key);
  // Someone else's key and a made-up one get the same answer: nothing tells whether it exists.
  if (!match || match[1] !== caller.userId) {
    throw badRequest(`${label} is not one of your uploads. Upload the image again.`);
  }
  const object = await storage.get(key);
  if (!object)
    throw badRequest(`${label} was not found: the upload did not finish or has expired. Upload it again.`);
  if (object.size > limits.maxImageBytes) {
    await object.body.cancel();
    await storage.delete(key);
    throw new ApiError(
      400,
      `${label} is larger than ${mb(limits.maxImageBytes)}. Please choose a smaller image.`,
      'too_large',
    );
  }
  const bytes = new Uint8Array(await new Response(object.body).arrayBuffer());
  // Content-Length can be absent or wrong on some S3 servers; the bytes themselves are the truth.
  if (bytes.byteLength > limits.maxImageBytes || bytes.byteLength === 0) {
    await storage.delete(key);
    throw badRequest(
      bytes.byteLength === 0
        ? `${label} is empty. Please choose another image.`
        : `${label} is larger than ${mb(limits.maxImageBytes)}. Please choose a smaller image.`,
    );
  }
  const type = sniffImage(bytes);
  try {
    if (!type) {
      throw badRequest(
        `${label} is not an image we can convert. Please upload a PNG, JPG, WebP, GIF, TIFF or SVG file.`,
      );
    }
    checkImage(label.replace(/^"|"$/g, ''), bytes, type, limits.maxInputPixels);
  } catch (error) {
    // Not an image we convert: the object is of no use to anyone.
    await storage.delete(key);
    throw error;
  }
  return { key, bytes, type: type! };
}

/** The images and views a JSON generation request names, each checked; nothing is charged yet. */
export async function readReferencedImages(
  storage: Storage,
  caller: Caller,
  body: ReferencedRequest,
  limits: UploadLimits,
  maxFiles: number,
): Promise<{ uploads: Upload[]; views: ViewUpload[] }> {
  const keys = asList(body.image_key);
  const names = asList(body.image_name);
  if (keys.length === 0) {
    throw badRequest(
      'Please upload an image before generating a 3D model (an "image" file in multipart/form-data, or the image_key of a direct upload).',
    );
  }
  if (keys.length > maxFiles) {
    throw badRequest(
      maxFiles === 1
        ? 'Please send one image: free conversions take one image at a time.'
        : `At most ${maxFiles} images can be converted in one batch.`,
    );
  }
  const viewKeys = VIEW_NAMES.flatMap((view) => {
    const key = body[`view_${view}_key` as const];
    return key ? [[view, key] as [ViewName, string]] : [];
  });
  if (names.length > keys.length) throw badRequest('image_name: one name per image_key.');
  if (viewKeys.length && keys.length > 1) {
    throw badRequest('Extra views belong to one object: send them with a single image, not a batch.');
  }
  const all = [...keys, ...viewKeys.map(([, key]) => key)];
  if (new Set(all).size !== all.length) throw badRequest('Each upload can be used once per request.');

  const uploads: Upload[] = [];
  for (const [i, key] of keys.entries()) {
    const name = names[i]?.trim() || 'image';
    uploads.push({ name, ...(await readReferenced(storage, caller, key, `"${name}"`, limits)) });
  }
  const views: ViewUpload[] = [];
  for (const [view, key] of viewKeys) {
    const label = `The ${view === 'back' ? 'back' : `${view}-side`} photo`;
    views.push({ view, name: view, ...(await readReferenced(storage, caller, key, label, limits)) });
  }
  return { uploads, views };
}

/** A generation request: multipart with files, or JSON naming direct uploads (`body`). */
export type GenerationRequest = UploadForm & { body: ReferencedRequest | null };

export async function readGenerationRequest(c: Context): Promise<GenerationRequest> {
  const type = (c.req.header('content-type') ?? '').toLowerCase();
  if (!type.startsWith('application/json')) return { ...(await readUploadForm(c)), body: null };
  const body = await parseJson(c, ReferencedRequest);
  const field = (name: string, fallback?: string) => {
    const value = (body as Record<string, unknown>)[name];
    if (value === undefined || value === null || value === '') return fallback;
    if (typeof value !== 'string') throw badRequest(`${name} must be a string.`);
    return value.trim().toLowerCase();
  };
  return { form: new FormData(), field, body };
}

/**
 * Inside the creating transaction, once the generations (and their views) are inserted: every direct upload
 * they name was issued by POST /api/uploads to the caller. Inserting a generation or view claimed its upload
 * record in SQL (one upload feeds one generation or view; a second use is a 409 there); a key without a
 * record was never handed out and is refused.
 */
export async function checkIssued(tx: Tx, ids: string[], used: { key: string; name: string }[]) {
  if (used.length === 0) return;
  const recorded = await tx`select key from public.direct_uploads
                             where key = any(${used.map((u) => u.key)}::text[])
                               and generation_id = any(${ids}::uuid[])`;
  const found = new Set(recorded.map((r) => r.key as string));
  const unissued = used.find((u) => !found.has(u.key));
  if (unissued) throw badRequest(`"${unissued.name}" is not one of your uploads. Upload the image again.`);
}

/**
 * Right after the SQL function answered: which of `created` this request made (false: an Idempotency-Key
 * replay returned an earlier generation, whose uploads were checked when it was made). The fresh ones'
 * images must be issued uploads (checkIssued); their views are checked once added.
 */
export async function claimDirectUploads(
  tx: Tx,
  created: { id: string; input_key: string }[],
  uploads: Upload[],
): Promise<boolean[]> {
  const ids = created.map((g) => g.id);
  const freshRows =
    await tx`select id from public.generations where id = any(${ids}::uuid[]) and created_at = now()`;
  const fresh = new Set(freshRows.map((r) => r.id as string));
  await checkIssued(
    tx,
    ids,
    uploads.filter((_, i) => fresh.has(ids[i])),
  );
  return ids.map((id) => fresh.has(id));
}
