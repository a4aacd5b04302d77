/**
 * /api/users/{id}: read and edit a profile (self or admin; row-level security decides; `is_admin` by
 * admins only, through `admin_set_admin`), change or set one's own password.
 *
 * notes: the current password is compared here with bcrypt against the stored hash (read through a
 * service-only SQL function), and the new hash is written by `replace_password_hash`, which checks
 * `auth.uid()` itself and only replaces the hash that was checked. Misses are counted in the database
 * (5 per 15 minutes per account), so a stolen session cannot guess the password through this route.
 */
import { Hono } from 'hono';
import { z } from 'zod';
import type { AppDeps, AppEnv } from '../app.ts';
import { requireUser } from '../lib/auth.ts';
import { ApiError, badRequest, forbidden } from '../lib/errors.ts';
import { hashPassword, passwordMatches, passwordProblem } from '../lib/passwords.ts';
import { readUser, userIdParam } from '../lib/users.ts';
import { parseJson } from '../lib/validate.ts';

const ProfileChanges = z.object({
  name: z.string().trim().min(1, 'Full name cannot be empty.').max(200).optional(),
  email: z.string().trim().max(255).optional(),
  // Admins only; see the route.
  is_admin: z.boolean({ error: 'is_admin must be true or false.' }).optional(),
});

const PasswordChange = z.object({
  currentPassword: z.string().min(1, 'Please enter your current password.'),
  newPassword: z.string(),
});

const PasswordSet = z.object({ newPassword: z.string() });

function checkNewPassword(password: string): void {
  const problem = passwordProblem(password);
  if (problem) throw badRequest(problem);
}

export function userRoutes({ db }: AppDeps) {
  return new Hono<AppEnv>()
    .get('/:id', async (c) => {
      const caller = requireUser(c.get('caller'));
      const id = userIdParam(c.req.param('id'));
      const user = await db.asCaller(caller, (tx) => readUser(tx, id));
      return c.json({ user });
    })
    .put('/:id', async (c) => {
      const caller = requireUser(c.get('caller'));
      const id = userIdParam(c.req.param('id'));
      const changes = await parseJson(c, ProfileChanges);
      const user = await db.asCaller(caller, async (tx) => {
        if (changes.name !== undefined || changes.email !== undefined) {
          // RLS: the owner or an admin; the column grants allow nothing but these two fields.
          await tx`update public.profiles
                      set name = coalesce(${changes.name ?? null}, name),
                          email = coalesce(${changes.email ?? null}, email)
                    where id = ${id}`;
        }
        // Ignored from members (their profile form may echo the whole user); from a token that claims
        // admin, admin_set_admin checks the table again.
        if (changes.is_admin !== undefined && caller.isAdmin) {
          await tx`select public.admin_set_admin(${id}, ${changes.is_admin})`;
        }
        return readUser(tx, id);
      });
      return c.json({ user });
    })
    .post('/:id/password', async (c) => {
      const caller = requireUser(c.get('caller'));
      const id = userIdParam(c.req.param('id'));
      if (id !== caller.userId) throw forbidden('You can only change your own password.');
      const body = await parseJson(c, PasswordChange);
      checkNewPassword(body.newPassword);
      const [state] = await db.asService(
        (tx) => tx<{ hash: string | null; left: number }[]>`
          select public.password_hash_for_check(${id}) as hash, public.password_checks_left(${id}) as left`,
      );
      if (!state?.hash)
        throw new ApiError(409, 'This account has no password yet. Use Set Password instead.', 'conflict');
      if (state.left <= 0)
        throw new ApiError(
          429,
          'Too many wrong passwords. Please wait 15 minutes and try again.',
          'rate_limited',
        );
      const ok = await passwordMatches(body.currentPassword, state.hash);
      await db.asService((tx) => tx`select public.record_password_check(${id}, ${ok})`);
      if (!ok) throw badRequest('Your current password is incorrect.');
      if (await passwordMatches(body.newPassword, state.hash))
        throw badRequest('Your new password must be different from the current one.');
      const newHash = await hashPassword(body.newPassword);
      const user = await db.asCaller(caller, async (tx) => {
        await tx`select public.replace_password_hash(${id}, ${state.hash}, ${newHash})`;
        return readUser(tx, id);
      });
      return c.json({ user });
    })
    .post('/:id/set-password', async (c) => {
      const caller = requireUser(c.get('caller'));
      const id = userIdParam(c.req.param('id'));
      if (id !== caller.userId) throw forbidden('You can only set your own password.');
      const body = await parseJson(c, PasswordSet);
      checkNewPassword(body.newPassword);
      const newHash = await hashPassword(body.newPassword);
      const user = await db.asCaller(caller, async (tx) => {
        const current = await readUser(tx, id);
        if (current.has_password)
          throw new ApiError(
            409,
            'This account already has a password. Use Change Password instead.',
            'conflict',
          );
        await tx`select public.replace_password_hash(${id}, ${null}, ${newHash})`;
        return readUser(tx, id);
      });
      return c.json({ user });
    });
}
