/**
 * Direct uploads (`POST /api/uploads`) and the JSON body of a conversion made from them: the photo goes
 * straight to the bucket through a presigned URL, then the generation names its key.
 */
import * as z from 'zod/mini';
import { GENERATION_KINDS, MODEL_FORMATS, TOPOLOGIES } from './formats.ts';

/** The image types a photo may have, with the extension its stored key gets. */
export const UPLOAD_EXTENSIONS = {
  'image/png': 'png',
  'image/jpeg': 'jpg',
  'image/webp': 'webp',
  'image/gif': 'gif',
  'image/tiff': 'tiff',
  'image/svg+xml': 'svg',
} as const;
export type UploadType = keyof typeof UPLOAD_EXTENSIONS;
export const UPLOAD_TYPES = Object.keys(UPLOAD_EXTENSIONS) as UploadType[];

export const UploadRequest = z.object({
  type: z.enum(UPLOAD_TYPES as [UploadType, ...UploadType[]], {
    error: `type must be one of ${UPLOAD_TYPES.join(', ')}.`,
  }),
  size: z.number().check(z.refine(Number.isSafeInteger), z.positive()),
  /** What the upload is for: a paid conversion (the default) needs credits for one. */
  purpose: z._default(z.optional(z.enum(['paid', 'free'])), 'paid'),
});
export type UploadRequest = z.input<typeof UploadRequest>;

/** Where and how to PUT the photo; the key is then named in the generation's JSON body. */
export const UploadGrant = z.object({
  key: z.string(),
  url: z.string(),
  method: z.literal('PUT'),
  headers: z.record(z.string(), z.string()),
  maxBytes: z.number(),
  expiresAt: z.string(),
});
export type UploadGrant = z.infer<typeof UploadGrant>;

export const UploadAnswer = z.object({ upload: UploadGrant });
export type UploadAnswer = z.infer<typeof UploadAnswer>;

/**
 * What a conversion is asked for, as multipart fields or JSON. Every conversion writes every model format,
 * so `format` only names the download offered first; it is optional and defaults to GLB.
 */
export const ConversionOptions = z.object({
  format: z._default(
    z.optional(z.enum(MODEL_FORMATS, { error: `format must be one of ${MODEL_FORMATS.join(', ')}.` })),
    'glb',
  ),
  topology: z._default(z.optional(z.enum(TOPOLOGIES, { error: 'topology must be low or high.' })), 'low'),
  kind: z._default(z.optional(z.enum(GENERATION_KINDS, { error: 'kind must be model or video.' })), 'model'),
});
export type ConversionOptions = z.input<typeof ConversionOptions>;

/** `POST /api/generations[/free]` as JSON: the photos uploaded first (POST /api/uploads), named by key. */
export const ReferencedRequest = z.object({
  ...ConversionOptions.shape,
  image_key: z.optional(z.union([z.string(), z.array(z.string())])),
  /** The photos' own file names (downloads are named after them); never used as keys. */
  image_name: z.optional(
    z.union([z.string().check(z.maxLength(255)), z.array(z.string().check(z.maxLength(255)))]),
  ),
  view_right_key: z.optional(z.string()),
  view_back_key: z.optional(z.string()),
  view_left_key: z.optional(z.string()),
});
export type ReferencedRequest = z.input<typeof ReferencedRequest>;
