/**
 * The OpenAPI 3.1 document of /api/v1, served at /api/v1/openapi.json and rendered by the SPA's /docs/api.
 * Component schemas come from the routes' zod schemas (z.toJSONSchema); the paths say which operation
 * takes and answers which of them. Webhook events are documented here too (OpenAPI 3.1 `webhooks`).
 */
import { z } from 'zod';
import { ERROR_CODES, v1Registry } from './schemas.ts';

type Json = Record<string, unknown>;

const ref = (id: string) => ({ $ref: `#/components/schemas/${id}` });
const json = (id: string) => ({ 'application/json': { schema: ref(id) } });

function schemas(io: 'input' | 'output'): Record<string, Json> {
  const out = z.toJSONSchema(v1Registry, {
    target: 'draft-2020-12',
    io,
    uri: (id) => `#/components/schemas/${id}`,
  }) as { schemas: Record<string, Json> };
  return Object.fromEntries(
    Object.entries(out.schemas).map(([id, schema]) => {
      const { $schema: _s, $id: _ref, id: _id, ...rest } = schema;
      return [id, rest];
    }),
  );
}

const RATE_HEADERS = {
  'RateLimit-Limit': { description: 'Requests this key may make per minute.', schema: { type: 'integer' } },
  'RateLimit-Remaining': { description: 'Requests left in this minute.', schema: { type: 'integer' } },
  'RateLimit-Reset': { description: 'Seconds until the minute ends.', schema: { type: 'integer' } },
};

function errors(...statuses: number[]): Json {
  const words: Record<number, string> = {
    400: 'Bad input (`bad_request`, `image_url_refused`).',
    401: 'No valid API key (`missing_api_key`, `invalid_api_key`, `session_token_not_accepted`).',
    402: 'Not enough credits (`payment_required`); nothing was charged.',
    404: 'No such conversion of yours (`not_found`).',
    409: 'Not possible in this state (`conflict`).',
    413: 'The image or request is too large (`too_large`).',
    422: 'The image could not be fetched (`image_url_failed`), or the Idempotency-Key was used for another request (`idempotency_mismatch`).',
    429: 'Too many requests for this key, or too many conversions running (`rate_limited`).',
    503: 'File storage is not configured (`unavailable`).',
  };
  const out: Json = {};
  for (const status of [...statuses, 401, 429]) {
    out[String(status)] = {
      description: words[status],
      headers:
        status === 429
          ? {
              ...RATE_HEADERS,
              'Retry-After': { description: 'Seconds to wait.', schema: { type: 'integer' } },
            }
          : undefined,
      content: json('Error'),
    };
  }
  return out;
}

const idParam = {
  name: 'id',
  in: 'path',
  required: true,
  schema: { type: 'string', format: 'uuid' },
};

/** The frame every model file is delivered in (engine/src/pipeline/level.ts), shown on the docs page too. */
const MODEL_FRAME =
  'Every model stands upright: +Y is up (Z up in STL and 3MF), the side the photo shows faces +Z, its ' +
  'lowest point rests on the floor (y = 0) and it is centred over the origin.';

export function openApiDocument(version: string): Json {
  const output = schemas('output');
  const input = schemas('input');
  return {
    openapi: '3.1.0',
    info: {
      title: 'Lift3D API',
      version,
      summary: 'Photos to 3D models (GLB, glTF, OBJ, FBX, STL, USDZ, 3MF) and turntable videos.',
      description:
        'Create an API key in Profile → Developers and send it as `Authorization: Bearer <key>`. ' +
        'A conversion costs the same credits as in the studio and a failed one is refunded. Every error is ' +
        '`{"error": {"code", "message"}}` with a stable `code`. Each key may make a fixed number of requests ' +
        'per minute; every answer carries `RateLimit-Limit`, `RateLimit-Remaining` and `RateLimit-Reset`. ' +
        MODEL_FRAME,
      license: { name: 'AGPL-3.0-only', identifier: 'AGPL-3.0-only' },
    },
    servers: [{ url: '/api', description: 'This server' }],
    security: [{ apiKey: [] }],
    tags: [{ name: 'Conversions' }, { name: 'Account' }],
    paths: {
      '/v1/generations': {
        post: {
          operationId: 'createGeneration',
          tags: ['Conversions'],
          summary: 'Convert an image into a 3D model',
          description:
            'Upload the image (multipart) or give a public https `image_url` the server fetches. Repeat a ' +
            'request with the same `Idempotency-Key` to get the same conversion back without a second charge.',
          parameters: [
            {
              name: 'Idempotency-Key',
              in: 'header',
              required: false,
              description:
                'Names this request: a retry with the same key and parameters is not charged again.',
              schema: { type: 'string', minLength: 1, maxLength: 150 },
            },
          ],
          requestBody: {
            required: true,
            content: {
              'multipart/form-data': { schema: ref('CreateUpload') },
              'application/json': { schema: ref('CreateFromUrl') },
            },
          },
          responses: {
            '202': {
              description: 'Created and queued.',
              headers: RATE_HEADERS,
              content: json('GenerationEnvelope'),
            },
            '200': {
              description: 'A replay of an earlier request with the same Idempotency-Key; nothing charged.',
              content: json('GenerationEnvelope'),
            },
            ...errors(400, 402, 413, 422, 503),
          },
        },
        get: {
          operationId: 'listGenerations',
          tags: ['Conversions'],
          summary: 'List your conversions, newest first',
          parameters: [
            {
              name: 'limit',
              in: 'query',
              schema: { type: 'integer', minimum: 1, maximum: 100, default: 20 },
            },
            {
              name: 'cursor',
              in: 'query',
              description: '`next_cursor` of the previous page.',
              schema: { type: 'string', pattern: '^[A-Za-z0-9_-]{1,200}$' },
            },
          ],
          responses: {
            '200': { description: 'One page.', headers: RATE_HEADERS, content: json('GenerationList') },
            ...errors(400),
          },
        },
      },
      '/v1/generations/{id}': {
        get: {
          operationId: 'getGeneration',
          tags: ['Conversions'],
          summary: 'Status, progress and download links of one conversion',
          parameters: [idParam],
          responses: {
            '200': {
              description: 'The conversion.',
              headers: RATE_HEADERS,
              content: json('GenerationEnvelope'),
            },
            ...errors(404),
          },
        },
        delete: {
          operationId: 'deleteGeneration',
          tags: ['Conversions'],
          summary: 'Delete a conversion and its files',
          parameters: [idParam],
          responses: { '204': { description: 'Deleted.' }, ...errors(404) },
        },
      },
      '/v1/generations/{id}/video': {
        post: {
          operationId: 'createTurntable',
          tags: ['Conversions'],
          summary: 'Make the turntable video of a completed conversion',
          description:
            'Renders the MP4 from the stored model (no new conversion) at no charge. Poll the conversion: ' +
            '`turntable.status` goes from `rendering` to `ready` (then `downloads.mp4` is there) or `failed` ' +
            'with `turntable.error`. Asking again while it renders or once it is ready returns the same video; ' +
            'after a failure it renders again.',
          parameters: [idParam],
          responses: {
            '202': {
              description: 'Rendering, or ready already.',
              headers: RATE_HEADERS,
              content: json('GenerationEnvelope'),
            },
            ...errors(404, 409),
          },
        },
      },
      '/v1/balance': {
        get: {
          operationId: 'getBalance',
          tags: ['Account'],
          summary: 'Your credit balance',
          responses: {
            '200': { description: 'Credits left.', headers: RATE_HEADERS, content: json('Balance') },
            ...errors(),
          },
        },
      },
    },
    webhooks: {
      generationFinished: {
        post: {
          operationId: 'generationWebhook',
          summary: 'A conversion completed or failed',
          description:
            'Sent to your webhook URL (Profile → Developers). The `Lift3D-Signature` header is ' +
            '`t=<unix seconds>,v1=<hex HMAC-SHA256(secret, "<t>.<raw body>")>`: compute the HMAC over the ' +
            'raw request body with your webhook secret, compare in constant time, and reject timestamps ' +
            'older than 5 minutes. Answer 2xx quickly; failed deliveries are retried with backoff.',
          parameters: [
            {
              name: 'Lift3D-Signature',
              in: 'header',
              required: true,
              schema: { type: 'string', pattern: '^t=\\d+,v1=[0-9a-f]{64}$' },
            },
          ],
          requestBody: { required: true, content: json('WebhookEvent') },
          responses: { '200': { description: 'Received.' } },
        },
      },
    },
    components: {
      securitySchemes: {
        apiKey: { type: 'http', scheme: 'bearer', description: 'An API key from Profile → Developers.' },
      },
      schemas: { ...output, CreateFromUrl: input.CreateFromUrl, CreateUpload: input.CreateUpload },
    },
    'x-error-codes': ERROR_CODES,
  };
}
