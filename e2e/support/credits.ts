// Credit helpers for browser tests: balances move only through public.apply_credit_change (the ledger),
// so tests arrange them the same way an admin grant would.
import { database } from './db.ts';

export async function grantCredits(userId: string, amount: number): Promise<number> {
  const [row] = await database()<{ balance: number }[]>`
    select public.apply_credit_change(${userId}, ${amount}, 'admin', null) as balance`;
  return row.balance;
}

export async function balanceOf(userId: string): Promise<number> {
  const [row] = await database()<
    { credits: number }[]
  >`select credits from public.profiles where id = ${userId}`;
  return row.credits;
}

export async function ledgerOf(userId: string) {
  return database()<{ delta: number; reason: string }[]>`
    select delta, reason from public.credit_ledger where user_id = ${userId} order by id`;
}

export async function ordersOf(userId: string) {
  return database()<{ pack_id: string; status: string; amount_cents: number }[]>`
    select pack_id, status, amount_cents from public.payment_orders where user_id = ${userId} order by created_at`;
}
