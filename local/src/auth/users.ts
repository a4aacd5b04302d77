/**
 * `auth.users` and `auth.identities`: reads, writes and the JSON shape Supabase Auth answers with
 * (supabase-js's `User`).
 */
import { randomUUID } from 'node:crypto';
import type postgres from 'postgres';

export type Db = postgres.ISql;
type Json = Record<string, unknown>;

export interface UserRow {
  id: string;
  aud: string | null;
  role: string | null;
  email: string | null;
  encrypted_password: string | null;
  email_confirmed_at: Date | null;
  invited_at: Date | null;
  confirmation_sent_at: Date | null;
  recovery_token: string | null;
  recovery_sent_at: Date | null;
  last_sign_in_at: Date | null;
  raw_app_meta_data: Json | null;
  raw_user_meta_data: Json | null;
  created_at: Date | null;
  updated_at: Date | null;
  phone: string | null;
  banned_until: Date | null;
  deleted_at: Date | null;
  is_anonymous: boolean;
  /** The address waiting for confirmation ('' when none). */
  email_change: string | null;
  email_change_sent_at: Date | null;
}

export interface IdentityRow {
  id: string;
  provider_id: string;
  user_id: string;
  identity_data: Json;
  provider: string;
  last_sign_in_at: Date | null;
  created_at: Date | null;
  updated_at: Date | null;
  email: string | null;
}

const USER_COLUMNS = `id, aud, role, email, encrypted_password, email_confirmed_at, invited_at, confirmation_sent_at,
  recovery_token, recovery_sent_at, last_sign_in_at, raw_app_meta_data, raw_user_meta_data, created_at, updated_at,
  phone, banned_until, deleted_at, is_anonymous, email_change, email_change_sent_at`;

export const normalizeEmail = (email: string) => email.trim().toLowerCase();

/** The same loose check GoTrue applies: something@something.tld, no spaces, at most 255 characters. */
export function isValidEmail(email: string): boolean {
  return email.length <= 255 && /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email);
}

export async function findUserById(db: Db, id: string): Promise<UserRow | null> {
  if (!/^[0-9a-f-]{36}$/i.test(id)) return null;
  const rows = await db.unsafe<UserRow[]>(`select ${USER_COLUMNS} from auth.users where id = $1`, [id]);
  return rows[0] ?? null;
}

export async function findUserByEmail(db: Db, email: string): Promise<UserRow | null> {
  const rows = await db.unsafe<UserRow[]>(
    `select ${USER_COLUMNS} from auth.users where email = $1 and is_sso_user = false and deleted_at is null limit 1`,
    [normalizeEmail(email)],
  );
  return rows[0] ?? null;
}

export async function findUserByRecoveryToken(
  db: Db,
  tokenHash: string,
  notBefore: Date,
): Promise<UserRow | null> {
  const rows = await db.unsafe<UserRow[]>(
    `select ${USER_COLUMNS} from auth.users
      where recovery_token = $1 and recovery_token <> '' and recovery_sent_at > $2 and deleted_at is null`,
    [tokenHash, notBefore],
  );
  return rows[0] ?? null;
}

export interface NewUser {
  email: string;
  encryptedPassword: string;
  emailConfirmed: boolean;
  appMetadata: Json;
  userMetadata: Json;
  /** `user_metadata.sub`: the provider's subject for OAuth users, otherwise the new user's id. */
  metadataSub?: string;
  role?: string;
  bannedUntil?: Date | null;
}

export async function insertUser(db: Db, user: NewUser): Promise<UserRow> {
  const id = randomUUID();
  const rows = await db.unsafe<UserRow[]>(
    `insert into auth.users (instance_id, id, aud, role, email, encrypted_password, email_confirmed_at,
        raw_app_meta_data, raw_user_meta_data, banned_until, created_at, updated_at, is_anonymous)
     values ('00000000-0000-0000-0000-000000000000', $1, 'authenticated', $2, $3, $4,
        case when $5::boolean then now() end, $6::jsonb, $7::jsonb, $8, now(), now(), false)
     returning ${USER_COLUMNS}`,
    [
      id,
      user.role ?? 'authenticated',
      normalizeEmail(user.email),
      user.encryptedPassword,
      user.emailConfirmed,
      user.appMetadata as never,
      { ...user.userMetadata, sub: user.metadataSub ?? id } as never,
      user.bannedUntil ?? null,
    ],
  );
  return rows[0];
}

export async function insertIdentity(
  db: Db,
  identity: { userId: string; provider: string; providerId: string; data: Json },
): Promise<void> {
  await db.unsafe(
    `insert into auth.identities (id, provider_id, user_id, identity_data, provider, last_sign_in_at, created_at, updated_at)
     values ($1, $2, $3, $4::jsonb, $5, now(), now(), now())`,
    [randomUUID(), identity.providerId, identity.userId, identity.data as never, identity.provider],
  );
}

export async function listIdentities(db: Db, userId: string): Promise<IdentityRow[]> {
  return db.unsafe<IdentityRow[]>(
    `select id, provider_id, user_id, identity_data, provider, last_sign_in_at, created_at, updated_at, email
       from auth.identities where user_id = $1 order by created_at`,
    [userId],
  );
}

export async function markSignedIn(db: Db, userId: string): Promise<UserRow> {
  const rows = await db.unsafe<UserRow[]>(
    `update auth.users set last_sign_in_at = now(), updated_at = now() where id = $1 returning ${USER_COLUMNS}`,
    [userId],
  );
  return rows[0];
}

/** Applies a partial update; keys are column names of auth.users (values already validated). */
export async function updateUser(db: Db, userId: string, changes: Record<string, unknown>): Promise<UserRow> {
  const columns = Object.keys(changes);
  const assignments = columns.map((column, i) => {
    const cast = column.startsWith('raw_') ? '::jsonb' : '';
    return `${column} = $${i + 2}${cast}`;
  });
  const values = columns.map((column) => changes[column]);
  const rows = await db.unsafe<UserRow[]>(
    `update auth.users set ${[...assignments, 'updated_at = now()'].join(', ')} where id = $1 returning ${USER_COLUMNS}`,
    [userId, ...(values as never[])],
  );
  return rows[0];
}

/** GoTrue's metadata update: top-level keys are merged, a null value removes the key. */
export function mergeMetadata(current: Json | null, patch: Json): Json {
  const merged: Json = { ...(current ?? {}) };
  for (const [key, value] of Object.entries(patch)) {
    if (value === null) delete merged[key];
    else merged[key] = value;
  }
  return merged;
}

export function isBanned(user: UserRow): boolean {
  return user.banned_until !== null && user.banned_until.getTime() > Date.now();
}

const iso = (value: Date | null | undefined) => (value ? value.toISOString() : undefined);

function identityJson(identity: IdentityRow) {
  return {
    identity_id: identity.id,
    id: identity.provider_id,
    user_id: identity.user_id,
    identity_data: identity.identity_data,
    provider: identity.provider,
    last_sign_in_at: iso(identity.last_sign_in_at),
    created_at: iso(identity.created_at),
    updated_at: iso(identity.updated_at),
    email: identity.email ?? undefined,
  };
}

export function userJson(user: UserRow, identities: IdentityRow[]) {
  return {
    id: user.id,
    aud: user.aud ?? 'authenticated',
    role: user.role ?? 'authenticated',
    email: user.email ?? '',
    email_confirmed_at: iso(user.email_confirmed_at),
    new_email: user.email_change || undefined,
    email_change_sent_at: iso(user.email_change_sent_at),
    phone: user.phone ?? '',
    confirmation_sent_at: iso(user.confirmation_sent_at),
    confirmed_at: iso(user.email_confirmed_at),
    recovery_sent_at: iso(user.recovery_sent_at),
    invited_at: iso(user.invited_at),
    last_sign_in_at: iso(user.last_sign_in_at),
    app_metadata: user.raw_app_meta_data ?? {},
    user_metadata: user.raw_user_meta_data ?? {},
    identities: identities.map(identityJson),
    created_at: iso(user.created_at),
    updated_at: iso(user.updated_at),
    banned_until: iso(user.banned_until),
    is_anonymous: user.is_anonymous,
  };
}

export async function loadUserJson(db: Db, user: UserRow) {
  return userJson(user, await listIdentities(db, user.id));
}
