/**
 * /api/admin/credit-packs: the admin's pack table, persisted (the spec kept it in page state only).
 * Every write runs as the caller: the admin policies on public.credit_packs check the table, so a token
 * that merely claims admin changes nothing. "Delete" archives (orders keep referring to the pack).
 *
 * notes: new packs get a readable id from their name ('Mega Pack' → 'mega-pack', then 'mega-pack-2'…), since
 * the id appears in /checkout?pack=… links; the spec's timestamp id would make those links unreadable.
 */
import { type AdminCreditPack, NewPack, PackChanges, type Tables } from '@lift3d/contract';
import { Hono } from 'hono';
import { z } from 'zod';
import { requireAdmin } from '../core/auth.ts';
import type { Tx } from '../core/db.ts';
import type { AppDeps, AppEnv } from '../core/deps.ts';
import { badRequest, notFound } from '../core/errors.ts';
import { jsonBody } from '../core/validate.ts';
import { type PackSummaryRow, packSummary } from '../payments/pack-json.ts';

/** Packs are priced in euro (the checkout's only currency). */
const ADMIN_PACKS_CURRENCY = 'EUR';

type PackRow = PackSummaryRow & Pick<Tables<'credit_packs'>, 'sort' | 'created_at' | 'updated_at'>;

const PackId = z.string().regex(/^[a-z0-9][a-z0-9-]{0,39}$/);

function toApiPack(r: PackRow): AdminCreditPack {
  return { ...packSummary(r), createdAt: r.created_at.toISOString(), updatedAt: r.updated_at.toISOString() };
}

export function slugFor(name: string): string {
  const slug = name
    .normalize('NFKD')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 32)
    .replace(/-+$/, '');
  return slug || 'pack';
}

async function freeId(tx: Tx, name: string): Promise<string> {
  const base = slugFor(name);
  const taken = new Set(
    (
      await tx<
        { id: string }[]
      >`select id from public.credit_packs where id = ${base} or id like ${`${base}-%`}`
    ).map((r) => r.id),
  );
  if (!taken.has(base)) return base;
  for (let n = 2; ; n++) if (!taken.has(`${base}-${n}`)) return `${base}-${n}`;
}

function packIdParam(value: string | undefined): string {
  const parsed = PackId.safeParse(value);
  if (!parsed.success)
    throw badRequest('The pack id in the path must be lower-case letters, digits and dashes.');
  return parsed.data;
}

const COLUMNS =
  'id, name, credits, price_cents, currency, popular, active, note, external_product_id, sort, created_at, updated_at';

export function adminCreditPackRoutes({ db }: AppDeps) {
  return new Hono<AppEnv>()
    .get('/', async (c) => {
      const caller = requireAdmin(c.get('caller'));
      const rows = await db.asCaller(
        caller,
        (tx) => tx<PackRow[]>`
          select ${tx.unsafe(COLUMNS)} from public.credit_packs
           where archived_at is null order by sort, created_at, id`,
      );
      return c.json({ packs: rows.map(toApiPack) });
    })
    .post('/', jsonBody(NewPack), async (c) => {
      const caller = requireAdmin(c.get('caller'));
      const pack = c.req.valid('json');
      const row = await db.asCaller(caller, async (tx) => {
        const id = await freeId(tx, pack.name);
        const [{ sort }] = await tx<{ sort: number }[]>`
          select coalesce(max(sort), 0)::int + 10 as sort from public.credit_packs`;
        const [created] = await tx<PackRow[]>`
          insert into public.credit_packs
            (id, name, credits, price_cents, currency, popular, active, note, external_product_id, sort)
          values (${id}, ${pack.name}, ${pack.credits}, ${pack.priceCents}, ${ADMIN_PACKS_CURRENCY},
                  ${pack.popular}, ${pack.status === 'active'}, ${pack.note}, ${pack.externalProductId || null},
                  ${sort})
          returning ${tx.unsafe(COLUMNS)}`;
        return created;
      });
      return c.json({ pack: toApiPack(row) }, 201);
    })
    .patch('/:id', jsonBody(PackChanges), async (c) => {
      const caller = requireAdmin(c.get('caller'));
      const id = packIdParam(c.req.param('id'));
      const changes = c.req.valid('json');
      const active = changes.status === undefined ? null : changes.status === 'active';
      const external =
        changes.externalProductId === undefined ? undefined : changes.externalProductId || null;
      const [row] = await db.asCaller(
        caller,
        (tx) => tx<PackRow[]>`
          update public.credit_packs set
            name = coalesce(${changes.name ?? null}, name),
            credits = coalesce(${changes.credits ?? null}::int, credits),
            price_cents = coalesce(${changes.priceCents ?? null}::int, price_cents),
            popular = coalesce(${changes.popular ?? null}::boolean, popular),
            active = coalesce(${active}::boolean, active),
            note = coalesce(${changes.note ?? null}, note),
            external_product_id = case when ${external !== undefined} then ${external ?? null} else external_product_id end
           where id = ${id} and archived_at is null
          returning ${tx.unsafe(COLUMNS)}`,
      );
      // RLS hides the row from a caller whose admin flag is gone: that also reads as "no such pack".
      if (!row) throw notFound(`No credit pack "${id}" exists (it may have been deleted).`);
      return c.json({ pack: toApiPack(row) });
    })
    .delete('/:id', async (c) => {
      const caller = requireAdmin(c.get('caller'));
      const id = packIdParam(c.req.param('id'));
      const [row] = await db.asCaller(
        caller,
        (tx) => tx<{ id: string }[]>`
          update public.credit_packs set active = false, archived_at = now()
           where id = ${id} and archived_at is null returning id`,
      );
      if (!row) throw notFound(`No credit pack "${id}" exists (it may have been deleted).`);
      return c.json({ success: true });
    });
}
