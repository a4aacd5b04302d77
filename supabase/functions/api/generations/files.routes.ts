/**
 * A generation's files: GET /api/generations/:id/download?format=glb|gltf|obj|fbx|stl|usdz|3mf|mp4, /poster and
 * /thumbnail. Either the caller's token (owner or admin, decided by RLS) or a signed link from the
 * generation JSON (for <img>, <video> and plain links). No extra charge, any number of times.
 * Disk storage streams the file; S3 storage redirects (302) to a short-lived presigned URL of the bucket.
 */

import { DOWNLOAD_FORMATS, EXTRA_MODEL_FORMATS } from '@lift3d/contract';
import { type Context, Hono } from 'hono';
import { requireUser } from '../core/auth.ts';
import { DOWNLOAD_URL_TTL_DEFAULT } from '../core/config.ts';
import type { AppDeps, AppEnv } from '../core/deps.ts';
import { ApiError, badRequest, notFound } from '../core/errors.ts';
import { contentDisposition, downloadName } from './download-name.ts';
import { checkId, storageUnavailable } from './routes.ts';
import type { GenerationRow, OutputFile } from './rows.ts';
import { sendStoredFile } from './send-file.ts';
import { verifyGeneration } from './signed-urls.ts';

export function generationFileRoutes(deps: AppDeps) {
  const { db, config } = deps;
  const { storage } = deps;

  async function load(c: Context<AppEnv>, id: string): Promise<GenerationRow> {
    const expires = c.req.query('expires');
    const signature = c.req.query('signature');
    let rows: readonly unknown[];
    if (signature !== undefined) {
      const secret = config.generations?.urlSecret;
      if (!secret || !(await verifyGeneration(secret, id, expires, signature))) {
        throw new ApiError(
          403,
          'This link has expired. Please open the model again to get a new one.',
          'forbidden',
        );
      }
      rows = await db.asService(
        (tx) =>
          tx`select id, kind, status, outputs, input_name from public.generations where id = ${id} and deleted_at is null`,
      );
    } else {
      const caller = requireUser(c.get('caller'));
      rows = await db.asCaller(
        caller,
        (tx) => tx`select id, kind, status, outputs, input_name from public.generations where id = ${id}`,
      );
    }
    const row = rows[0] as GenerationRow | undefined;
    if (!row) throw notFound('No generation with this id.');
    return row;
  }

  async function send(
    row: GenerationRow,
    name: string,
    disposition: 'attachment' | 'inline',
    rangeHeader?: string,
  ) {
    if (!storage) throw storageUnavailable();
    if (row.status !== 'completed') {
      throw new ApiError(
        409,
        'This conversion has not finished yet. Please wait until it is completed.',
        'conflict',
      );
    }
    const file: OutputFile | undefined = row.outputs?.[name];
    if (!file) {
      if (name === 'mp4') throw notFound('This generation has no video. Use 3D Preview to make one.');
      // Models converted before USDZ and 3MF existed keep their other files; a new conversion has all.
      if ((EXTRA_MODEL_FORMATS as readonly string[]).includes(name)) {
        throw notFound(
          `This model was made before ${name.toUpperCase()} downloads existed. Convert the image again to get it.`,
        );
      }
      throw notFound(`This generation has no ${name} file.`);
    }
    const missing = () => {
      console.error(`api: generation ${row.id}: stored file ${file.key} is missing`);
      return notFound('This file is no longer available. Please generate the model again.');
    };
    return sendStoredFile(
      storage,
      file,
      contentDisposition(disposition, downloadName(file.name, row.id, row.input_name ?? null)),
      rangeHeader,
      missing,
      config.generations?.downloadUrlTtlSeconds ?? DOWNLOAD_URL_TTL_DEFAULT,
    );
  }

  return new Hono<AppEnv>()
    .get('/:id/download', async (c) => {
      const id = checkId(c.req.param('id'));
      const format = (c.req.query('format') ?? '').toLowerCase();
      if (!(DOWNLOAD_FORMATS as readonly string[]).includes(format)) {
        throw badRequest(`format must be one of ${DOWNLOAD_FORMATS.join(', ')}.`);
      }
      return send(await load(c, id), format, 'attachment', c.req.header('range'));
    })
    .get('/:id/poster', async (c) => send(await load(c, checkId(c.req.param('id'))), 'poster', 'inline'))
    .get('/:id/thumbnail', async (c) =>
      send(await load(c, checkId(c.req.param('id'))), 'thumbnail', 'inline'),
    );
}
