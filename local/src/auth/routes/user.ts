/**
 * GET /user: the caller's user. PUT /user {email, password, current_password, data}: GoTrue's update.
 * - password: Supabase's policy (length, common and breached passwords); with
 *   `updatePasswordRequireCurrentPassword` (GOTRUE_SECURITY_UPDATE_PASSWORD_REQUIRE_CURRENT_PASSWORD) an
 *   account that has a password must send `current_password`, except in a recovery session (the reset
 *   link proved the mailbox). Wrong current passwords count against the account's sign-in limit. A new
 *   password ends every other session.
 * - email: secure change (see email-change.ts); nothing changes until both addresses confirm.
 */
import type { AuthContext, RequestContext } from '../context.ts';
import { requestEmailChange } from '../email-change.ts';
import { badRequest, unprocessable } from '../errors.ts';
import { requireUser } from '../guard.ts';
import { json, objectField, stringField } from '../http.ts';
import { checkPassword, hashPassword, passwordMatches, userPasswordPolicy } from '../password.ts';
import { resolveRedirect } from '../redirect.ts';
import { deleteSessions } from '../sessions.ts';
import {
  type Db,
  findUserByEmail,
  isValidEmail,
  loadUserJson,
  mergeMetadata,
  normalizeEmail,
  type UserRow,
  updateUser,
} from '../users.ts';
import { countWrongPassword, refuseWhileLocked } from './grant-password.ts';

export async function getUser(ctx: AuthContext, request: RequestContext): Promise<Response> {
  const { user } = await requireUser(ctx, ctx.sql, request);
  return json(200, await loadUserJson(ctx.sql, user));
}

async function isRecoverySession(db: Db, sessionId: string | null): Promise<boolean> {
  if (!sessionId) return false;
  const rows = await db.unsafe<{ n: number }[]>(
    `select count(*)::int as n from auth.mfa_amr_claims where session_id = $1 and authentication_method = 'recovery'`,
    [sessionId],
  );
  return (rows[0]?.n ?? 0) > 0;
}

async function checkCurrentPassword(
  ctx: AuthContext,
  user: UserRow,
  sessionId: string | null,
  current: string | undefined,
  ip: string,
): Promise<void> {
  if (!ctx.config.updatePasswordRequireCurrentPassword || !user.encrypted_password) return;
  if (await isRecoverySession(ctx.sql, sessionId)) return;
  if (!current)
    throw badRequest('current_password_required', 'Current password required when setting new password.');
  const account = normalizeEmail(user.email ?? user.id);
  refuseWhileLocked(ctx, account, ip);
  if (!(await passwordMatches(current, user.encrypted_password))) {
    countWrongPassword(ctx, account, ip);
    throw badRequest('current_password_mismatch', 'Current password does not match.');
  }
}

export async function putUser(ctx: AuthContext, request: RequestContext): Promise<Response> {
  const caller = await requireUser(ctx, ctx.sql, request);
  const { body } = request;
  const rawEmail = stringField(body, 'email');
  const password = stringField(body, 'password');
  const data = objectField(body, 'data');
  if (stringField(body, 'phone'))
    throw unprocessable('validation_failed', 'Phone changes are not supported here.');

  let newEmail: string | null = null;
  if (rawEmail !== undefined) {
    const email = normalizeEmail(rawEmail);
    if (!isValidEmail(email))
      throw badRequest('validation_failed', 'Unable to validate email address: invalid format');
    if (email !== caller.user.email) {
      const owner = await findUserByEmail(ctx.sql, email);
      if (owner && owner.id !== caller.user.id) {
        throw unprocessable('email_exists', 'A user with this email address has already been registered');
      }
      newEmail = email;
    }
  }
  const changes: Record<string, unknown> = {};
  if (password !== undefined) {
    checkPassword(password, userPasswordPolicy(ctx.config));
    await checkCurrentPassword(
      ctx,
      caller.user,
      caller.sessionId,
      stringField(body, 'current_password'),
      request.ip,
    );
    if (await passwordMatches(password, caller.user.encrypted_password)) {
      throw unprocessable('same_password', 'New password should be different from the old password.');
    }
    changes.encrypted_password = await hashPassword(password);
  }
  if (data) changes.raw_user_meta_data = mergeMetadata(caller.user.raw_user_meta_data, data);

  let user = caller.user;
  if (Object.keys(changes).length > 0) {
    user = await ctx.sql.begin(async (tx) => {
      const updated = await updateUser(tx, caller.user.id, changes);
      // GoTrue ends the other sessions on a password change; their refresh tokens go with them.
      if (changes.encrypted_password) await deleteSessions(tx, updated.id, 'others', caller.sessionId);
      return updated;
    });
  }
  if (newEmail) {
    const redirectTo = resolveRedirect(ctx.config, request.url.searchParams.get('redirect_to'));
    user = await requestEmailChange(ctx, user, newEmail, redirectTo);
  }
  return json(200, await loadUserJson(ctx.sql, user));
}
