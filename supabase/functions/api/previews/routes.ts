/**
 * Free previews (POST /api/previews, GET /quota, GET /:id, GET /:id/shape, POST /:id/convert): the built-in
 * engine's quick untextured shape of the photos a user chose, before paying; then the paid conversion from
 * the same stored photos in one click.
 *
 * notes: the limits (per account, per network, in flight) are SQL's (public.create_preview), which needs
 * the keyed hash of the client's address: only this api knows it, so create_preview and preview_quota are
 * the service role's, run here with the caller's claims (auth.uid() is still the caller). The photos are
 * recorded as the caller's uploads and stay unclaimed until the conversion claims them; the shape is
 * streamed to the owner only, inline (the studio offers no download of it).
 */
import { Hono } from 'hono';
import { requireUser } from '../core/auth.ts';
import { hashClientIp } from '../core/client-ip.ts';
import type { Caller, Tx } from '../core/db.ts';
import type { AppDeps, AppEnv } from '../core/deps.ts';
import { ApiError, badRequest, notFound } from '../core/errors.ts';
import { parseJson } from '../core/validate.ts';
import { inputStem } from '../generations/download-name.ts';
import { withPhotos } from '../generations/photos.ts';
import { checkId } from '../generations/routes.ts';
import { GENERATION_COLUMNS, type GenerationRow, generationJson } from '../generations/rows.ts';
import {
  readImages,
  readUploadForm,
  storageUnavailable,
  storeUploads,
  UPLOAD_DEFAULTS,
  uploadBodyLimit,
} from '../generations/uploads.ts';
import { readViews } from '../generations/views.ts';
import {
  ConvertPreviewRequest,
  PreviewFromShots,
  type PreviewRow,
  previewJson,
  readFocalLengths,
  type ShotRow,
} from './rows.ts';

export function previewRoutes(deps: AppDeps) {
  const { db, config, storage } = deps;
  const limits = config.generations ?? UPLOAD_DEFAULTS;
  const ipKey = config.jwtSecret ?? config.databaseUrl;

  /** The service role's privileges with the caller's identity: auth.uid() is the caller. */
  const asApiForCaller = <T>(caller: Caller, fn: (tx: Tx) => Promise<T>) =>
    db.asService(async (tx) => {
      await tx`select set_config('request.jwt.claims', ${JSON.stringify(caller.claims)}, true)`;
      return fn(tx);
    });

  /** The caller's passed shots by side: their stored photos, views and focal lengths. */
  const readPassedShots = async (caller: Caller, shots: Record<string, string | undefined>) => {
    const ids = Object.values(shots).filter((v): v is string => typeof v === 'string');
    const rows = await db.asCaller(
      caller,
      (tx) =>
        tx<ShotRow[]>`select id, side, status, input_key, input_type, input_bytes, focal_length_35mm
                      from public.shot_checks where id = any(${ids}::uuid[])`,
    );
    const bySide = new Map<string, ShotRow>();
    for (const [side, id] of Object.entries(shots)) {
      const row = rows.find((r) => r.id === id);
      if (!row || row.side !== side)
        throw badRequest(`The ${side} photo is not one of your shots. Take it again.`);
      if (row.status !== 'passed') throw badRequest(`The ${side} photo has not passed its check. Retake it.`);
      bySide.set(side, row);
    }
    const front = bySide.get('front');
    if (!front) throw badRequest('A preview needs the front photo.');
    const views: Record<string, { key: string; type: string; bytes: number }> = {};
    const focal: Record<string, number> = {};
    for (const [side, row] of bySide) {
      if (side !== 'front')
        views[side] = { key: row.input_key, type: row.input_type, bytes: row.input_bytes };
      if (row.focal_length_35mm !== null) focal[side] = Number(row.focal_length_35mm);
    }
    return {
      front: { key: front.input_key, type: front.input_type, bytes: front.input_bytes },
      views,
      focal,
    };
  };

  const readOwn = async (caller: Caller, id: string) => {
    const [row] = await db.asCaller(
      caller,
      (tx) => tx<PreviewRow[]>`select * from public.previews where id = ${id}`,
    );
    if (!row) throw notFound('No preview with this id.');
    return row;
  };

  return new Hono<AppEnv>()
    .post('/', uploadBodyLimit(limits), async (c) => {
      const caller = requireUser(c.get('caller'));
      if (!storage) throw storageUnavailable();
      const ipHash = await hashClientIp(c, ipKey, config.clientIp);
      const json = (c.req.header('content-type') ?? '').toLowerCase().startsWith('application/json');
      if (json) {
        // Shots of a guided capture that passed their check: already stored, nothing is sent again.
        const body = await parseJson(c, PreviewFromShots);
        const photos = await readPassedShots(caller, body.shots);
        const [row] = await asApiForCaller(
          caller,
          (tx) => tx<
            PreviewRow[]
          >`select * from public.create_preview(${photos.front.key}, ${photos.front.type},
            ${photos.front.bytes}, ${tx.json(photos.views)}, ${ipHash}, ${tx.json(photos.focal)})`,
        );
        return c.json({ preview: previewJson(row) }, 202);
      }
      const upload = await readUploadForm(c);
      const [image] = await readImages(upload, limits, 1);
      const views = await readViews(upload, limits, 1);
      const focal = readFocalLengths(upload);
      // The limits first (SQL words the refusal), so a user over them stores nothing; create_preview checks
      // them again under the account's lock.
      await asApiForCaller(caller, (tx) => tx`select public.preview_check(${ipHash})`);
      await storeUploads(db, caller, storage, [image, ...views]);
      const viewJson = Object.fromEntries(
        views.map((v) => [v.view, { key: v.key, type: v.type, bytes: v.bytes.byteLength }]),
      );
      try {
        const [row] = await asApiForCaller(
          caller,
          (tx) => tx<PreviewRow[]>`select * from public.create_preview(${image.key}, ${image.type},
            ${image.bytes.byteLength}, ${tx.json(viewJson)}, ${ipHash}, ${tx.json(focal)})`,
        );
        return c.json({ preview: previewJson(row) }, 202);
      } catch (error) {
        await Promise.allSettled([image, ...views].map((u) => storage.delete(u.key)));
        throw error;
      }
    })
    .get('/quota', async (c) => {
      const caller = requireUser(c.get('caller'));
      const ipHash = await hashClientIp(c, ipKey, config.clientIp);
      const [row] = await asApiForCaller(caller, (tx) => tx`select public.preview_quota(${ipHash}) as q`);
      return c.json(row.q);
    })
    .get('/:id', async (c) => {
      const caller = requireUser(c.get('caller'));
      const row = await readOwn(caller, checkId(c.req.param('id')));
      return c.json({ preview: previewJson(row) });
    })
    .get('/:id/shape', async (c) => {
      const caller = requireUser(c.get('caller'));
      const row = await readOwn(caller, checkId(c.req.param('id')));
      if (!storage) throw storageUnavailable();
      const bytes =
        row.status === 'completed' && row.shape_key ? await storage.getBytes(row.shape_key) : null;
      if (!bytes) throw notFound('This preview has no shape (not made yet, converted or expired).');
      return new Response(bytes as Uint8Array<ArrayBuffer>, {
        headers: {
          'content-type': 'model/gltf-binary',
          'content-disposition': 'inline',
          'cache-control': 'private, no-store',
          'x-content-type-options': 'nosniff',
        },
      });
    })
    .post('/:id/convert', async (c) => {
      const caller = requireUser(c.get('caller'));
      const id = checkId(c.req.param('id'));
      const body = await parseJson(c, ConvertPreviewRequest);
      const preview = await readOwn(caller, id);
      if (preview.status === 'converted' && preview.generation_id) {
        throw new ApiError(409, 'This preview was converted already: see My models.', 'conflict');
      }
      if (preview.status === 'expired' || new Date(preview.expires_at).getTime() <= Date.now()) {
        throw badRequest('This preview has expired. Choose the photos again.');
      }
      // The paid path's one SQL call (credits, in-flight limit, the upload's claim), on the stored photos.
      const row = await db.asCaller(caller, async (tx) => {
        const [created] = await tx.unsafe<GenerationRow[]>(
          `select ${GENERATION_COLUMNS} from public.create_generations($1, $2, $3, $4::text::jsonb)`,
          [
            body.kind,
            body.format,
            body.topology,
            JSON.stringify([
              { key: preview.input_key, type: preview.input_type, bytes: preview.input_bytes },
            ]),
          ],
        );
        const stem = body.name ? inputStem(body.name) : null;
        if (stem) await tx`select public.name_generation_input(${created.id}, ${stem})`;
        for (const [view, v] of Object.entries(preview.views ?? {})) {
          await tx`select public.add_generation_view(${created.id}, ${view}, ${v.key}, ${v.type}, ${v.bytes})`;
        }
        await tx`select public.mark_preview_converted(${id}, ${created.id})`;
        return created;
      });
      const generation = await withPhotos(
        await generationJson(row, config.generations),
        Object.keys(preview.views ?? {}) as never,
        config.generations,
      );
      return c.json({ generation }, 202);
    });
}
