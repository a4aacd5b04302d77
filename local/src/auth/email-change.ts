/**
 * Secure e-mail change as GoTrue does it with double_confirm_changes: `PUT /user {email}` stores the new
 * address in `email_change` and mails a link and code to the current and to the new address; each
 * follows `/verify?type=email_change`; the address changes only when both were confirmed. Until then the
 * account signs in with the old address, so nobody can take an address they cannot read.
 */
import type { AuthContext } from './context.ts';
import { AuthHttpError } from './errors.ts';
import { emailChangeMail } from './mail.ts';
import { newOtp, tokenHash } from './otp.ts';
import { type Db, findUserById, type UserRow } from './users.ts';

const COLUMNS = `id, email, email_change, email_change_token_current, email_change_token_new,
  email_change_confirm_status, email_change_sent_at`;

interface ChangeRow {
  id: string;
  email: string;
  email_change: string;
  email_change_token_current: string;
  email_change_token_new: string;
  email_change_confirm_status: number;
  email_change_sent_at: Date | null;
}

/** Stores both tokens and mails both addresses; the answer's user shows `new_email`. */
export async function requestEmailChange(
  ctx: AuthContext,
  user: UserRow,
  newEmail: string,
  redirectTo: string,
): Promise<UserRow> {
  const frequencyMs = ctx.config.emailMaxFrequencySeconds * 1000;
  if (
    user.email_change === newEmail &&
    user.email_change_sent_at &&
    Date.now() - user.email_change_sent_at.getTime() < frequencyMs
  ) {
    const wait = Math.ceil((frequencyMs - (Date.now() - user.email_change_sent_at.getTime())) / 1000);
    throw new AuthHttpError(
      429,
      'over_email_send_rate_limit',
      `For security purposes, you can only request this after ${wait} seconds.`,
      { retryAfter: wait },
    );
  }
  // Two mails leave, so two count against the sending limit.
  ctx.limiter.enforce('email', 'all', ctx.config.rateLimits.emailSent, 'e-mails');
  ctx.limiter.enforce('email', 'all', ctx.config.rateLimits.emailSent, 'e-mails');
  const current = { address: user.email ?? '', code: newOtp() };
  const next = { address: newEmail, code: newOtp() };
  const currentHash = tokenHash(current.address, current.code);
  const nextHash = tokenHash(next.address, next.code);
  await ctx.sql.unsafe(
    `update auth.users set email_change = $2, email_change_token_current = $3, email_change_token_new = $4,
        email_change_confirm_status = 0, email_change_sent_at = now(), updated_at = now()
      where id = $1`,
    [user.id, newEmail, currentHash, nextHash],
  );
  const change = { from: current.address, to: next.address };
  for (const [who, hash] of [
    [current, currentHash],
    [next, nextHash],
  ] as const) {
    const link = new URL(`${ctx.config.externalUrl}/verify`);
    link.searchParams.set('token', hash);
    link.searchParams.set('type', 'email_change');
    link.searchParams.set('redirect_to', redirectTo);
    try {
      await ctx.mailer(emailChangeMail(who.address, change, link.toString(), who.code));
    } catch (error) {
      throw new AuthHttpError(
        500,
        'unexpected_failure',
        `Error sending email change email: ${(error as Error).message}`,
      );
    }
  }
  const updated = await findUserById(ctx.sql, user.id);
  // Deleted by an admin while the mail went out: the change has nowhere to land.
  if (!updated) throw new AuthHttpError(404, 'user_not_found', 'User not found');
  return updated;
}

export type EmailChangeOutcome =
  | { state: 'pending'; userId: string }
  | { state: 'changed'; userId: string }
  | { state: 'invalid' };

/** GoTrue's message after the first of the two links. */
export const OTHER_LINK_PENDING =
  'Confirmation link accepted. Please proceed to confirm link sent to the other email';

/**
 * Consumes one of the two tokens (by its hash). The second one applies the change, unless the address
 * was taken meanwhile (then the change is dropped and the link reported invalid).
 */
export async function confirmEmailChange(
  ctx: AuthContext,
  db: Db,
  hash: string,
): Promise<EmailChangeOutcome> {
  if (!hash) return { state: 'invalid' };
  const notBefore = new Date(Date.now() - ctx.config.otpExpirySeconds * 1000);
  const rows = await db.unsafe<ChangeRow[]>(
    `select ${COLUMNS} from auth.users
      where (email_change_token_current = $1 or email_change_token_new = $1) and email_change <> ''
        and email_change_sent_at > $2 and deleted_at is null
      for update`,
    [hash, notBefore],
  );
  const row = rows[0];
  if (!row) return { state: 'invalid' };
  const column =
    row.email_change_token_current === hash ? 'email_change_token_current' : 'email_change_token_new';
  const other =
    column === 'email_change_token_current' ? row.email_change_token_new : row.email_change_token_current;
  if (other) {
    await db.unsafe(
      `update auth.users set ${column} = '', email_change_confirm_status = 1, updated_at = now() where id = $1`,
      [row.id],
    );
    return { state: 'pending', userId: row.id };
  }
  const taken = await db.unsafe<{ id: string }[]>(
    `select id from auth.users where email = $1 and id <> $2 and is_sso_user = false`,
    [row.email_change, row.id],
  );
  await db.unsafe(
    `update auth.users set email = case when $3 then email else email_change end,
        email_confirmed_at = coalesce(email_confirmed_at, now()),
        email_change = '', email_change_token_current = '', email_change_token_new = '',
        email_change_confirm_status = 0, updated_at = now()
      where id = $1 and email_change = $2`,
    [row.id, row.email_change, taken.length > 0],
  );
  if (taken.length > 0) return { state: 'invalid' };
  await db.unsafe(
    `update auth.identities set identity_data = identity_data || jsonb_build_object('email', $2::text), updated_at = now()
      where user_id = $1 and provider = 'email'`,
    [row.id, row.email_change],
  );
  return { state: 'changed', userId: row.id };
}
