/**
 * A generation's files: GET /api/generations/:id/download?format=glb|gltf|obj|fbx|stl|mp4, /poster and
 * /thumbnail. Either the caller's token (owner or admin, decided by RLS) or a signed link from the
 * generation JSON (for <img>, <video> and plain links). No extra charge, any number of times.
 */
import { type Context, Hono } from 'hono';
import type { AppDeps, AppEnv } from '../app.ts';
import { requireUser } from '../lib/auth.ts';
import { ApiError, badRequest, notFound } from '../lib/errors.ts';
import { DOWNLOAD_FORMATS, type GenerationRow, type OutputFile } from '../lib/generations.ts';
import { verifyGeneration } from '../lib/signed-urls.ts';
import { checkId, resolveStorage, storageUnavailable } from './generations.ts';

export function generationFileRoutes(deps: AppDeps) {
  const { db, config } = deps;
  const storage = resolveStorage(deps);

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
          tx`select id, kind, status, outputs from public.generations where id = ${id} and deleted_at is null`,
      );
    } else {
      const caller = requireUser(c.get('caller'));
      rows = await db.asCaller(
        caller,
        (tx) => tx`select id, kind, status, outputs from public.generations where id = ${id}`,
      );
    }
    const row = rows[0] as GenerationRow | undefined;
    if (!row) throw notFound('No generation with this id.');
    return row;
  }

  async function send(row: GenerationRow, name: string, disposition: 'attachment' | 'inline') {
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
      throw notFound(
        name === 'mp4'
          ? 'This generation has no video. Use 3D Preview to make one.'
          : `This generation has no ${name} file.`,
      );
    }
    const object = await storage.get(file.key);
    if (!object) {
      console.error(`api: generation ${row.id}: stored file ${file.key} is missing`);
      throw notFound('This file is no longer available. Please generate the model again.');
    }
    return new Response(object.body, {
      status: 200,
      headers: {
        'content-type': file.contentType || object.contentType,
        'content-length': String(object.size || file.bytes),
        'content-disposition': `${disposition}; filename="${file.name.replace(/[^A-Za-z0-9._-]/g, '_')}"`,
        'x-content-type-options': 'nosniff',
      },
    });
  }

  return new Hono<AppEnv>()
    .get('/:id/download', async (c) => {
      const id = checkId(c.req.param('id'));
      const format = (c.req.query('format') ?? '').toLowerCase();
      if (!(DOWNLOAD_FORMATS as readonly string[]).includes(format)) {
        throw badRequest(`format must be one of ${DOWNLOAD_FORMATS.join(', ')}.`);
      }
      return send(await load(c, id), format, 'attachment');
    })
    .get('/:id/poster', async (c) => send(await load(c, checkId(c.req.param('id'))), 'poster', 'inline'))
    .get('/:id/thumbnail', async (c) =>
      send(await load(c, checkId(c.req.param('id'))), 'thumbnail', 'inline'),
    );
}
