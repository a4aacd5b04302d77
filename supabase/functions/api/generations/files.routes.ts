/**
 * A generation's files: GET /api/generations/:id/download?format=glb|gltf|obj|fbx|stl|usdz|3mf|mp4, /poster and
 * /thumbnail. Either the caller's token (owner or admin, decided by RLS) or a signed link from the
 * generation JSON (for <img>, <video> and plain links). No extra charge, any number of times.
 */
import { type Context, Hono } from 'hono';
import { requireUser } from '../core/auth.ts';
import type { AppDeps, AppEnv } from '../core/deps.ts';
import { ApiError, badRequest, notFound } from '../core/errors.ts';
import { contentDisposition, downloadName } from './download-name.ts';
import { checkId, resolveStorage, storageUnavailable } from './routes.ts';
import { DOWNLOAD_FORMATS, EXTRA_MODEL_FORMATS, type GenerationRow, type OutputFile } from './rows.ts';
import { verifyGeneration } from './signed-urls.ts';

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
    const headers: Record<string, string> = {
      'content-type': file.contentType,
      'content-disposition': contentDisposition(
        disposition,
        downloadName(file.name, row.id, row.input_name ?? null),
      ),
      'accept-ranges': 'bytes',
      'x-content-type-options': 'nosniff',
    };
    // <video> asks for byte ranges (Safari insists on them); results are a few MB, so slice in memory.
    const range = /^bytes=(\d*)-(\d*)$/.exec(rangeHeader ?? '');
    if (range && (range[1] || range[2])) {
      const bytes = await storage.getBytes(file.key);
      if (!bytes) throw missing();
      const size = bytes.byteLength;
      const start = range[1] ? Number(range[1]) : Math.max(0, size - Number(range[2]));
      const end = range[1] && range[2] ? Math.min(size - 1, Number(range[2])) : size - 1;
      if (start >= size || start > end) {
        return new Response(null, { status: 416, headers: { 'content-range': `bytes */${size}` } });
      }
      return new Response(bytes.subarray(start, end + 1) as Uint8Array<ArrayBuffer>, {
        status: 206,
        headers: {
          ...headers,
          'content-range': `bytes ${start}-${end}/${size}`,
          'content-length': String(end - start + 1),
        },
      });
    }
    const object = await storage.get(file.key);
    if (!object) throw missing();
    return new Response(object.body, {
      status: 200,
      headers: { ...headers, 'content-length': String(object.size || file.bytes) },
    });
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
