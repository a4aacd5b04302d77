/**
 * Credits of one account: the balance with its recent ledger (self or admin), admin grants (SPEC §7
 * `POST /users/{id}/credits/add {creditsToAdd}`, optional `Idempotency-Key`) and admin absolute sets (`POST /users/{id}/credits
 * {credits}`). The SQL functions check admin rights against the table and write the ledger.
 */
import { AddCredits, SetBalance, type Tables } from '@lift3d/contract';
import { Hono } from 'hono';
import { requireUser } from '../core/auth.ts';
import type { AppDeps, AppEnv } from '../core/deps.ts';
import { readIdempotencyKey } from '../core/idempotency.ts';
import { jsonBody } from '../core/validate.ts';
import { readUser, userIdParam } from './users.ts';

type LedgerRow = Pick<
  Tables<'credit_ledger'>,
  'id' | 'delta' | 'reason' | 'reference' | 'balance_after' | 'created_at'
>;

export function creditRoutes({ db }: AppDeps) {
  return new Hono<AppEnv>()
    .get('/:id/credits', async (c) => {
      const caller = requireUser(c.get('caller'));
      const id = userIdParam(c.req.param('id'));
      const limit = Math.min(Math.max(Number(c.req.query('limit') ?? 50) || 50, 1), 200);
      const { user, rows } = await db.asCaller(caller, async (tx) => ({
        user: await readUser(tx, id),
        rows: await tx<LedgerRow[]>`
          select id, delta, reason, reference, balance_after, created_at from public.credit_ledger
           where user_id = ${id} order by id desc limit ${limit}`,
      }));
      return c.json({
        credits: user.credits,
        ledger: rows.map((r) => ({
          id: Number(r.id),
          delta: r.delta,
          reason: r.reason,
          reference: r.reference,
          balanceAfter: r.balance_after,
          createdAt: r.created_at.toISOString(),
        })),
      });
    })
    .post('/:id/credits/add', jsonBody(AddCredits), async (c) => {
      const caller = requireUser(c.get('caller'));
      const id = userIdParam(c.req.param('id'));
      const { creditsToAdd } = c.req.valid('json');
      // With an Idempotency-Key a retried grant (a double click, a lost answer) is applied once.
      const key = readIdempotencyKey(c);
      const user = await db.asCaller(caller, async (tx) => {
        if (key) await tx`select public.admin_grant_credits(${id}, ${creditsToAdd}, ${key})`;
        else await tx`select public.admin_add_credits(${id}, ${creditsToAdd})`;
        return readUser(tx, id);
      });
      return c.json({ user });
    })
    .post('/:id/credits', jsonBody(SetBalance), async (c) => {
      const caller = requireUser(c.get('caller'));
      const id = userIdParam(c.req.param('id'));
      const { credits } = c.req.valid('json');
      const user = await db.asCaller(caller, async (tx) => {
        await tx`select public.admin_set_credits(${id}, ${credits})`;
        return readUser(tx, id);
      });
      return c.json({ user });
    });
}
