/**
 * GET /api/config: the price of a conversion and the limits a user meets, for everyone (signed in or
 * not). Price and free quota come from the database (admin-editable settings, read by the same SQL
 * fallbacks that charge); batch and upload limits are this function's own, so the SPA never guesses them.
 */
import { PublicSettings } from '@lift3d/contract';
import { Hono } from 'hono';
import type { AppDeps, AppEnv } from '../core/deps.ts';
import { directUploadsAvailable } from '../generations/direct-uploads.ts';
import { UPLOAD_DEFAULTS } from '../generations/uploads.ts';

export function configRoutes({ db, config, storage }: AppDeps) {
  const limits = config.generations ?? UPLOAD_DEFAULTS;
  return new Hono<AppEnv>().get('/', async (c) => {
    const [row] = await db.asService((tx) => tx`select public.public_settings() as settings`);
    // One rule: each image of a batch is a conversion in flight, so no batch is larger than that limit.
    const maxInFlight = Number(row.settings.maxInFlight ?? limits.maxBatch);
    const settings = PublicSettings.parse({
      ...row.settings,
      maxBatch: Math.min(limits.maxBatch, maxInFlight),
      maxUploadBytes: limits.maxImageBytes,
      directUploads: directUploadsAvailable(storage),
      webhookPrivateTargets: config.webhooks?.allowPrivateTargets ?? false,
    });
    return c.json(settings);
  });
}
