/**
 * POST /api/generations (one image, or several for a batch), GET list and one, POST /:id/video (the
 * turntable of a finished model, free), POST /:id/cancel (queued or
 * running, refunded once), DELETE from the history.
 * The upload is stored first under a random key; then ONE SQL function checks the limit and idempotency,
 * spends the credits, inserts the row and enqueues the job. If that fails the upload is deleted again.
 */
import { Hono } from 'hono';
import { requireUser } from '../core/auth.ts';
import type { AppDeps, AppEnv } from '../core/deps.ts';
import { notFound } from '../core/errors.ts';
import { readIdempotencyKey, requestFingerprint, storedIdempotencyKey } from '../core/idempotency.ts';
import { queryInt } from '../core/request-limits.ts';
import {
  checkIssued,
  claimDirectUploads,
  readGenerationRequest,
  readReferencedImages,
} from './direct-uploads.ts';
import { inputStem } from './download-name.ts';
import { viewsOf, withPhotos } from './photos.ts';
import { GENERATION_COLUMNS, type GenerationRow, generationJson } from './rows.ts';
import {
  readImages,
  readOptions,
  storageUnavailable,
  storeUploads,
  UPLOAD_DEFAULTS,
  type UploadForm,
  type UploadLimits,
  uploadBodyLimit,
} from './uploads.ts';
import { readViews } from './views.ts';

export { storageUnavailable };

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function checkId(id: string): string {
  if (!UUID.test(id)) throw notFound('No generation with this id.');
  return id;
}

/** The multipart path: the images and the extra views sent as files. */
async function readFiles(upload: UploadForm, limits: UploadLimits) {
  const uploads = await readImages(upload, limits, limits.maxBatch);
  return { uploads, views: await readViews(upload, limits, uploads.length) };
}

export function generationRoutes(deps: AppDeps) {
  const { db, config } = deps;
  const { storage } = deps;
  const limits = config.generations ?? UPLOAD_DEFAULTS;

  return new Hono<AppEnv>()
    .post('/', uploadBodyLimit(limits), async (c) => {
      const caller = requireUser(c.get('caller'));
      if (!storage) throw storageUnavailable();
      // multipart with the files, or JSON naming direct uploads (image_key, view_<side>_key).
      const upload = await readGenerationRequest(c);
      const direct = upload.body !== null;
      const { format, topology, kind } = readOptions(upload);
      const idempotencyKey = readIdempotencyKey(c);
      const { uploads, views } = upload.body
        ? await readReferencedImages(storage, caller, upload.body, limits, limits.maxBatch)
        : await readFiles(upload, limits);

      const keys = uploads.map((_, i) => storedIdempotencyKey(idempotencyKey, uploads.length, i));
      // What the key promises to repeat: a replay with other parameters or images is a 422, not the old job.
      // Extra views are part of the request too: a replay with other views is another request.
      const viewPrints = await Promise.all(views.map((v) => requestFingerprint([v.view], v.bytes)));
      const hashes = await Promise.all(
        uploads.map((u) =>
          requestFingerprint([kind, format, topology, uploads.length, ...viewPrints], u.bytes),
        ),
      );
      if (!direct) await storeUploads(db, caller, storage, [...uploads, ...views]);
      let rows: GenerationRow[];
      try {
        rows = await db.asCaller(caller, async (tx) => {
          // One SQL call checks the whole batch's price against the balance and creates and charges every
          // image, or none (create_generations).
          const items = uploads.map((u, i) => ({
            key: u.key,
            type: u.type,
            bytes: u.bytes.byteLength,
            idempotency_key: keys[i],
            request_hash: hashes[i],
          }));
          // Sent as text: a parameter the server types as jsonb would be JSON-encoded a second time.
          const created = await tx.unsafe<GenerationRow[]>(
            `select ${GENERATION_COLUMNS}
               from public.create_generations($1, $2, $3, $4::text::jsonb) with ordinality as g
              order by g.ordinality`,
            [kind, format, topology, JSON.stringify(items)],
          );
          // Downloads are named after each image (a replay keeps the first name: the function ignores it).
          for (const [i, u] of uploads.entries()) {
            const stem = inputStem(u.name);
            if (stem && created[i]) await tx`select public.name_generation_input(${created[i].id}, ${stem})`;
          }
          // A replayed request got its earlier generation back, with the views it was created with.
          const fresh = direct
            ? await claimDirectUploads(tx, created, uploads)
            : created.map((g, i) => g.input_key === uploads[i].key);
          if (views.length && fresh[0]) {
            for (const v of views) {
              await tx`select public.add_generation_view(${created[0].id}, ${v.view}, ${v.key}, ${v.type}, ${v.bytes.byteLength})`;
            }
            if (direct) await checkIssued(tx, [created[0].id], views);
          }
          return created;
        });
      } catch (error) {
        // Direct uploads stay the caller's (a retry may name them again); our own copies go.
        if (!direct) await Promise.all([...uploads, ...views].map((u) => storage.delete(u.key)));
        throw error;
      }
      // A repeated Idempotency-Key returned the earlier generation: this request's upload is not needed.
      const duplicates = direct ? [] : uploads.filter((u, i) => rows[i].input_key !== u.key);
      if (duplicates.length) duplicates.push(...views);
      await Promise.all(duplicates.map((u) => storage.delete(u.key)));

      const generations = await Promise.all(rows.map((row) => generationJson(row, config.generations)));
      const named = await db.asCaller(caller, (tx) =>
        viewsOf(
          tx,
          rows.map((r) => r.id),
        ),
      );
      const withViews = await Promise.all(
        generations.map((g) => withPhotos(g, named.get(g.id) ?? [], config.generations)),
      );
      return c.json(uploads.length === 1 ? { generation: withViews[0] } : { generations: withViews }, 202);
    })
    .get('/', async (c) => {
      const caller = requireUser(c.get('caller'));
      const limit = Math.min(100, Math.max(1, Number(c.req.query('limit') ?? 50) || 50));
      const offset = queryInt(c.req.query('offset'), 'offset', { fallback: 0, min: 0, max: 1_000_000 });
      // One transaction for the page and its views: each transaction is round trips of its own.
      const { rows, named } = await db.asCaller(caller, async (tx) => {
        const rows = await tx.unsafe<GenerationRow[]>(
          `select ${GENERATION_COLUMNS} from public.generations
            where user_id = $1 order by created_at desc, id limit $2 offset $3`,
          [caller.userId, limit, offset],
        );
        return {
          rows,
          named: await viewsOf(
            tx,
            rows.map((row) => row.id),
          ),
        };
      });
      const generations = await Promise.all(rows.map((row) => generationJson(row, config.generations)));
      return c.json({
        generations: await Promise.all(
          generations.map((g) => withPhotos(g, named.get(g.id) ?? [], config.generations)),
        ),
        limit,
        offset,
      });
    })
    .get('/:id', async (c) => {
      const caller = requireUser(c.get('caller'));
      const id = checkId(c.req.param('id'));
      const { row, named } = await db.asCaller(caller, async (tx) => {
        const [row] = await tx.unsafe<GenerationRow[]>(
          `select ${GENERATION_COLUMNS} from public.generations where id = $1`,
          [id],
        );
        return { row, named: row ? await viewsOf(tx, [id]) : new Map() };
      });
      if (!row) throw notFound('No generation with this id.');
      return c.json({
        generation: await withPhotos(
          await generationJson(row, config.generations),
          named.get(id) ?? [],
          config.generations,
        ),
      });
    })
    .post('/:id/cancel', async (c) => {
      // Owner or admin; queued or running. Refunds once; a running conversion stops within a heartbeat.
      const caller = requireUser(c.get('caller'));
      const id = checkId(c.req.param('id'));
      const [row] = await db.asCaller(caller, (tx) =>
        tx.unsafe<GenerationRow[]>(`select ${GENERATION_COLUMNS} from public.cancel_generation($1)`, [id]),
      );
      return c.json({
        generation: await generationJson(row, config.generations),
      });
    })
    .post('/:id/video', async (c) => {
      // The owner's finished model gets its turntable video, rendered from the stored model: free, and a
      // repeat returns the same video (public.request_model_video decides both).
      const caller = requireUser(c.get('caller'));
      const id = checkId(c.req.param('id'));
      const [row] = await db.asCaller(caller, async (tx) => {
        await tx`select public.request_model_video(${id})`;
        return tx.unsafe<GenerationRow[]>(
          `select ${GENERATION_COLUMNS} from public.generations where id = $1`,
          [id],
        );
      });
      return c.json({ generation: await generationJson(row, config.generations) }, 202);
    })
    .delete('/:id', async (c) => {
      const caller = requireUser(c.get('caller'));
      const id = checkId(c.req.param('id'));
      // Only the objects this generation owns (SQL decides: never a photo another generation names).
      const [row] = await db.asCaller(caller, (tx) => tx`select public.delete_generation(${id}) as files`);
      const files = row.files as { input: string | null; outputs: string[]; views: string[] };
      if (storage) {
        const keys = [files.input, ...files.outputs, ...files.views].filter((k): k is string => Boolean(k));
        const results = await Promise.allSettled(keys.map((key) => storage.delete(key)));
        const failed = keys.filter((_, i) => results[i].status === 'rejected');
        // The generation is gone from the history either way; leftover files are the operator's to sweep.
        if (failed.length)
          console.error(`api: generation ${id} deleted, but not its files ${failed.join(', ')}`);
      }
      return c.body(null, 204);
    });
}
