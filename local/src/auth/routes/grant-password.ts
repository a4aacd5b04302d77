/** POST /token?grant_type=password {email, password}: GoTrue's password sign-in. */
import type { AuthContext, RequestContext } from '../context.ts';
import { AuthHttpError, badRequest } from '../errors.ts';
import { sendJson, stringField } from '../http.ts';
import { passwordMatches } from '../password.ts';
import { createSession } from '../sessions.ts';
import { sessionResponse } from '../tokens.ts';
import { findUserByEmail, isBanned, markSignedIn, normalizeEmail } from '../users.ts';

/** Wrong passwords per account: sign-in and the current password of a change share the bucket. */
export const ACCOUNT_BUCKET = 'password_failures_per_account';

export function refuseWhileLocked(ctx: AuthContext, account: string): void {
  const wait = ctx.limiter.peek(ACCOUNT_BUCKET, account, ctx.config.rateLimits.passwordFailuresPerAccount);
  if (wait > 0) {
    throw new AuthHttpError(
      429,
      'over_request_rate_limit',
      `Too many wrong passwords for this account, try again in ${wait} seconds.`,
      { retryAfter: wait },
    );
  }
}

export async function passwordGrant(ctx: AuthContext, request: RequestContext): Promise<void> {
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
  refuseWhileLocked(ctx, account);
  // One message for unknown e-mail and wrong password, so sign-in cannot be used to probe accounts.
  if (!user || !(await passwordMatches(password, user.encrypted_password))) {
    ctx.limiter.take(ACCOUNT_BUCKET, account, ctx.config.rateLimits.passwordFailuresPerAccount);
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
  sendJson(request.res, 200, answer);
}
