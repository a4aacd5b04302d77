import type { User } from '../../lib/api';

/** The signed-in user is cached in localStorage under this key (SPEC §3 "User"). */
export const USER_STORAGE_KEY = 'user';

/** A user as the api answers it, or as an older version of the app stored it (`isAdmin`, missing fields). */
type LooseUser = User | (Record<string, unknown> & { id: string; email: string });

function isLooseUser(value: unknown): value is LooseUser {
  if (!value || typeof value !== 'object') return false;
  const v: Record<string, unknown> = { ...value };
  return typeof v.id === 'string' && v.id !== '' && typeof v.email === 'string';
}

/** Normalises the accepted shapes (`is_admin` or `isAdmin`, missing numbers) into a `User`. */
export function normaliseUser(user: LooseUser): User {
  const value: Record<string, unknown> = { ...user };
  const now = new Date().toISOString();
  return {
    id: user.id,
    email: user.email,
    name: typeof value.name === 'string' ? value.name : '',
    credits: typeof value.credits === 'number' && Number.isFinite(value.credits) ? value.credits : 0,
    createdAt: typeof value.createdAt === 'string' ? value.createdAt : now,
    updatedAt: typeof value.updatedAt === 'string' ? value.updatedAt : now,
    has_password: value.has_password !== false,
    is_admin: value.is_admin === true || value.isAdmin === true,
  };
}

/** Reads the cached user; a corrupt or foreign value is removed so it cannot break the next start. */
export function readStoredUser(storage: Storage = window.localStorage): User | null {
  let raw: string | null;
  try {
    raw = storage.getItem(USER_STORAGE_KEY);
  } catch {
    return null; // storage unavailable: treat as signed out
  }
  if (raw === null) return null;
  try {
    const parsed: unknown = JSON.parse(raw);
    if (isLooseUser(parsed)) return normaliseUser(parsed);
  } catch {
    // not JSON: fall through and remove it
  }
  storage.removeItem(USER_STORAGE_KEY);
  return null;
}

export function writeStoredUser(user: User | null, storage: Storage = window.localStorage): void {
  try {
    if (user) storage.setItem(USER_STORAGE_KEY, JSON.stringify(user));
    else storage.removeItem(USER_STORAGE_KEY);
  } catch {
    // storage full or disabled: the session still lives in memory for this page
  }
}
