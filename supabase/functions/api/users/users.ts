/**
 * The spec's `user` object (DESIGN §6) read from `public.profiles`, always inside the caller's
 * transaction so row-level security decides who sees whom.
 */
import type { Tables, User } from '@lift3d/contract';
import { z } from 'zod';
import type { Tx } from '../core/db.ts';
import { badRequest, notFound } from '../core/errors.ts';

type ProfileRow = Pick<
  Tables<'profiles'>,
  'id' | 'name' | 'email' | 'credits' | 'created_at' | 'updated_at' | 'has_password' | 'is_admin'
>;

export function toApiUser(row: ProfileRow): User {
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    credits: row.credits,
    createdAt: row.created_at.toISOString(),
    updatedAt: row.updated_at.toISOString(),
    has_password: row.has_password,
    is_admin: row.is_admin,
  };
}

/** The profile `id` as the caller may see it, or a 404 (someone else's profile looks like no profile). */
export async function readUser(tx: Tx, id: string): Promise<User> {
  const rows = await tx<ProfileRow[]>`
    select id, name, email, credits, created_at, updated_at, has_password, is_admin
      from public.profiles where id = ${id}`;
  if (!rows[0]) throw notFound('User not found.');
  return toApiUser(rows[0]);
}

const Uuid = z.uuid();

/** A user id from the path; anything but a UUID is a 400 that says so. */
export function userIdParam(value: string | undefined): string {
  const parsed = Uuid.safeParse(value);
  if (!parsed.success) throw badRequest('The user id in the path must be a UUID.');
  return parsed.data.toLowerCase();
}
