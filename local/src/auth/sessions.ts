/**
 * Sessions and their refresh tokens (GoTrue's model): a session row per sign-in, the authentication
 * methods that created it (`auth.mfa_amr_claims`, the `amr` claim), and a chain of refresh tokens where
 * each refresh revokes the presented token and issues a child (`parent` = the old token).
 */
import { randomBytes, randomUUID } from 'node:crypto';
import type { Db } from './users.ts';

export type AuthMethod = 'password' | 'oauth' | 'recovery' | 'otp' | 'token_refresh';

export interface RefreshTokenRow {
  id: string;
  token: string;
  user_id: string;
  revoked: boolean;
  updated_at: Date;
  parent: string | null;
  session_id: string;
}

/** 128 random bits; GoTrue's tokens are opaque short strings too. */
const newRefreshToken = () => randomBytes(16).toString('base64url');

export async function createSession(
  db: Db,
  options: { userId: string; method: AuthMethod; ip: string; userAgent: string | null },
): Promise<{ sessionId: string; refreshToken: string }> {
  const sessionId = randomUUID();
  const refreshToken = newRefreshToken();
  await db.unsafe(
    `insert into auth.sessions (id, user_id, created_at, updated_at, aal, refreshed_at, user_agent, ip)
     values ($1, $2, now(), now(), 'aal1', null, $3, $4::inet)`,
    [sessionId, options.userId, options.userAgent, toInet(options.ip)],
  );
  await db.unsafe(
    `insert into auth.mfa_amr_claims (id, session_id, created_at, updated_at, authentication_method)
     values ($1, $2, now(), now(), $3)`,
    [randomUUID(), sessionId, options.method],
  );
  await db.unsafe(
    `insert into auth.refresh_tokens (instance_id, token, user_id, revoked, created_at, updated_at, parent, session_id)
     values ('00000000-0000-0000-0000-000000000000', $1, $2, false, now(), now(), null, $3)`,
    [refreshToken, options.userId, sessionId],
  );
  return { sessionId, refreshToken };
}

/** Locks the token row so two refreshes of one token serialize (PostgreSQL; PGlite is serial anyway). */
export async function findRefreshTokenForUpdate(db: Db, token: string): Promise<RefreshTokenRow | null> {
  const rows = await db.unsafe<RefreshTokenRow[]>(
    `select id::text, token, user_id, revoked, updated_at, parent, session_id
       from auth.refresh_tokens where token = $1 for update`,
    [token],
  );
  return rows[0] ?? null;
}

export async function findActiveChild(db: Db, sessionId: string): Promise<RefreshTokenRow | null> {
  const rows = await db.unsafe<RefreshTokenRow[]>(
    `select id::text, token, user_id, revoked, updated_at, parent, session_id
       from auth.refresh_tokens where session_id = $1 and revoked = false order by id desc limit 1`,
    [sessionId],
  );
  return rows[0] ?? null;
}

export async function rotateRefreshToken(db: Db, old: RefreshTokenRow): Promise<string> {
  const token = newRefreshToken();
  await db.unsafe(`update auth.refresh_tokens set revoked = true, updated_at = now() where id = $1`, [
    old.id,
  ]);
  await db.unsafe(
    `insert into auth.refresh_tokens (instance_id, token, user_id, revoked, created_at, updated_at, parent, session_id)
     values ('00000000-0000-0000-0000-000000000000', $1, $2, false, now(), now(), $3, $4)`,
    [token, old.user_id, old.token, old.session_id],
  );
  await db.unsafe(`update auth.sessions set refreshed_at = now(), updated_at = now() where id = $1`, [
    old.session_id,
  ]);
  return token;
}

/** Reuse of a token outside the grace interval: the whole session is treated as stolen and ended. */
export async function revokeSession(db: Db, sessionId: string): Promise<void> {
  await db.unsafe(`delete from auth.sessions where id = $1`, [sessionId]);
}

export async function sessionExists(db: Db, sessionId: string): Promise<boolean> {
  const rows = await db.unsafe(`select 1 from auth.sessions where id = $1`, [sessionId]);
  return rows.length > 0;
}

export async function deleteSessions(
  db: Db,
  userId: string,
  scope: 'global' | 'local' | 'others',
  sessionId: string | null,
): Promise<void> {
  if (scope === 'global' || !sessionId) {
    await db.unsafe(`delete from auth.sessions where user_id = $1`, [userId]);
  } else if (scope === 'local') {
    await db.unsafe(`delete from auth.sessions where id = $1 and user_id = $2`, [sessionId, userId]);
  } else {
    await db.unsafe(`delete from auth.sessions where user_id = $1 and id <> $2`, [userId, sessionId]);
  }
}

export async function amrClaims(db: Db, sessionId: string): Promise<{ method: string; timestamp: number }[]> {
  const rows = await db.unsafe<{ method: string; timestamp: number }[]>(
    `select authentication_method as method, extract(epoch from updated_at)::bigint::int as timestamp
       from auth.mfa_amr_claims where session_id = $1 order by updated_at desc`,
    [sessionId],
  );
  return rows.map((row) => ({ method: row.method, timestamp: Number(row.timestamp) }));
}

function toInet(ip: string): string | null {
  const clean = ip.replace(/^::ffff:/, '');
  return /^[0-9a-f:.]+$/i.test(clean) ? clean : null;
}
