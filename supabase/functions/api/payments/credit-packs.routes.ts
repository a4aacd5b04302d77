/** GET /api/credit-packs: the packs the caller may see (RLS: active ones; admins may ask for all). */
import type { CreditPack, Tables } from '@lift3d/contract';
import { Hono } from 'hono';
import type { AppDeps, AppEnv } from '../core/deps.ts';
import { type PackSummaryRow, packSummary } from './pack-json.ts';

type PackRow = PackSummaryRow & Pick<Tables<'credit_packs'>, 'bonus' | 'features'>;

export function creditPackRoutes({ db }: AppDeps) {
  return new Hono<AppEnv>().get('/', async (c) => {
    const all = c.req.query('include') === 'inactive';
    const rows = await db.asCaller(
      c.get('caller'),
      (tx) => tx<PackRow[]>`
        select id, name, credits, price_cents, currency, popular, active, note, bonus, features,
               external_product_id
          from public.credit_packs
         where active or ${all}
         order by sort, id`,
    );
    const packs = rows.map((r): CreditPack => ({ ...packSummary(r), bonus: r.bonus, features: r.features }));
    c.header('Cache-Control', 'no-store');
    return c.json({ packs });
  });
}
