/**
 * POST /api/generations (one image, or several for a batch), GET list and one, DELETE from the history.
 * The upload is stored first under a random key; then ONE SQL function checks the limit and idempotency,
 * spends the credits, inserts the row and enqueues the job. If that fails the upload is deleted again.
 */
import { Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { createStorage, type Storage } from '../../_shared/storage/index.ts';
import type { AppDeps, AppEnv } from '../app.ts';
import { requireUser } from '../lib/auth.ts';
import { ApiError, badRequest, notFound } from '../lib/errors.ts';
import { GENERATION_COLUMNS, type GenerationRow, generationJson, MODEL_FORMATS } from '../lib/generations.ts';
import { sniffImage } from '../lib/sniff-image.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const EXTENSIONS: Record<string, string> = {
  'image/png': 'png',
  'image/jpeg': 'jpg',
  'image/webp': 'webp',
  'image/gif': 'gif',
  'image/tiff': 'tiff',
  'image/svg+xml': 'svg',
};
const mb = (bytes: number) => `${Math.round(bytes / 1024 / 1024)} MB`;

export const storageUnavailable = () =>
  new ApiError(
    503,
    'File storage is not configured on this server (set STORAGE_DIR or STORAGE=s3).',
    'unavailable',
  );

export function resolveStorage(deps: AppDeps): Storage | null {
  if (deps.storage !== undefined) return deps.storage;
  const config = deps.config.generations?.storage;
  return config ? createStorage(config) : null;
}

export function checkId(id: string): string {
  if (!UUID.test(id)) throw notFound('No generation with this id.');
  return id;
}

interface Upload {
  name: string;
  bytes: Uint8Array;
  type: string;
  key: string;
}

export function generationRoutes(deps: AppDeps) {
  const { db, config } = deps;
  const storage = resolveStorage(deps);
  const limits = config.generations ?? {
    maxImageBytes: 25 * 1024 * 1024,
    maxRequestBytes: 50 * 1024 * 1024,
    maxBatch: 10,
  };

  return new Hono<AppEnv>()
    .post(
      '/',
      bodyLimit({
        maxSize: limits.maxRequestBytes,
        onError: () => {
          throw new ApiError(
            413,
            `The upload is larger than ${mb(limits.maxRequestBytes)}. Please choose a smaller image (at most ${mb(limits.maxImageBytes)} each).`,
            'too_large',
          );
        },
      }),
      async (c) => {
        const caller = requireUser(c.get('caller'));
        if (!storage) throw storageUnavailable();
        if (!(c.req.header('content-type') ?? '').toLowerCase().startsWith('multipart/form-data')) {
          throw badRequest('Send the image as multipart/form-data with an "image" field.');
        }
        let form: FormData;
        try {
          form = await c.req.raw.formData();
        } catch {
          throw badRequest('The upload could not be read. Send multipart/form-data with an "image" field.');
        }
        const field = (name: string, fallback?: string) => {
          const value = form.get(name);
          if (value === null || value === '') return fallback;
          if (typeof value !== 'string') throw badRequest(`${name} must be a text field.`);
          return value.trim().toLowerCase();
        };
        const format = field('format');
        if (!format) throw badRequest('Please select a 3D format.');
        if (!(MODEL_FORMATS as readonly string[]).includes(format)) {
          throw badRequest(`format must be one of ${MODEL_FORMATS.join(', ')}.`);
        }
        const topology = field('topology', 'low')!;
        if (topology !== 'low' && topology !== 'high') throw badRequest('topology must be low or high.');
        const kind = field('kind', 'model')!;
        if (kind !== 'model' && kind !== 'video') throw badRequest('kind must be model or video.');
        const idempotencyKey = c.req.header('idempotency-key')?.trim() || null;
        if (idempotencyKey && idempotencyKey.length > 150) {
          throw badRequest('Idempotency-Key must be at most 150 characters.');
        }

        const files = form.getAll('image');
        if (files.length === 0) throw badRequest('Please upload an image before generating a 3D model.');
        if (files.length > limits.maxBatch) {
          throw badRequest(`At most ${limits.maxBatch} images can be converted in one batch.`);
        }
        const uploads: Upload[] = [];
        for (const file of files) {
          if (typeof file === 'string') throw badRequest('image must be a file.');
          const name = file.name || 'image';
          if (file.size > limits.maxImageBytes) {
            throw new ApiError(
              413,
              `"${name}" is larger than ${mb(limits.maxImageBytes)}. Please choose a smaller image.`,
              'too_large',
            );
          }
          if (file.size === 0) throw badRequest(`"${name}" is empty. Please choose another image.`);
          const bytes = new Uint8Array(await file.arrayBuffer());
          const type = sniffImage(bytes);
          if (!type) {
            throw badRequest(
              `"${name}" is not an image we can convert. Please upload a PNG, JPG, WebP, GIF, TIFF or SVG file.`,
            );
          }
          // Random keys only: the user's file name never reaches storage.
          uploads.push({ name, bytes, type, key: `uploads/${crypto.randomUUID()}.${EXTENSIONS[type]}` });
        }

        const keys = uploads.map((_, i) =>
          idempotencyKey ? (uploads.length > 1 ? `${idempotencyKey}#${i + 1}` : idempotencyKey) : null,
        );
        const stored = await Promise.allSettled(uploads.map((u) => storage.put(u.key, u.bytes, u.type)));
        const failedPut = stored.find((r) => r.status === 'rejected');
        if (failedPut) {
          await Promise.allSettled(uploads.map((u) => storage.delete(u.key)));
          throw failedPut.reason;
        }
        let rows: GenerationRow[];
        try {
          rows = await db.asCaller(caller, async (tx) => {
            if (uploads.length > 1) {
              // The ledger refuses each charge on its own; this says up front what the whole batch needs
              // (images already created under the same Idempotency-Key cost nothing again).
              const [check] = await tx`
                select p.credits,
                       (select (s.value #>> '{}')::int from public.settings s
                         where s.key = 'generation.cost_credits') as cost,
                       (select count(*)::int from public.generations g
                         where g.user_id = p.id and g.idempotency_key = any(${keys.filter((k) => k !== null)})) as replays
                  from public.profiles p where p.id = auth.uid()`;
              const count = uploads.length - Number(check?.replays ?? 0);
              const needed = Number(check?.cost ?? 50) * count;
              if (check && count > 0 && Number(check.credits) < needed) {
                throw new ApiError(
                  402,
                  `Not enough credits: these ${count} images need ${needed} credits and you have ${check.credits}.`,
                  'payment_required',
                );
              }
            }
            const created: GenerationRow[] = [];
            for (const [i, u] of uploads.entries()) {
              const key = keys[i];
              const [row] = await tx.unsafe(
                `select ${GENERATION_COLUMNS} from public.create_generation($1, $2, $3, $4, $5, $6, $7)`,
                [kind, format, topology, u.key, u.type, u.bytes.byteLength, key],
              );
              created.push(row as unknown as GenerationRow);
            }
            return created;
          });
        } catch (error) {
          await Promise.all(uploads.map((u) => storage.delete(u.key)));
          throw error;
        }
        // A repeated Idempotency-Key returned the earlier generation: this request's upload is not needed.
        const duplicates = uploads.filter((u, i) => rows[i].input_key !== u.key);
        await Promise.all(duplicates.map((u) => storage.delete(u.key)));

        const generations = await Promise.all(rows.map((row) => generationJson(row, config.generations)));
        return c.json(uploads.length === 1 ? { generation: generations[0] } : { generations }, 202);
      },
    )
    .get('/', async (c) => {
      const caller = requireUser(c.get('caller'));
      const limit = Math.min(100, Math.max(1, Number(c.req.query('limit') ?? 50) || 50));
      const offset = Math.max(0, Number(c.req.query('offset') ?? 0) || 0);
      const rows = await db.asCaller(caller, (tx) =>
        tx.unsafe(
          `select ${GENERATION_COLUMNS} from public.generations
            where user_id = $1 order by created_at desc, id limit $2 offset $3`,
          [caller.userId, limit, offset],
        ),
      );
      const generations = await Promise.all(
        rows.map((row) => generationJson(row as unknown as GenerationRow, config.generations)),
      );
      return c.json({ generations, limit, offset });
    })
    .get('/:id', async (c) => {
      const caller = requireUser(c.get('caller'));
      const id = checkId(c.req.param('id'));
      const [row] = await db.asCaller(caller, (tx) =>
        tx.unsafe(`select ${GENERATION_COLUMNS} from public.generations where id = $1`, [id]),
      );
      if (!row) throw notFound('No generation with this id.');
      return c.json({
        generation: await generationJson(row as unknown as GenerationRow, config.generations),
      });
    })
    .delete('/:id', async (c) => {
      const caller = requireUser(c.get('caller'));
      const id = checkId(c.req.param('id'));
      const [row] = await db.asCaller(caller, (tx) => tx`select public.delete_generation(${id}) as files`);
      const files = row.files as { input: string; outputs: string[] };
      if (storage) {
        const keys = [files.input, ...files.outputs].filter(Boolean);
        const results = await Promise.allSettled(keys.map((key) => storage.delete(key)));
        const failed = keys.filter((_, i) => results[i].status === 'rejected');
        // The generation is gone from the history either way; leftover files are the operator's to sweep.
        if (failed.length)
          console.error(`api: generation ${id} deleted, but not its files ${failed.join(', ')}`);
      }
      return c.body(null, 204);
    });
}
