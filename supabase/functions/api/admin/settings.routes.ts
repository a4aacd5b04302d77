/**
 * /api/admin/settings: the operator settings (public and private) and their changes. Admin policies on
 * public.settings decide who may write; a trigger checks the known keys' ranges. Only the keys below are
 * editable here, each with a label the admin page shows.
 */
import { type AdminSetting, GENERATION_BACKENDS, SettingChange, type Tables } from '@lift3d/contract';
import { Hono } from 'hono';
import { requireAdmin } from '../core/auth.ts';
import type { AppDeps, AppEnv } from '../core/deps.ts';
import { badRequest, notFound } from '../core/errors.ts';
import { jsonBody } from '../core/validate.ts';

// `default` leaves the choice to the worker's GENERATION_BACKEND.
const BACKEND_CHOICES = ['default', ...GENERATION_BACKENDS];

/** `choices`: the setting is one of these words (the database checks them too); otherwise a whole number. */
const EDITABLE_SETTINGS: Record<string, { label: string; description: string; choices?: string[] }> = {
  'generation.cost_credits': {
    label: 'Credits per conversion',
    description: 'What one 3D model or video costs. Shown to everyone.',
  },
  'generation.max_in_flight': {
    label: 'Conversions in flight per user',
    description:
      'Queued or processing conversions one account may have at a time. Each image of a batch is one, so this is also the largest batch (at most 10).',
  },
  'app66.daily_limit': {
    label: 'App66 daily limit',
    description: 'Free conversions per visitor per day on /app66. Shown to everyone.',
  },
  'generation.backend.app': {
    label: 'Backend for the Studio (/app)',
    description:
      "What makes the 3D shape of paid conversions: default (the server's GENERATION_BACKEND), the built-in engine, or a hosted service whose key the worker has. New conversions only.",
    choices: BACKEND_CHOICES,
  },
  'generation.backend.app66': {
    label: 'Backend for free conversions (/app66)',
    description: 'As above, for the free daily conversions. New conversions only.',
    choices: BACKEND_CHOICES,
  },
  'generation.fallback': {
    label: 'When a hosted service fails',
    description:
      'builtin: the built-in engine makes the model instead. refund: the conversion fails and its credits are refunded.',
    choices: ['builtin', 'refund'],
  },
  'generation.provider_faces.low': {
    label: 'Service face target, low poly',
    description:
      'Faces asked of a hosted service for low-poly conversions; we then simplify to about 5,000 triangles.',
  },
  'generation.provider_faces.high': {
    label: 'Service face target, high poly',
    description:
      'Faces asked of a hosted service for high-poly conversions; we then simplify to about 60,000 triangles.',
  },
};

type SettingRow = Pick<Tables<'settings'>, 'key' | 'value' | 'is_public' | 'updated_at'>;

function toApiSetting(r: SettingRow): AdminSetting {
  const meta = EDITABLE_SETTINGS[r.key];
  return {
    key: r.key,
    value: r.value,
    isPublic: r.is_public,
    label: meta?.label ?? r.key,
    description: meta?.description ?? '',
    choices: meta?.choices ?? null,
    updatedAt: r.updated_at.toISOString(),
  };
}

/** A worker that heartbeated this recently counts as running (it beats every few seconds). */
const LIVE_WORKER_SECONDS = 60;

export function adminSettingRoutes({ db }: AppDeps) {
  return new Hono<AppEnv>()
    .get('/', async (c) => {
      const caller = requireAdmin(c.get('caller'));
      const { rows, workers } = await db.asCaller(caller, async (tx) => ({
        rows: await tx<SettingRow[]>`
          select key, value, is_public, updated_at from public.settings
           where key in ${tx(Object.keys(EDITABLE_SETTINGS))} order by key`,
        // The hosted backends the running workers hold a key for (the keys never leave the workers).
        workers: (
          await tx<{ live: number; backends: string[] }[]>`
            select count(*)::int as live,
                   coalesce(array(select distinct b from public.worker_heartbeats w2, unnest(w2.backends) b
                                   where w2.seen_at > now() - ${`${LIVE_WORKER_SECONDS} seconds`}::interval
                                     and not w2.stopping order by b), '{}') as backends
              from public.worker_heartbeats w
             where w.seen_at > now() - ${`${LIVE_WORKER_SECONDS} seconds`}::interval and not w.stopping`
        )[0],
      }));
      return c.json({ settings: rows.map(toApiSetting), workers });
    })
    .put('/:key', jsonBody(SettingChange), async (c) => {
      const caller = requireAdmin(c.get('caller'));
      const key = c.req.param('key');
      if (!EDITABLE_SETTINGS[key])
        throw badRequest(`Unknown setting "${key}": use ${Object.keys(EDITABLE_SETTINGS).join(', ')}.`);
      const { value } = c.req.valid('json');
      const { choices } = EDITABLE_SETTINGS[key];
      if (choices ? typeof value !== 'string' || !choices.includes(value) : typeof value !== 'number') {
        throw badRequest(
          choices ? `"${key}" must be one of ${choices.join(', ')}.` : `"${key}" must be a whole number.`,
        );
      }
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
