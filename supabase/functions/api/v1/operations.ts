/**
 * The operations of /api/v1 as route definitions: the routes validate requests with them (routes.ts) and
 * the OpenAPI document is generated from them (openapi.ts), so what is documented is what is enforced.
 * Paths are relative to the api root (`/api`), as the document's server says.
 */
import { createRoute, z } from '@hono/zod-openapi';
import {
  Balance,
  CreateFromUrl,
  CreateUpload,
  ErrorBody,
  GenerationEnvelope,
  GenerationList,
  ListQuery,
} from '@lift3d/contract/v1';

const RATE_HEADERS = {
  'RateLimit-Limit': { description: 'Requests this key may make per minute.', schema: { type: 'integer' } },
  'RateLimit-Remaining': { description: 'Requests left in this minute.', schema: { type: 'integer' } },
  'RateLimit-Reset': { description: 'Seconds until the minute ends.', schema: { type: 'integer' } },
} as const;

const ERROR_WORDS = {
  400: 'Bad input (`bad_request`, `image_url_refused`).',
  401: 'No valid API key (`missing_api_key`, `invalid_api_key`, `session_token_not_accepted`).',
  402: 'Not enough credits (`payment_required`); nothing was charged.',
  404: 'No such conversion of yours (`not_found`).',
  409: 'Not possible in this state (`conflict`).',
  413: 'The image or request is too large (`too_large`).',
  415: 'The body is neither multipart/form-data nor JSON (`bad_request`).',
  422: 'The image could not be fetched (`image_url_failed`), or the Idempotency-Key was used for another request (`idempotency_mismatch`).',
  429: 'Too many requests for this key, or too many conversions running (`rate_limited`).',
  503: 'File storage is not configured (`unavailable`).',
} as const;
type ErrorStatus = keyof typeof ERROR_WORDS;

const json = <T extends z.ZodType>(schema: T) => ({ 'application/json': { schema } });

/** The error answers of an operation; every one may also answer 401 and 429. */
function errors<S extends ErrorStatus>(...statuses: S[]) {
  const out = {} as Record<
    S | 401 | 429,
    { description: string; content: ReturnType<typeof json<typeof ErrorBody>> }
  >;
  for (const status of [...statuses, 401 as const, 429 as const]) {
    out[status] = {
      description: ERROR_WORDS[status],
      ...(status === 429
        ? {
            headers: {
              ...RATE_HEADERS,
              'Retry-After': { description: 'Seconds to wait.', schema: { type: 'integer' } },
            },
          }
        : {}),
      content: json(ErrorBody),
    };
  }
  return out;
}

const IdParams = z.object({
  id: z.guid().openapi({ param: { name: 'id', in: 'path', required: true } }),
});

export const createGeneration = createRoute({
  method: 'post',
  path: '/v1/generations',
  operationId: 'createGeneration',
  tags: ['Conversions'],
  summary: 'Convert an image into a 3D model',
  description:
    'Upload the image (multipart) or give a public https `image_url` the server fetches. Repeat a ' +
    'request with the same `Idempotency-Key` to get the same conversion back without a second charge.',
  request: {
    headers: z.object({
      'Idempotency-Key': z.string().min(1).max(150).optional().openapi({
        description: 'Names this request: a retry with the same key and parameters is not charged again.',
      }),
    }),
    body: {
      // Not `required` for the validators: each checks only a body of its own media type.
      required: false,
      content: {
        'multipart/form-data': { schema: CreateUpload },
        'application/json': { schema: CreateFromUrl },
      },
    },
  },
  responses: {
    202: { description: 'Created and queued.', headers: RATE_HEADERS, content: json(GenerationEnvelope) },
    200: {
      description: 'A replay of an earlier request with the same Idempotency-Key; nothing charged.',
      content: json(GenerationEnvelope),
    },
    ...errors(400, 402, 413, 415, 422, 503),
  },
});

export const listGenerations = createRoute({
  method: 'get',
  path: '/v1/generations',
  operationId: 'listGenerations',
  tags: ['Conversions'],
  summary: 'List your conversions, newest first',
  request: { query: ListQuery },
  responses: {
    200: { description: 'One page.', headers: RATE_HEADERS, content: json(GenerationList) },
    ...errors(400),
  },
});

export const getGeneration = createRoute({
  method: 'get',
  path: '/v1/generations/{id}',
  operationId: 'getGeneration',
  tags: ['Conversions'],
  summary: 'Status, progress and download links of one conversion',
  request: { params: IdParams },
  responses: {
    200: { description: 'The conversion.', headers: RATE_HEADERS, content: json(GenerationEnvelope) },
    ...errors(404),
  },
});

export const deleteGeneration = createRoute({
  method: 'delete',
  path: '/v1/generations/{id}',
  operationId: 'deleteGeneration',
  tags: ['Conversions'],
  summary: 'Delete a conversion and its files',
  request: { params: IdParams },
  responses: { 204: { description: 'Deleted.' }, ...errors(404) },
});

export const createTurntable = createRoute({
  method: 'post',
  path: '/v1/generations/{id}/video',
  operationId: 'createTurntable',
  tags: ['Conversions'],
  summary: 'Make the turntable video of a completed conversion',
  description:
    'Renders the MP4 from the stored model (no new conversion) at no charge. Poll the conversion: ' +
    '`turntable.status` goes from `rendering` to `ready` (then `downloads.mp4` is there) or `failed` ' +
    'with `turntable.error`. Asking again while it renders or once it is ready returns the same video; ' +
    'after a failure it renders again.',
  request: { params: IdParams },
  responses: {
    202: {
      description: 'Rendering, or ready already.',
      headers: RATE_HEADERS,
      content: json(GenerationEnvelope),
    },
    ...errors(404, 409),
  },
});

export const getBalance = createRoute({
  method: 'get',
  path: '/v1/balance',
  operationId: 'getBalance',
  tags: ['Account'],
  summary: 'Your credit balance',
  responses: {
    200: { description: 'Credits left.', headers: RATE_HEADERS, content: json(Balance) },
    ...errors(),
  },
});
