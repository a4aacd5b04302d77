/**
 * /api/v1: the public REST surface for scripts and other apps, called with an API key (api-key-auth.ts).
 * Conversions are created by the same SQL function as in the studio (public.create_generation, as the
 * key's owner), so the charge, the in-flight limit, idempotency and the refund on failure are the same.
 * Every query names the owner explicitly: a key sees its owner's conversions only, admin or not.
 */
import { OpenAPIHono } from '@hono/zod-openapi';
import type { ViewName } from '@lift3d/contract';
import type { Context } from 'hono';
import type { AppDeps, AppEnv } from '../core/deps.ts';
import { ApiError, badRequest, notFound } from '../core/errors.ts';
import { readIdempotencyKey } from '../core/idempotency.ts';
import { firstIssue } from '../core/validate.ts';
import { viewsOf } from '../generations/photos.ts';
import { storageUnavailable } from '../generations/routes.ts';
import { GENERATION_COLUMNS, type GenerationRow } from '../generations/rows.ts';
import { UPLOAD_DEFAULTS, uploadBodyLimit } from '../generations/uploads.ts';
import { apiKeyAuth } from './api-key-auth.ts';
import { type CreateRequest, createBodyGuard, createConversion } from './create.ts';
import { IMAGE_FETCH_DEFAULTS } from './fetch-image.ts';
import { openApiDocument, registerExtras } from './openapi.ts';
import {
  createGeneration,
  createTurntable,
  deleteGeneration,
  getBalance,
  getGeneration,
  listGenerations,
} from './operations.ts';
import { v1Generation } from './serialize.ts';

/** The api root as the caller reached it (`https://host/api`), for absolute download links. */
function apiRoot(c: Context): string {
  const url = new URL(c.req.url);
  const at = url.pathname.lastIndexOf('/v1/');
  return `${url.origin}${url.pathname.slice(0, at)}`;
}

function owner(c: Context<AppEnv>) {
  const caller = c.get('caller');
  return caller as typeof caller & { userId: string };
}

const encodeCursor = (micros: string, id: string) =>
  btoa(`${micros}.${id}`).replaceAll('+', '-').replaceAll('/', '_').replace(/=+$/, '');

function decodeCursor(cursor: string): { micros: string; id: string } {
  let text = '';
  try {
    text = atob(cursor.replaceAll('-', '+').replaceAll('_', '/'));
  } catch {
    // falls through to the refusal below
  }
  const match = /^(\d{1,19})\.([0-9a-f-]{36})$/.exec(text);
  if (!match) throw badRequest('cursor is not a cursor from a previous page.');
  return { micros: match[1], id: match[2] };
}

export function v1Routes(deps: AppDeps) {
  const { db, config } = deps;
  const { storage } = deps;
  const limits = config.generations ?? UPLOAD_DEFAULTS;
  const fetchOptions = {
    ...IMAGE_FETCH_DEFAULTS,
    ...config.imageUrl,
    maxBytes: limits.maxImageBytes,
  };

  const app = new OpenAPIHono<AppEnv>({
    // Every refusal in the api's own error shape; an id that is no uuid names no conversion of yours.
    defaultHook: (result) => {
      if (result.success) return;
      if (result.target === 'param') throw notFound('No generation with this id.');
      throw badRequest(firstIssue(result.error));
    },
  });
  registerExtras(app);
  // Generated once every route below is registered (the end of this function); served without a key.
  let document: ReturnType<typeof openApiDocument> | null = null;
  app.get('/v1/openapi.json', (c) => c.json(document));
  app.use('/v1/*', apiKeyAuth(db));

  app.openapi(
    { ...createGeneration, middleware: [uploadBodyLimit(limits), createBodyGuard] as const },
    async (c) => {
      if (!storage) throw storageUnavailable();
      const caller = owner(c);
      const idempotencyKey = readIdempotencyKey(c);
      // The route let through only these two media types, each checked against its own schema.
      const isJson = /^application\/json/i.test(c.req.header('content-type') ?? '');
      const json = isJson ? c.req.valid('json') : undefined;
      const form = isJson ? undefined : c.req.valid('form');
      const request: CreateRequest | null =
        json && 'image_url' in json ? { json } : form && 'image' in form ? { form } : null;
      if (!request) {
        throw badRequest('Send multipart/form-data with an "image" file, or JSON with an "image_url".');
      }
      const { row, views, replayed } = await createConversion(c, {
        db,
        storage,
        limits,
        fetchOptions,
        caller,
        idempotencyKey,
        request,
      });
      if (replayed) c.header('Idempotent-Replayed', 'true');
      const generation = await v1Generation(row, views, apiRoot(c), config.generations);
      return c.json({ generation }, replayed ? 200 : 202);
    },
  );

  app.openapi(listGenerations, async (c) => {
    const caller = owner(c);
    const { limit, cursor } = c.req.valid('query');
    const after = cursor ? decodeCursor(cursor) : null;
    const { rows, named } = await db.asCaller(caller, async (tx) => {
      const rows = await tx.unsafe<(GenerationRow & { micros: string })[]>(
        `select ${GENERATION_COLUMNS}, (extract(epoch from created_at) * 1000000)::bigint::text as micros
           from public.generations
          where user_id = $1
            and ($2::bigint is null
                 or (created_at, id) < (timestamptz 'epoch' + $2::bigint * interval '1 microsecond', $3::uuid))
          order by created_at desc, id desc
          limit $4`,
        [caller.userId, after?.micros ?? null, after?.id ?? null, limit + 1],
      );
      const named = await viewsOf(
        tx,
        rows.map((r) => r.id),
      );
      return { rows, named };
    });
    const page = rows.slice(0, limit);
    const root = apiRoot(c);
    const data = await Promise.all(
      page.map((row) => v1Generation(row, named.get(row.id) ?? [], root, config.generations)),
    );
    const last = page[page.length - 1];
    return c.json(
      { data, next_cursor: rows.length > limit ? encodeCursor(last.micros, last.id) : null },
      200,
    );
  });

  app.openapi(getGeneration, async (c) => {
    const caller = owner(c);
    const { id } = c.req.valid('param');
    const { row, named } = await db.asCaller(caller, async (tx) => {
      const [row] = await tx.unsafe<(GenerationRow | undefined)[]>(
        `select ${GENERATION_COLUMNS} from public.generations where id = $1 and user_id = $2`,
        [id, caller.userId],
      );
      return { row, named: await viewsOf(tx, [id]) };
    });
    if (!row) throw notFound('No generation with this id.');
    return c.json(
      { generation: await v1Generation(row, named.get(id) ?? [], apiRoot(c), config.generations) },
      200,
    );
  });

  app.openapi(createTurntable, async (c) => {
    // The turntable of a finished conversion, from the stored model, free; asking again returns the same.
    const caller = owner(c);
    const { id } = c.req.valid('param');
    const { row, named } = await db.asCaller(caller, async (tx) => {
      const [mine] =
        await tx`select id from public.generations where id = ${id} and user_id = ${caller.userId}`;
      if (!mine) return { row: undefined, named: new Map<string, ViewName[]>() };
      await tx`select public.request_model_video(${id})`;
      const [row] = await tx.unsafe<(GenerationRow | undefined)[]>(
        `select ${GENERATION_COLUMNS} from public.generations where id = $1 and user_id = $2`,
        [id, caller.userId],
      );
      return { row, named: await viewsOf(tx, [id]) };
    });
    if (!row) throw notFound('No generation with this id.');
    return c.json(
      { generation: await v1Generation(row, named.get(id) ?? [], apiRoot(c), config.generations) },
      202,
    );
  });

  app.openapi(deleteGeneration, async (c) => {
    const caller = owner(c);
    const { id } = c.req.valid('param');
    const removed = await db.asCaller(caller, async (tx) => {
      const [mine] =
        await tx`select id from public.generations where id = ${id} and user_id = ${caller.userId}`;
      if (!mine) return null;
      // Only the objects this generation owns (SQL decides: never a photo another generation names).
      const [deleted] = await tx`select public.delete_generation(${id}) as files`;
      const files = deleted.files as { input: string | null; outputs: string[]; views: string[] };
      return [files.input, ...files.outputs, ...files.views].filter((k): k is string => Boolean(k));
    });
    if (!removed) throw notFound('No generation with this id.');
    if (storage) {
      const results = await Promise.allSettled(removed.map((key) => storage.delete(key)));
      const failed = removed.filter((_, i) => results[i].status === 'rejected');
      // The generation is gone either way; leftover files are the operator's to sweep.
      if (failed.length)
        console.error(`api: generation ${id} deleted, but not its files ${failed.join(', ')}`);
    }
    return c.body(null, 204);
  });

  app.openapi(getBalance, async (c) => {
    const caller = owner(c);
    const [row] = await db.asCaller(
      caller,
      (tx) => tx`select credits from public.profiles where id = ${caller.userId}`,
    );
    if (!row) throw new ApiError(404, 'This account no longer exists.', 'not_found');
    return c.json({ credits: Number(row.credits) }, 200);
  });

  document = openApiDocument(app, config.version);
  return app;
}
