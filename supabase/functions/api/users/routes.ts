/**
 * /api/users/{id}: read and edit a profile (self or admin; row-level security decides; `is_admin` by
 * admins only, through `admin_set_admin`).
 *
 * notes: e-mail addresses and passwords belong to Supabase Auth. The SPA changes them with supabase-js
 * (`updateUser({ email })`, confirmed from both addresses; `updateUser({ password, current_password })`,
 * under Supabase's password policy), and the profile follows auth.users. This route accepts an `email`
 * only when it is the one already stored (the profile form sends the whole user back), and says where
 * to go otherwise; the former password routes answer 410 with the same advice.
 */

import { ProfileChanges } from '@lift3d/contract';
import { Hono } from 'hono';
import { requireUser } from '../core/auth.ts';
import type { AppDeps, AppEnv } from '../core/deps.ts';
import { ApiError, badRequest } from '../core/errors.ts';
import { jsonBody } from '../core/validate.ts';
import { readActivity } from './activity.ts';
import { readUser, userIdParam } from './users.ts';

const EMAIL_CHANGE_ADVICE =
  'E-mail addresses change through your account: a confirmation link is sent to the old and the new address, and the change applies once both are confirmed.';

const PASSWORD_ADVICE =
  'Passwords change through your account (Supabase Auth), with your current password; this route is gone.';

export function userRoutes({ db }: AppDeps) {
  const gone = () => {
    throw new ApiError(410, PASSWORD_ADVICE, 'gone');
  };
  return new Hono<AppEnv>()
    .get('/:id', async (c) => {
      const caller = requireUser(c.get('caller'));
      const id = userIdParam(c.req.param('id'));
      const user = await db.asCaller(caller, (tx) => readUser(tx, id));
      return c.json({ user });
    })
    .get('/:id/activity', async (c) => {
      const caller = requireUser(c.get('caller'));
      const id = userIdParam(c.req.param('id'));
      return c.json(await db.asCaller(caller, (tx) => readActivity(tx, id)));
    })
    .put('/:id', jsonBody(ProfileChanges), async (c) => {
      const caller = requireUser(c.get('caller'));
      const id = userIdParam(c.req.param('id'));
      const changes = c.req.valid('json');
      const user = await db.asCaller(caller, async (tx) => {
        const current = await readUser(tx, id);
        if (changes.email !== undefined && changes.email.toLowerCase() !== current.email.toLowerCase())
          throw badRequest(EMAIL_CHANGE_ADVICE);
        if (changes.name !== undefined) {
          // RLS: the owner or an admin; the column grants allow nothing but the name.
          await tx`update public.profiles set name = ${changes.name} where id = ${id}`;
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
    .post('/:id/password', gone)
    .post('/:id/set-password', gone);
}
