/**
 * `GET /api/admin/backends[/:period]` — per generation backend: conversions, completed, failed, fallen
 * back, median time, median provider time and provider cost (admins only; public.admin_backend_stats).
 * Keys and provider URLs live only in the worker's environment and are never part of this answer.
 */
import { Hono } from 'hono';
import { requireAdmin } from '../core/auth.ts';
import type { AppDeps, AppEnv } from '../core/deps.ts';
import { badRequest } from '../core/errors.ts';

const PERIODS = new Set(['today', 'yesterday', 'week', 'month', 'all']);

export function adminBackendRoutes({ db }: AppDeps) {
  const read = (period: string) => async (c: import('hono').Context<AppEnv>) => {
    const caller = requireAdmin(c.get('caller'));
    if (!PERIODS.has(period))
      throw badRequest(`Unknown period "${period}": use today, yesterday, week, month or all.`);
    const [row] = await db.asCaller(
      caller,
      (tx) => tx`select public.admin_backend_stats(${period}) as backends`,
    );
    return c.json({ period, backends: row.backends });
  };
  return new Hono<AppEnv>()
    .get('/', (c) => read('month')(c))
    .get('/:period', (c) => read(c.req.param('period'))(c));
}
