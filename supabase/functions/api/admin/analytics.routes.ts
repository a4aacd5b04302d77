import { Hono } from 'hono';
import { requireAdmin } from '../core/auth.ts';
import type { AppDeps, AppEnv } from '../core/deps.ts';

const PERIODS = new Set(['today', 'yesterday', 'week', 'month', 'all']);

/** `GET /api/admin/analytics[/:period]` — the dashboard's figures from one SQL function (admins only). */
export function adminAnalyticsRoutes({ db }: AppDeps) {
  const read = (period: string) => async (c: import('hono').Context<AppEnv>) => {
    const caller = requireAdmin(c.get('caller'));
    if (!PERIODS.has(period)) {
      return c.json({ error: `Unknown period "${period}": use today, yesterday, week, month or all.` }, 400);
    }
    const [row] = await db.asCaller(
      caller,
      (tx) => tx`select public.admin_analytics(${period}) as analytics`,
    );
    return c.json({ analytics: row.analytics });
  };
  return new Hono<AppEnv>()
    .get('/', (c) => read('all')(c))
    .get('/:period', (c) => read(c.req.param('period'))(c));
}
