/**
 * Free conversions of the /app66 studio: POST /api/generations/free (one image, multipart like the paid
 * route; a model in low topology, no credits) and GET /api/generations/free/quota → {limit, used, remaining}.
 *
 * notes: the daily limits count per account and per network, so the SQL functions take a keyed hash of the
 * client's IP address. Only the api knows that address, so those functions are the service role's: they run
 * here with the caller's claims set, and still take the caller from auth.uid().
 */
import { Hono } from 'hono';
import { requireUser } from '../core/auth.ts';
import { hashClientIp } from '../core/client-ip.ts';
import type { Caller, Tx } from '../core/db.ts';
import type { AppDeps, AppEnv } from '../core/deps.ts';
import { badRequest } from '../core/errors.ts';
import { freeIdempotencyKey, readIdempotencyKey, requestFingerprint } from '../core/idempotency.ts';
import { claimDirectUploads, readGenerationRequest, readReferencedImages } from './direct-uploads.ts';
import { inputStem } from './download-name.ts';
import { GENERATION_COLUMNS, type GenerationRow, generationJson } from './rows.ts';
import {
  readImages,
  readOptions,
  storageUnavailable,
  storeUploads,
  UPLOAD_DEFAULTS,
  uploadBodyLimit,
} from './uploads.ts';

interface FreeQuota {
  limit: number;
  used: number;
  remaining: number;
}

export function freeGenerationRoutes(deps: AppDeps) {
  const { db, config } = deps;
  const { storage } = deps;
  const limits = config.generations ?? UPLOAD_DEFAULTS;
  const ipKey = config.jwtSecret ?? config.databaseUrl;

  /** The service role's privileges with the caller's identity: auth.uid() is the caller. */
  const asApiForCaller = <T>(caller: Caller, fn: (tx: Tx) => Promise<T>) =>
    db.asService(async (tx) => {
      await tx`select set_config('request.jwt.claims', ${JSON.stringify(caller.claims)}, true)`;
      return fn(tx);
    });

  return new Hono<AppEnv>()
    .post('/', uploadBodyLimit(limits), async (c) => {
      const caller = requireUser(c.get('caller'));
      if (!storage) throw storageUnavailable();
      // multipart with the file, or JSON naming a direct upload (image_key).
      const upload = await readGenerationRequest(c);
      const direct = upload.body !== null;
      const { format } = readOptions(upload);
      const idempotencyKey = readIdempotencyKey(c);
      const [image] = upload.body
        ? (await readReferencedImages(storage, caller, upload.body, limits, 1)).uploads
        : await readImages(upload, limits, 1);
      if (
        upload.body &&
        (upload.body.view_right_key || upload.body.view_back_key || upload.body.view_left_key)
      ) {
        throw badRequest('Free conversions take one photo: extra views are for paid conversions.');
      }
      const ipHash = await hashClientIp(c, ipKey, config.clientIp);

      // What the key promises to repeat: a replay with another format or image is a 422.
      const fingerprint = await requestFingerprint(['free', format], image.bytes);
      if (!direct) await storeUploads(db, caller, storage, [image], 'free');
      let row: GenerationRow;
      try {
        [row] = await asApiForCaller(caller, async (tx) => {
          const created = await tx.unsafe<GenerationRow[]>(
            `select ${GENERATION_COLUMNS} from public.create_free_generation($1, $2, $3, $4, $5, $6, $7)`,
            [
              format,
              image.key,
              image.type,
              image.bytes.byteLength,
              freeIdempotencyKey(idempotencyKey),
              ipHash,
              fingerprint,
            ],
          );
          // Downloads are named after the image (a replay keeps the first name).
          if (direct) await claimDirectUploads(tx, created, [image]);
          const stem = inputStem(image.name);
          if (stem && created[0]) {
            await tx`select public.name_generation_input(${created[0].id as string}, ${stem})`;
          }
          return created;
        });
      } catch (error) {
        // Direct uploads stay the caller's (a retry may name them again); our own copy goes.
        if (!direct) await storage.delete(image.key);
        throw error;
      }
      // A repeated Idempotency-Key returned the earlier generation: this request's upload is not needed.
      if (!direct && row.input_key !== image.key) await storage.delete(image.key);
      return c.json({ generation: await generationJson(row, config.generations) }, 202);
    })
    .get('/quota', async (c) => {
      const caller = c.get('caller');
      const ipHash = await hashClientIp(c, ipKey, config.clientIp);
      const [row] = await asApiForCaller(
        caller,
        (tx) => tx`select public.free_generation_quota(${ipHash}) as quota`,
      );
      return c.json(row.quota as FreeQuota);
    });
}
