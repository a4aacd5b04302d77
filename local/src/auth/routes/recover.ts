/**
 * POST /recover {email, code_challenge?, code_challenge_method?} (?redirect_to=): mails a recovery link
 * `{externalUrl}/verify?token=…&type=recovery&redirect_to=…` and a 6-digit code. Answers 200 `{}` for
 * unknown addresses too, so the endpoint cannot tell who has an account. With a code challenge (a
 * supabase-js client in PKCE flow) the link's token is `pkce_`-prefixed and a flow state is stored, so
 * the redirect after /verify carries `?code=` for `exchangeCodeForSession`.
 */
import { randomUUID } from 'node:crypto';
import type { AuthContext, RequestContext } from '../context.ts';
import { AuthHttpError, badRequest } from '../errors.ts';
import { json, stringField } from '../http.ts';
import { recoveryMail } from '../mail.ts';
import { newOtp, PKCE_PREFIX, storeRecoveryToken, tokenHash } from '../otp.ts';
import { resolveRedirect } from '../redirect.ts';
import { findUserByEmail, isValidEmail, normalizeEmail } from '../users.ts';

export function readCodeChallenge(
  challenge: string | undefined,
  method: string | undefined,
): { challenge: string; method: 's256' | 'plain' } | null {
  if (!challenge && !method) return null;
  if (!challenge || !method) {
    throw badRequest('validation_failed', 'PKCE flow requires code_challenge_method and code_challenge');
  }
  const normalized = method.toLowerCase();
  if (normalized !== 's256' && normalized !== 'plain') {
    throw badRequest('validation_failed', `code challenge method not supported: ${method} (use s256)`);
  }
  if (challenge.length < 43 || challenge.length > 128) {
    throw badRequest('validation_failed', 'code challenge has to be between 43 and 128 characters');
  }
  return { challenge, method: normalized };
}

export async function recover(ctx: AuthContext, request: RequestContext): Promise<Response> {
  const rawEmail = stringField(request.body, 'email');
  if (!rawEmail) throw badRequest('validation_failed', 'Password recovery requires an email');
  const email = normalizeEmail(rawEmail);
  if (!isValidEmail(email))
    throw badRequest('validation_failed', 'Unable to validate email address: invalid format');
  const pkce = readCodeChallenge(
    stringField(request.body, 'code_challenge'),
    stringField(request.body, 'code_challenge_method'),
  );
  const redirectTo = resolveRedirect(ctx.config, request.url.searchParams.get('redirect_to'));

  const user = await findUserByEmail(ctx.sql, email);
  if (!user) {
    return json(200, {});
  }
  const frequencyMs = ctx.config.emailMaxFrequencySeconds * 1000;
  if (user.recovery_sent_at && Date.now() - user.recovery_sent_at.getTime() < frequencyMs) {
    const wait = Math.ceil((frequencyMs - (Date.now() - user.recovery_sent_at.getTime())) / 1000);
    throw new AuthHttpError(
      429,
      'over_email_send_rate_limit',
      `For security purposes, you can only request this after ${wait} seconds.`,
      { retryAfter: wait },
    );
  }
  ctx.limiter.enforce('email', 'all', ctx.config.rateLimits.emailSent, 'e-mails');

  const otp = newOtp();
  const hash = tokenHash(email, otp);
  await ctx.sql.begin(async (tx) => {
    await storeRecoveryToken(tx, user.id, email, hash);
    if (pkce) {
      await tx.unsafe(
        `insert into auth.flow_state (id, user_id, auth_code, code_challenge_method, code_challenge, provider_type,
            authentication_method, created_at, updated_at)
         values ($1, $2, $3, $4::auth.code_challenge_method, $5, 'email', 'recovery', now(), now())`,
        [randomUUID(), user.id, randomUUID(), pkce.method, pkce.challenge],
      );
    }
  });

  const link = new URL(`${ctx.config.externalUrl}/verify`);
  link.searchParams.set('token', pkce ? `${PKCE_PREFIX}${hash}` : hash);
  link.searchParams.set('type', 'recovery');
  link.searchParams.set('redirect_to', redirectTo);
  try {
    await ctx.mailer(recoveryMail(email, link.toString(), otp));
  } catch (error) {
    throw new AuthHttpError(
      500,
      'unexpected_failure',
      `Error sending recovery email: ${(error as Error).message}`,
    );
  }
  return json(200, {});
}
