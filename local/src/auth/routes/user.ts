/**
 * GET /user: the caller's user. PUT /user {email, password, data}: updates them; the local stack
 * confirms an e-mail change at once (mailer autoconfirm). A password change ends the user's other
 * sessions, as GoTrue does.
 */
import type { AuthContext, RequestContext } from '../context.ts';
import { badRequest, unprocessable } from '../errors.ts';
import { requireUser } from '../guard.ts';
import { objectField, sendJson, stringField } from '../http.ts';
import { checkPassword, hashPassword, passwordMatches } from '../password.ts';
import { deleteSessions } from '../sessions.ts';
import {
  findUserByEmail,
  isValidEmail,
  loadUserJson,
  mergeMetadata,
  normalizeEmail,
  updateUser,
} from '../users.ts';
import { isUniqueViolation } from './signup.ts';

export async function getUser(ctx: AuthContext, request: RequestContext): Promise<void> {
  const { user } = await requireUser(ctx, ctx.sql, request);
  sendJson(request.res, 200, await loadUserJson(ctx.sql, user));
}

export async function putUser(ctx: AuthContext, request: RequestContext): Promise<void> {
  const caller = await requireUser(ctx, ctx.sql, request);
  const { body } = request;
  const rawEmail = stringField(body, 'email');
  const password = stringField(body, 'password');
  const data = objectField(body, 'data');
  if (stringField(body, 'phone'))
    throw unprocessable('validation_failed', 'Phone changes are not supported here.');

  const changes: Record<string, unknown> = {};
  if (password !== undefined) {
    checkPassword(password, ctx.config.minimumPasswordLength);
    if (await passwordMatches(password, caller.user.encrypted_password)) {
      throw unprocessable('same_password', 'New password should be different from the old password.');
    }
    changes.encrypted_password = await hashPassword(password);
  }
  if (data) changes.raw_user_meta_data = mergeMetadata(caller.user.raw_user_meta_data, data);
  if (rawEmail !== undefined) {
    const email = normalizeEmail(rawEmail);
    if (!isValidEmail(email))
      throw badRequest('validation_failed', 'Unable to validate email address: invalid format');
    if (email !== caller.user.email) {
      const owner = await findUserByEmail(ctx.sql, email);
      if (owner && owner.id !== caller.user.id) {
        throw unprocessable('email_exists', 'A user with this email address has already been registered');
      }
      changes.email = email;
      changes.email_confirmed_at = new Date();
      changes.raw_user_meta_data = {
        ...((changes.raw_user_meta_data as object) ?? caller.user.raw_user_meta_data),
        email,
      };
    }
  }
  if (Object.keys(changes).length === 0) {
    sendJson(request.res, 200, await loadUserJson(ctx.sql, caller.user));
    return;
  }
  try {
    const answer = await ctx.sql.begin(async (tx) => {
      const user = await updateUser(tx, caller.user.id, changes);
      if (changes.email) {
        await tx.unsafe(
          `update auth.identities set identity_data = identity_data || jsonb_build_object('email', $2::text), updated_at = now()
            where user_id = $1 and provider = 'email'`,
          [user.id, changes.email as string],
        );
      }
      if (changes.encrypted_password) await deleteSessions(tx, user.id, 'others', caller.sessionId);
      return loadUserJson(tx, user);
    });
    sendJson(request.res, 200, answer);
  } catch (error) {
    if (isUniqueViolation(error))
      throw unprocessable('email_exists', 'A user with this email address has already been registered');
    throw error;
  }
}
