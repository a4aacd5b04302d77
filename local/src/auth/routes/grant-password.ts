/** POST /token?grant_type=password {email, password}: GoTrue's password sign-in. */
import type { AuthContext, RequestContext } from '../context.ts';
import { AuthHttpError, badRequest } from '../errors.ts';
import { json, stringField } from '../http.ts';
import { passwordMatches } from '../password.ts';
import { createSession } from '../sessions.ts';
import { sessionResponse } from '../tokens.ts';
import { findUserByEmail, isBanned, markSignedIn, normalizeEmail } from '../users.ts';

/**
 * Wrong passwords (sign-in and the current password of a change share the buckets): per account and
 * source address, so a guesser locks only their own address out of the account, and per account from all
 * addresses together, with a higher limit, so guesses spread over many addresses still stop.
 */
const SOURCE_BUCKET = 'password_failures_per_account_source';
const ACCOUNT_BUCKET = 'password_failures_per_account';

export function refuseWhileLocked(ctx: AuthContext, account: string, ip: string): void {
  const limits = ctx.config.rateLimits;
  const wait = Math.max(
    ctx.limiter.peek(SOURCE_BUCKET, `${account} ${ip}`, limits.passwordFailuresPerAccount),
    ctx.limiter.peek(ACCOUNT_BUCKET, account, limits.passwordFailuresPerAccountAllSources),
  );
  if (wait > 0) {
    throw new AuthHttpError(
      429,
      'over_request_rate_limit',
      `Too many wrong passwords for this account, try again in ${wait} seconds.`,
      { retryAfter: wait },
    );
  }
}

/** Counts one wrong password against the account from this address. */
export function countWrongPassword(ctx: AuthContext, account: string, ip: string): void {
  const limits = ctx.config.rateLimits;
  ctx.limiter.take(SOURCE_BUCKET, `${account} ${ip}`, limits.passwordFailuresPerAccount);
  ctx.limiter.take(ACCOUNT_BUCKET, account, limits.passwordFailuresPerAccountAllSources);
}

export async function passwordGrant(ctx: AuthContext, request: RequestContext): Promise<Response> {
  ctx.limiter.enforce(
    'sign_in_sign_ups',
    request.ip,
    ctx.config.rateLimits.signInSignUps,
    'sign-ins and sign-ups',
  );
  const email = stringField(request.body, 'email');
  const password = stringField(request.body, 'password') ?? '';
  if (!email) {
    throw badRequest(
      'validation_failed',
      stringField(request.body, 'phone') ? 'Phone logins are disabled' : 'An email address is required',
    );
  }
  const user = await findUserByEmail(ctx.sql, email);
  // Per account as well as per address: guesses spread over many addresses still stop. Keyed by the
  // e-mail, so an unknown address is limited the same way and the answer reveals nothing.
  const account = normalizeEmail(email);
  refuseWhileLocked(ctx, account, request.ip);
  // One message for unknown e-mail and wrong password, so sign-in cannot be used to probe accounts.
  if (!user || !(await passwordMatches(password, user.encrypted_password))) {
    countWrongPassword(ctx, account, request.ip);
    throw badRequest('invalid_credentials', 'Invalid login credentials');
  }
  if (isBanned(user)) throw badRequest('user_banned', 'User is banned');
  if (!user.email_confirmed_at) throw badRequest('email_not_confirmed', 'Email not confirmed');
  const answer = await ctx.sql.begin(async (tx) => {
    const signedIn = await markSignedIn(tx, user.id);
    const session = await createSession(tx, {
      userId: user.id,
      method: 'password',
      ip: request.ip,
      userAgent: request.userAgent,
    });
    return sessionResponse(ctx, tx, signedIn, session, 'password');
  });
  return json(200, answer);
}
