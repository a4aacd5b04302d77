/**
 * POST /api/v1/generations: one conversion from a multipart upload (`image` and optional extra views) or
 * from JSON with an `image_url` the server fetches (fetch-image.ts). Everything refusable is refused before
 * the upload is stored and before public.create_generation charges, in one transaction, as the owner.
 */

import type { ViewName } from '@lift3d/contract';
import type { CreateFromUrl, CreateUpload } from '@lift3d/contract/v1';
import type { Storage } from '@lift3d/storage';
import type { Context, MiddlewareHandler } from 'hono';
import type { z } from 'zod';
import type { Caller, Db } from '../core/db.ts';
import type { AppEnv } from '../core/deps.ts';
import { ApiError } from '../core/errors.ts';
import { requestFingerprint } from '../core/idempotency.ts';
import { jsonGuard } from '../core/validate.ts';
import { checkImage } from '../generations/check-image.ts';
import { GENERATION_COLUMNS, type GenerationRow } from '../generations/rows.ts';
import {
  readImages,
  readUploadForm,
  storeUploads,
  type UploadForm,
  type UploadLimits,
} from '../generations/uploads.ts';
import { readViews } from '../generations/views.ts';
import { fetchImageUrl, type ImageFetchOptions } from './fetch-image.ts';

interface Parameters {
  upload: UploadForm;
  format: string;
  topology: string;
  kind: 'model' | 'video';
}

/**
 * Before the route's validators: a body of another media type is refused in words that say what to send,
 * and a JSON body gets the api's reading checks (depth, NUL, parse errors in our words).
 */
export const createBodyGuard: MiddlewareHandler = async (c, next) => {
  const type = (c.req.header('content-type') ?? '').toLowerCase();
  if (type.startsWith('multipart/form-data')) return next();
  if (type.startsWith('application/json')) return jsonGuard(c, next);
  throw new ApiError(
    415,
    'Send multipart/form-data with an "image" file, or JSON with an "image_url".',
    'bad_request',
  );
};

/** The body as the route validated it: JSON naming an image URL, or the fields of a multipart upload. */
export type CreateRequest =
  | { json: z.output<typeof CreateFromUrl> }
  | { form: z.output<typeof CreateUpload> };

async function readParameters(
  c: Context<AppEnv>,
  fetchOptions: ImageFetchOptions,
  request: CreateRequest,
): Promise<Parameters> {
  if ('json' in request) {
    const body = request.json;
    // The route checked the parameters first: a bad format is refused before anything is fetched.
    const image = await fetchImageUrl(body.image_url, fetchOptions);
    const form = new FormData();
    form.set('image', new File([image.bytes as Uint8Array<ArrayBuffer>], image.name));
    return {
      upload: { form, field: (_name, fallback) => fallback },
      format: body.format,
      topology: body.topology,
      kind: body.video ? 'video' : 'model',
    };
  }
  const { form } = request;
  return {
    upload: await readUploadForm(c),
    format: form.format ?? 'glb',
    topology: form.topology ?? 'low',
    kind: form.video === 'true' ? 'video' : 'model',
  };
}

export interface CreateContext {
  db: Db;
  storage: Storage;
  limits: UploadLimits;
  fetchOptions: ImageFetchOptions;
  caller: Caller;
  idempotencyKey: string | null;
  request: CreateRequest;
}

export async function createConversion(c: Context<AppEnv>, ctx: CreateContext) {
  const { db, storage, limits } = ctx;
  const { upload, format, topology, kind } = await readParameters(c, ctx.fetchOptions, ctx.request);
  const [image] = await readImages(upload, limits, 1);
  const views = await readViews(upload, limits, 1);
  for (const v of views) checkImage(`view_${v.view}`, v.bytes, v.type, limits.maxInputPixels);

  // What the key promises to repeat, as in the studio: parameters, the image and the views.
  const viewPrints = await Promise.all(views.map((v) => requestFingerprint([v.view], v.bytes)));
  const hash = await requestFingerprint([kind, format, topology, 1, ...viewPrints], image.bytes);
  // Its own namespace: a key used in the studio and the same key used here name different requests.
  const storedKey = ctx.idempotencyKey ? `v1:${ctx.idempotencyKey}` : null;

  await storeUploads(db, ctx.caller, storage, [image, ...views]);
  let row: GenerationRow;
  let named: ViewName[];
  try {
    [row, named] = await db.asCaller(ctx.caller, async (tx) => {
      const [created] = await tx.unsafe<GenerationRow[]>(
        `select ${GENERATION_COLUMNS} from public.create_generation($1, $2, $3, $4, $5, $6, $7, $8)`,
        [kind, format, topology, image.key, image.type, image.bytes.byteLength, storedKey, hash],
      );
      if (created.input_key === image.key) {
        for (const v of views) {
          await tx`select public.add_generation_view(${created.id}, ${v.view}, ${v.key}, ${v.type}, ${v.bytes.byteLength})`;
        }
      }
      const rows =
        await tx`select view from public.generation_views where generation_id = ${created.id} order by view`;
      return [created, rows.map((r) => r.view as ViewName)] as const;
    });
  } catch (error) {
    await Promise.allSettled([image, ...views].map((u) => storage.delete(u.key)));
    throw error;
  }
  const replayed = row.input_key !== image.key;
  // A replay returned the earlier conversion: this request's files are not needed.
  if (replayed) await Promise.allSettled([image, ...views].map((u) => storage.delete(u.key)));
  return { row, views: named, replayed };
}
