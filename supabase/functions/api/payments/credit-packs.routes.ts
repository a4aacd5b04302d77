/** GET /api/credit-packs: the packs the caller may see (RLS: active ones; admins may ask for all). */
import type { CreditPack, Tables } from '@lift3d/contract';
import { Hono } from 'hono';
import type { AppDeps, AppEnv } from '../core/deps.ts';

type PackRow = Pick<
  Tables<'credit_packs'>,
  | 'id'
  | 'name'
  | 'credits'
  | 'price_cents'
  | 'currency'
  | 'popular'
  | 'active'
  | 'note'
  | 'bonus'
  | 'features'
  | 'external_product_id'
>;

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
    const packs = rows.map(
      (r): CreditPack => ({
        id: r.id,
        name: r.name,
        credits: r.credits,
        priceCents: r.price_cents,
        price: r.price_cents / 100,
        currency: r.currency,
        popular: r.popular,
        status: r.active ? 'active' : 'inactive',
        note: r.note,
        bonus: r.bonus,
        features: r.features,
        externalProductId: r.external_product_id,
      }),
    );
    c.header('Cache-Control', 'no-store');
    return c.json({ packs });
  });
}
