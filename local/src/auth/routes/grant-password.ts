/** POST /token?grant_type=password {email, password}: GoTrue's password sign-in. */
import type { AuthContext, RequestContext } from '../context.ts';
import { badRequest } from '../errors.ts';
import { sendJson, stringField } from '../http.ts';
import { passwordMatches } from '../password.ts';
import { createSession } from '../sessions.ts';
import { sessionResponse } from '../tokens.ts';
import { findUserByEmail, isBanned, markSignedIn } from '../users.ts';

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
  // One message for unknown e-mail and wrong password, so sign-in cannot be used to probe accounts.
  if (!user || !(await passwordMatches(password, user.encrypted_password))) {
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
