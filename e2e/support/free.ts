// Free-conversion helpers for browser tests of /app66. Every browser request reaches the stack from
// 127.0.0.1, so the per-network daily limit is shared by all tests and all runs against one stack.
import { database } from './db.ts';

/** Moves earlier free conversions of this machine's network to yesterday, so a test starts with a full allowance. */
export async function forgetNetworkFreeUses(): Promise<void> {
  await database()`
    update public.free_generation_uses set created_at = date_trunc('day', now(), 'UTC') - interval '1 hour'
     where ip_hash is not null and created_at >= date_trunc('day', now(), 'UTC')`;
}

/** Records `count` free conversions for the account today (without jobs), as if it had used them. */
export async function useFreeConversions(userId: string, count: number): Promise<void> {
  const sql = database();
  for (let i = 0; i < count; i++) {
    await sql`insert into public.free_generation_uses (user_id) values (${userId})`;
  }
}

export async function generationsOf(userId: string) {
  return database()<{ kind: string; topology: string; cost: number; free: boolean; status: string }[]>`
    select kind, topology, cost, free, status from public.generations where user_id = ${userId} order by created_at`;
}
