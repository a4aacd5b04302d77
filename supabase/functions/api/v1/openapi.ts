/**
 * The OpenAPI 3.1 document of /api/v1, served at /api/v1/openapi.json and rendered by the SPA's /docs/api.
 * Generated from the routes (operations.ts, registered with app.openapi): their paths, parameters, bodies
 * and answers come from the contract's zod schemas. Only what no route carries is said here: the document's
 * header, the key scheme and the webhook a delivery posts.
 */
import type { OpenAPIHono } from '@hono/zod-openapi';
import { z } from '@hono/zod-openapi';
import { ERROR_CODES, WebhookEvent } from '@lift3d/contract/v1';
import type { AppEnv } from '../core/deps.ts';

/** The frame every model file is delivered in (engine/src/pipeline/level.ts), shown on the docs page too. */
const MODEL_FRAME =
  'Every model stands upright: +Y is up (Z up in STL and 3MF), the side the photo shows faces +Z, its ' +
  'lowest point rests on the floor (y = 0) and it is centred over the origin.';

/** Components and webhooks no route registers; called once when the routes are built. */
export function registerExtras(app: OpenAPIHono<AppEnv>) {
  const registry = app.openAPIRegistry;
  registry.registerComponent('securitySchemes', 'apiKey', {
    type: 'http',
    scheme: 'bearer',
    description: 'An API key from Profile → Developers.',
  });
  registry.registerWebhook({
    method: 'post',
    path: 'generationFinished',
    operationId: 'generationWebhook',
    summary: 'A conversion completed or failed',
    description:
      'Sent to your webhook URL (Profile → Developers). The `Lift3D-Signature` header is ' +
      '`t=<unix seconds>,v1=<hex HMAC-SHA256(secret, "<t>.<raw body>")>`: compute the HMAC over the ' +
      'raw request body with your webhook secret, compare in constant time, and reject timestamps ' +
      'older than 5 minutes. Answer 2xx quickly; failed deliveries are retried with backoff.',
    request: {
      headers: z.object({ 'Lift3D-Signature': z.string().regex(/^t=\d+,v1=[0-9a-f]{64}$/) }),
      body: { required: true, content: { 'application/json': { schema: WebhookEvent } } },
    },
    responses: { 200: { description: 'Received.' } },
  });
}

/** The document of the routes registered on `app`. */
export function openApiDocument(app: OpenAPIHono<AppEnv>, version: string) {
  const document = app.getOpenAPI31Document({
    openapi: '3.1.0',
    info: {
      title: 'Lift3D API',
      version,
      description:
        'Create an API key in Profile → Developers and send it as `Authorization: Bearer <key>`. ' +
        'A conversion costs the same credits as in the studio and a failed one is refunded. Every error is ' +
        '`{"error": {"code", "message"}}` with a stable `code`. Each key may make a fixed number of requests ' +
        'per minute; every answer carries `RateLimit-Limit`, `RateLimit-Remaining` and `RateLimit-Reset`. ' +
        MODEL_FRAME,
    },
    servers: [{ url: '/api', description: 'This server' }],
    security: [{ apiKey: [] }],
    tags: [{ name: 'Conversions' }, { name: 'Account' }],
  });
  // Fields OpenAPI 3.1 added to `info` (the generator's types know only 3.0's): a summary and the
  // license's SPDX identifier.
  const info = {
    ...document.info,
    summary: 'Photos to 3D models (GLB, glTF, OBJ, FBX, STL, USDZ, 3MF) and turntable videos.',
    license: { name: 'AGPL-3.0-only', identifier: 'AGPL-3.0-only' },
  };
  return { ...document, info, 'x-error-codes': ERROR_CODES };
}
