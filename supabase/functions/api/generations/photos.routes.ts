/**
 * The photos a generation was made from: GET /api/generations/:id/photos/:side, side = front (the main
 * photo), right, back or left (the extra views). The owner or an admin with their token (RLS decides; anyone
 * else gets the same 404 as for a generation that does not exist), or a signed photo link from the
 * generation JSON (`photoUrls`, for <img>). Any status: the photos exist from the moment of the upload.
 * Disk storage streams the file; S3 storage redirects (302) to a presigned URL, like the results.
 */
import { PHOTO_SIDES, type PhotoSide, type Tables } from '@lift3d/contract';
import { type Context, Hono } from 'hono';
import { requireUser } from '../core/auth.ts';
import { DOWNLOAD_URL_TTL_DEFAULT } from '../core/config.ts';
import type { Tx } from '../core/db.ts';
import type { AppDeps, AppEnv } from '../core/deps.ts';
import { ApiError, notFound } from '../core/errors.ts';
import { contentDisposition } from './download-name.ts';
import { checkId, storageUnavailable } from './routes.ts';
import type { OutputFile } from './rows.ts';
import { sendStoredFile } from './send-file.ts';
import { verifyGenerationPhotos } from './signed-urls.ts';
import { UPLOAD_EXTENSIONS } from './uploads.ts';

/** The generation's own photo, or a view's under the same names. */
type PhotoRow = Pick<Tables<'generations'>, 'input_key' | 'input_type' | 'input_bytes' | 'input_name'>;

function photoQuery(tx: Tx, id: string, side: PhotoSide, service: boolean) {
  const visible = service ? tx`and g.deleted_at is null` : tx``;
  if (side === 'front') {
    return tx<PhotoRow[]>`select g.input_key, g.input_type, g.input_bytes, g.input_name
                            from public.generations g where g.id = ${id} ${visible}`;
  }
  // The view is read through the generation too: both tables' policies must let the caller in.
  return tx<PhotoRow[]>`select v.input_key, v.input_type, v.input_bytes, g.input_name
                          from public.generation_views v join public.generations g on g.id = v.generation_id
                         where v.generation_id = ${id} and v.view = ${side} ${visible}`;
}

export function generationPhotoRoutes(deps: AppDeps) {
  const { db, config, storage } = deps;

  async function load(c: Context<AppEnv>, id: string, side: PhotoSide): Promise<PhotoRow> {
    const expires = c.req.query('expires');
    const signature = c.req.query('signature');
    let rows: readonly PhotoRow[];
    if (signature !== undefined) {
      const secret = config.generations?.urlSecret;
      if (!secret || !(await verifyGenerationPhotos(secret, id, expires, signature))) {
        throw new ApiError(
          403,
          'This link has expired. Please open the model again to get a new one.',
          'forbidden',
        );
      }
      rows = await db.asService((tx) => photoQuery(tx, id, side, true));
    } else {
      const caller = requireUser(c.get('caller'));
      rows = await db.asCaller(caller, (tx) => photoQuery(tx, id, side, false));
    }
    const row = rows[0];
    if (!row)
      throw notFound(side === 'front' ? 'No generation with this id.' : 'This generation has no such view.');
    return row;
  }

  return new Hono<AppEnv>().get('/:id/photos/:side', async (c) => {
    const id = checkId(c.req.param('id'));
    const side = c.req.param('side') as PhotoSide;
    if (!(PHOTO_SIDES as readonly string[]).includes(side)) {
      throw notFound(`No photo named ${side}: use ${PHOTO_SIDES.join(', ')}.`);
    }
    if (!storage) throw storageUnavailable();
    const row = await load(c, id, side);
    const extension = UPLOAD_EXTENSIONS[row.input_type] ?? 'bin';
    const file: OutputFile = {
      key: row.input_key,
      contentType: row.input_type,
      bytes: row.input_bytes,
      name: `${row.input_name ?? `lift3d-${id.slice(0, 8)}`}-${side}.${extension}`,
    };
    // An SVG opened by itself (not in <img>) could run script on the api's origin: it is only ever a
    // download. Every other photo shows inline.
    const disposition = row.input_type === 'image/svg+xml' ? 'attachment' : 'inline';
    return sendStoredFile(
      storage,
      file,
      contentDisposition(disposition, file.name),
      undefined,
      () => {
        console.error(`api: generation ${id}: stored photo ${row.input_key} is missing`);
        return notFound('This photo is no longer available.');
      },
      config.generations?.downloadUrlTtlSeconds ?? DOWNLOAD_URL_TTL_DEFAULT,
    );
  });
}
