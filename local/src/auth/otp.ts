/**
 * One-time tokens for e-mailed links and codes, GoTrue's scheme: a random 6-digit code is mailed, and
 * only `token_hash = hex(sha224(email + code))` is stored (`auth.users.recovery_token` and
 * `auth.one_time_tokens`), so the database never holds a usable code. Links carry the hash; a link
 * issued for a PKCE flow carries it with a `pkce_` prefix.
 */
import { createHash, randomInt, randomUUID } from 'node:crypto';
import type { Db } from './users.ts';

export const PKCE_PREFIX = 'pkce_';

export function newOtp(): string {
  return String(randomInt(0, 1_000_000)).padStart(6, '0');
}

export function tokenHash(email: string, otp: string): string {
  return createHash('sha224').update(`${email}${otp}`).digest('hex');
}

export async function storeRecoveryToken(db: Db, userId: string, email: string, hash: string): Promise<void> {
  await db.unsafe(
    `update auth.users set recovery_token = $2, recovery_sent_at = now(), updated_at = now() where id = $1`,
    [userId, hash],
  );
  await db.unsafe(
    `insert into auth.one_time_tokens (id, user_id, token_type, token_hash, relates_to, created_at, updated_at)
     values ($1, $2, 'recovery_token', $3, $4, now(), now())
     on conflict (user_id, token_type) do update
       set token_hash = excluded.token_hash, relates_to = excluded.relates_to, updated_at = now()`,
    [randomUUID(), userId, hash, email],
  );
}

export async function consumeRecoveryToken(db: Db, userId: string): Promise<void> {
  await db.unsafe(`update auth.users set recovery_token = '', updated_at = now() where id = $1`, [userId]);
  await db.unsafe(`delete from auth.one_time_tokens where user_id = $1 and token_type = 'recovery_token'`, [
    userId,
  ]);
}
