/**
 * The public /api/v1 bodies (`@lift3d/contract/v1`): the api's routes validate with them and the OpenAPI
 * document is generated from those routes, so the document cannot drift from what they accept and answer.
 * Full zod (not zod/mini) because the document generator reads its metadata; a `meta({id})` names a
 * component of the document. A separate entry point keeps full zod out of the SPA's bundle.
 */
import { z } from 'zod';
import { DOWNLOAD_FORMATS, MODEL_FORMATS, TOPOLOGIES, VIEW_NAMES } from './formats.ts';
import { GENERATION_STATUSES, MODEL_VIDEO_STATUSES } from './generation.ts';

const Format = z.enum(MODEL_FORMATS).meta({
  description:
    'The download offered first. Every conversion is made in every format (and downloadable in all of them); this only names the one a person or a script picks by default.',
});
const Topology = z.enum(TOPOLOGIES).meta({ description: 'About 5k (low) or 60k (high) triangles.' });

export const CreateFromUrl = z
  .strictObject({
    image_url: z
      .string()
      .max(2048)
      .meta({ description: 'A public https:// URL of a PNG, JPG, WebP, GIF, TIFF or SVG image.' }),
    format: Format.default('glb'),
    topology: Topology.default('low'),
    video: z.boolean().default(false).meta({ description: 'Also render a turntable MP4.' }),
  })
  .meta({ id: 'CreateFromUrl' });

/** A file field; the document generator is told how to write it (a binary string). */
const file = (description: string) => z.file().meta({ type: 'string', format: 'binary', description });

/** The multipart fields of an upload; any other field is refused. */
export const CreateUpload = z
  .strictObject({
    image: file('The photo or drawing.'),
    view_right: file('Optional photo of the right side.').optional(),
    view_back: file('Optional photo of the back.').optional(),
    view_left: file('Optional photo of the left side.').optional(),
    format: Format.optional(),
    topology: Topology.optional(),
    video: z.enum(['true', 'false']).optional().meta({ description: 'Also render a turntable MP4.' }),
  })
  .meta({ id: 'CreateUpload' });

const Turntable = z
  .object({
    status: z.enum(MODEL_VIDEO_STATUSES).meta({
      description:
        '`rendering`, `ready` (its MP4 is in `downloads.mp4`) or `failed` (`error` says why; ask again to retry).',
    }),
    progress: z.number().min(0).max(1).meta({ description: 'Fraction rendered, 1 when ready.' }),
    error: z.string().nullable(),
  })
  .meta({
    id: 'Turntable',
    description:
      'The turntable video of a completed conversion, made from the stored model at no charge (POST /v1/generations/{id}/video); null when none was asked for.',
  });

const Generation = z
  .object({
    id: z.uuid(),
    status: z.enum(GENERATION_STATUSES),
    progress: z
      .number()
      .min(0)
      .max(1)
      .meta({
        description:
          'How far the conversion is, as a fraction from 0 to 1 (0.42 is 42 %; 1 when completed). The same scale on every surface; it never goes back.',
        examples: [0.42],
      }),
    stage: z.string(),
    error: z.string().nullable(),
    format: Format,
    topology: Topology,
    video: z
      .boolean()
      .meta({ description: 'Whether the conversion itself was asked to render a turntable.' }),
    turntable: Turntable.nullable(),
    views: z.array(z.enum(VIEW_NAMES)),
    cost: z.int().meta({ description: 'Credits charged (refunded if the conversion fails).' }),
    created_at: z.iso.datetime(),
    started_at: z.iso.datetime().nullable(),
    completed_at: z.iso.datetime().nullable(),
    downloads: z.partialRecord(z.enum(DOWNLOAD_FORMATS), z.url()).meta({
      description: 'Signed links to every file of a completed conversion (no Authorization needed).',
    }),
    links_expire_at: z.iso.datetime().nullable(),
  })
  .meta({ id: 'Generation' });

export type V1Generation = z.output<typeof Generation>;

export const GenerationEnvelope = z.object({ generation: Generation }).meta({ id: 'GenerationEnvelope' });

export const GenerationList = z
  .object({
    data: z.array(Generation),
    next_cursor: z
      .string()
      .nullable()
      .meta({ description: 'Pass as `cursor` for the next page; null at the end.' }),
  })
  .meta({ id: 'GenerationList' });

export const ListQuery = z.strictObject({
  limit: z.coerce.number().int().min(1).max(100).default(20),
  cursor: z
    .string()
    .regex(/^[A-Za-z0-9_-]{1,200}$/)
    .optional(),
});

export const Balance = z.object({ credits: z.int().min(0) }).meta({ id: 'Balance' });

export const ERROR_CODES = [
  'bad_request',
  'image_url_refused',
  'image_url_failed',
  'missing_api_key',
  'invalid_api_key',
  'session_token_not_accepted',
  'payment_required',
  'not_found',
  'conflict',
  'too_large',
  'idempotency_mismatch',
  'rate_limited',
  'unavailable',
  'internal_error',
] as const;

export const ErrorBody = z
  .object({
    error: z.object({
      code: z.enum(ERROR_CODES).meta({ description: 'Stable; branch on it.' }),
      message: z.string().meta({ description: 'For people; may change.' }),
    }),
  })
  .meta({ id: 'Error' });

/** What a webhook delivery posts to the owner's endpoint (documented under the document's `webhooks`). */
export const WebhookEvent = z
  .object({
    id: z.string().regex(/^evt_[0-9a-f-]{36}$/),
    type: z.enum(['generation.completed', 'generation.failed']),
    created_at: z.iso.datetime(),
    data: z.object({
      generation_id: z.uuid(),
      status: z.enum(['completed', 'failed']),
      error: z.string().nullable(),
    }),
  })
  .meta({ id: 'WebhookEvent' });
