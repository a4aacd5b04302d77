/**
 * /api/admin/settings: the operator settings (public and private) and their changes. Admin policies on
 * public.settings decide who may write; a trigger checks the known keys' ranges. Only the keys below are
 * editable here, each with a label the admin page shows.
 */
import { Hono } from 'hono';
import { z } from 'zod';
import type { AppDeps, AppEnv } from '../app.ts';
import { requireAdmin } from '../lib/auth.ts';
import { badRequest, notFound } from '../lib/errors.ts';
import { parseJson } from '../lib/validate.ts';

export const EDITABLE_SETTINGS: Record<string, { label: string; description: string }> = {
  'generation.cost_credits': {
    label: 'Credits per conversion',
    description: 'What one 3D model or video costs. Shown to everyone.',
  },
  'generation.max_in_flight': {
    label: 'Conversions in flight per user',
    description: 'Queued or processing jobs one account may have at a time.',
  },
  'app66.daily_limit': {
    label: 'App66 daily limit',
    description: 'Free conversions per visitor per day on /app66. Shown to everyone.',
  },
};

const Change = z.object({
  value: z.number({ error: 'value must be a number.' }).int('value must be a whole number.'),
});

interface SettingRow {
  key: string;
  value: unknown;
  is_public: boolean;
  updated_at: Date;
}

function toApiSetting(r: SettingRow) {
  const meta = EDITABLE_SETTINGS[r.key];
  return {
    key: r.key,
    value: r.value,
    isPublic: r.is_public,
    label: meta?.label ?? r.key,
    description: meta?.description ?? '',
    updatedAt: r.updated_at.toISOString(),
  };
}

export function adminSettingRoutes({ db }: AppDeps) {
  return new Hono<AppEnv>()
    .get('/', async (c) => {
      const caller = requireAdmin(c.get('caller'));
      const rows = await db.asCaller(
        caller,
        (tx) => tx<SettingRow[]>`
          select key, value, is_public, updated_at from public.settings
           where key in ${tx(Object.keys(EDITABLE_SETTINGS))} order by key`,
      );
      return c.json({ settings: rows.map(toApiSetting) });
    })
    .put('/:key', async (c) => {
      const caller = requireAdmin(c.get('caller'));
      const key = c.req.param('key');
      if (!EDITABLE_SETTINGS[key])
        throw badRequest(`Unknown setting "${key}": use ${Object.keys(EDITABLE_SETTINGS).join(', ')}.`);
      const { value } = await parseJson(c, Change);
      const [row] = await db.asCaller(
        caller,
        (tx) => tx<SettingRow[]>`
          update public.settings set value = ${tx.json(value)} where key = ${key}
          returning key, value, is_public, updated_at`,
      );
      // RLS: a caller whose admin flag is gone updates nothing.
      if (!row) throw notFound(`Setting "${key}" was not found or you may not change it.`);
      return c.json({ setting: toApiSetting(row) });
    });
}
