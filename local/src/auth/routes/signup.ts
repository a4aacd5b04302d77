/**
 * POST /signup {email, password, data}: creates a confirmed user (the local stack confirms e-mail at
 * once, like Supabase with "Confirm email" off) with an `email` identity, and answers with a session.
 */
import type { AuthContext, RequestContext } from '../context.ts';
import { AuthHttpError, badRequest, unprocessable } from '../errors.ts';
import { json, objectField, stringField } from '../http.ts';
import { checkPassword, hashPassword, userPasswordPolicy } from '../password.ts';
import { createSession } from '../sessions.ts';
import { sessionResponse } from '../tokens.ts';
import { findUserByEmail, insertIdentity, insertUser, isValidEmail, normalizeEmail } from '../users.ts';

export function isUniqueViolation(error: unknown): boolean {
  return (error as { code?: string }).code === '23505';
}

export async function signup(ctx: AuthContext, request: RequestContext): Promise<Response> {
  ctx.limiter.enforce(
    'sign_in_sign_ups',
    request.ip,
    ctx.config.rateLimits.signInSignUps,
    'sign-ups and sign-ins',
  );
  const { body } = request;
  if (stringField(body, 'phone')) {
    throw new AuthHttpError(
      422,
      'validation_failed',
      'Phone signups are disabled: sign up with an e-mail address.',
    );
  }
  const rawEmail = stringField(body, 'email');
  const password = stringField(body, 'password');
  const data = objectField(body, 'data') ?? {};
  if (!rawEmail) throw badRequest('validation_failed', 'An email address is required');
  const email = normalizeEmail(rawEmail);
  if (!isValidEmail(email))
    throw badRequest('validation_failed', 'Unable to validate email address: invalid format');
  if (!password) throw unprocessable('validation_failed', 'Signup requires a valid password');
  checkPassword(password, userPasswordPolicy(ctx.config));

  const alreadyRegistered = () => unprocessable('user_already_exists', 'User already registered');
  if (await findUserByEmail(ctx.sql, email)) throw alreadyRegistered();
  const encryptedPassword = await hashPassword(password);

  try {
    const answer = await ctx.sql.begin(async (tx) => {
      const identityData = { email, email_verified: true, phone_verified: false };
      const user = await insertUser(tx, {
        email,
        encryptedPassword,
        emailConfirmed: true,
        appMetadata: { provider: 'email', providers: ['email'] },
        userMetadata: { ...data, ...identityData },
      });
      await insertIdentity(tx, {
        userId: user.id,
        provider: 'email',
        providerId: user.id,
        data: { sub: user.id, ...identityData },
      });
      await tx.unsafe('update auth.users set last_sign_in_at = now() where id = $1', [user.id]);
      user.last_sign_in_at = new Date();
      const session = await createSession(tx, {
        userId: user.id,
        method: 'password',
        ip: request.ip,
        userAgent: request.userAgent,
      });
      return sessionResponse(ctx, tx, user, session, 'password');
    });
    return json(200, answer);
  } catch (error) {
    if (isUniqueViolation(error)) throw alreadyRegistered();
    throw error;
  }
}
