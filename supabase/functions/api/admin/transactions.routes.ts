/**
 * /api/admin/transactions: payment orders and credit-ledger rows, newest first, a page at a time. Admins
 * read both through their RLS policies (checked against the table); the account's e-mail comes along
 * when the account still exists (the ledger outlives deleted accounts).
 */
import {
  ADMIN_PAGE_LIMITS,
  AdminPageQuery,
  type LedgerEntry,
  type Nullable,
  type OrderEntry,
  type Tables,
} from '@lift3d/contract';
import { Hono } from 'hono';
import { requireAdmin } from '../core/auth.ts';
import type { AppDeps, AppEnv } from '../core/deps.ts';
import { queryParams } from '../core/validate.ts';

const PAGING = queryParams(
  AdminPageQuery,
  `limit must be 1-${ADMIN_PAGE_LIMITS.maxLimit} and offset a whole number of 0 or more.`,
);

/** The buyer's or account's e-mail, through a left join. */
type Email = Nullable<Pick<Tables<'profiles'>, 'email'>>;

type OrderRow = Pick<
  Tables<'payment_orders'>,
  | 'id'
  | 'provider'
  | 'user_id'
  | 'pack_id'
  | 'credits'
  | 'amount_cents'
  | 'currency'
  | 'status'
  | 'status_detail'
  | 'created_at'
  | 'credited_at'
> &
  Email;

type LedgerRow = Pick<
  Tables<'credit_ledger'>,
  'id' | 'user_id' | 'delta' | 'reason' | 'reference' | 'balance_after' | 'created_at'
> &
  Email & { created_by_email: Tables<'profiles'>['email'] | null };

export function adminTransactionRoutes({ db }: AppDeps) {
  return new Hono<AppEnv>()
    .get('/orders', PAGING, async (c) => {
      const caller = requireAdmin(c.get('caller'));
      const { limit, offset } = c.req.valid('query');
      const { rows, total } = await db.asCaller(caller, async (tx) => ({
        rows: await tx<OrderRow[]>`
          select o.id, o.provider, o.user_id, p.email, o.pack_id, o.credits, o.amount_cents, o.currency,
                 o.status, o.status_detail, o.created_at, o.credited_at
            from public.payment_orders o left join public.profiles p on p.id = o.user_id
           order by o.created_at desc, o.id
           limit ${limit} offset ${offset}`,
        total: (await tx<{ n: number }[]>`select count(*)::int as n from public.payment_orders`)[0].n,
      }));
      return c.json({
        orders: rows.map(
          (r): OrderEntry => ({
            id: r.id,
            provider: r.provider,
            userId: r.user_id,
            email: r.email,
            pack: r.pack_id,
            credits: r.credits,
            amountCents: r.amount_cents,
            currency: r.currency,
            status: r.status,
            statusDetail: r.status_detail,
            createdAt: r.created_at.toISOString(),
            creditedAt: r.credited_at?.toISOString() ?? null,
          }),
        ),
        total,
        limit,
        offset,
      });
    })
    .get('/ledger', PAGING, async (c) => {
      const caller = requireAdmin(c.get('caller'));
      const { limit, offset } = c.req.valid('query');
      const { rows, total } = await db.asCaller(caller, async (tx) => ({
        rows: await tx<LedgerRow[]>`
          select l.id, l.user_id, p.email, l.delta, l.reason, l.reference, l.balance_after, l.created_at,
                 b.email as created_by_email
            from public.credit_ledger l
            left join public.profiles p on p.id = l.user_id
            left join public.profiles b on b.id = l.created_by
           order by l.id desc
           limit ${limit} offset ${offset}`,
        total: (await tx<{ n: number }[]>`select count(*)::int as n from public.credit_ledger`)[0].n,
      }));
      return c.json({
        entries: rows.map(
          (r): LedgerEntry => ({
            id: Number(r.id),
            userId: r.user_id,
            email: r.email,
            delta: r.delta,
            reason: r.reason,
            reference: r.reference,
            balanceAfter: r.balance_after,
            createdAt: r.created_at.toISOString(),
            createdBy: r.created_by_email,
          }),
        ),
        total,
        limit,
        offset,
      });
    });
}
