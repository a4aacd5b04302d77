/**
 * /verify for recovery tokens, both ways supabase-js uses it:
 * - POST {type: 'recovery', token_hash} or {type: 'recovery', email, token} (`verifyOtp`) → a session;
 * - GET ?token=&type=recovery&redirect_to= (the e-mailed link) → 303 to `redirect_to` with the session in
 *   the fragment (`#access_token=…&refresh_token=…&type=recovery`, implicit flow) or `?code=` when the
 *   link came from a PKCE request. Failures redirect with `#error=access_denied&error_code=otp_expired`.
 */
import type { AuthContext, RequestContext } from '../context.ts';
import { confirmEmailChange, type EmailChangeOutcome, OTHER_LINK_PENDING } from '../email-change.ts';
import { AuthHttpError, badRequest, forbidden } from '../errors.ts';
import { json, redirect, stringField } from '../http.ts';
import { consumeRecoveryToken, PKCE_PREFIX, tokenHash } from '../otp.ts';
import { resolveRedirect, withParams } from '../redirect.ts';
import { createSession } from '../sessions.ts';
import { sessionResponse } from '../tokens.ts';
import { type Db, findUserByRecoveryToken, markSignedIn, normalizeEmail, type UserRow } from '../users.ts';

const SUPPORTED_TYPES = ['recovery', 'email_change'];
const KNOWN_TYPES = [
  'signup',
  'invite',
  'recovery',
  'magiclink',
  'email_change',
  'email',
  'sms',
  'phone_change',
];

const expired = () => forbidden('otp_expired', 'Token has expired or is invalid');

function checkType(type: string | undefined): void {
  if (!type || !KNOWN_TYPES.includes(type))
    throw badRequest('validation_failed', `Verify requires a verification type`);
}

async function findRecoveryUser(ctx: AuthContext, db: Db, hash: string): Promise<UserRow | null> {
  return findUserByRecoveryToken(db, hash, new Date(Date.now() - ctx.config.otpExpirySeconds * 1000));
}

/** The second confirmation of an e-mail change signs the browser in, as GoTrue does. */
async function finishEmailChange(
  ctx: AuthContext,
  db: Db,
  request: RequestContext,
  outcome: EmailChangeOutcome,
) {
  if (outcome.state !== 'changed') return null;
  const signedIn = await markSignedIn(db, outcome.userId);
  const session = await createSession(db, {
    userId: outcome.userId,
    method: 'otp',
    ip: request.ip,
    userAgent: request.userAgent,
  });
  return sessionResponse(ctx, db, signedIn, session, 'otp');
}

async function signInRecovered(ctx: AuthContext, db: Db, request: RequestContext, user: UserRow) {
  await consumeRecoveryToken(db, user.id);
  if (!user.email_confirmed_at)
    await db.unsafe('update auth.users set email_confirmed_at = now() where id = $1', [user.id]);
  const signedIn = await markSignedIn(db, user.id);
  const session = await createSession(db, {
    userId: user.id,
    method: 'recovery',
    ip: request.ip,
    userAgent: request.userAgent,
  });
  return sessionResponse(ctx, db, signedIn, session, 'recovery');
}

export async function verifyPost(ctx: AuthContext, request: RequestContext): Promise<Response> {
  ctx.limiter.enforce(
    'token_verifications',
    request.ip,
    ctx.config.rateLimits.tokenVerifications,
    'verifications',
  );
  const type = stringField(request.body, 'type');
  checkType(type);
  if (!SUPPORTED_TYPES.includes(type as string)) throw expired();
  const given = stringField(request.body, 'token_hash');
  const email = stringField(request.body, 'email');
  const code = stringField(request.body, 'token');
  let hash: string;
  if (given) hash = given.startsWith(PKCE_PREFIX) ? given.slice(PKCE_PREFIX.length) : given;
  else if (email && code) hash = tokenHash(normalizeEmail(email), code.trim());
  else throw badRequest('validation_failed', 'Verify requires either a token_hash or an email and a token');

  if (type === 'email_change') {
    const answer = await ctx.sql.begin(async (tx) => {
      const outcome = await confirmEmailChange(ctx, tx, hash);
      if (outcome.state === 'pending') return { msg: OTHER_LINK_PENDING, code: 200 };
      return finishEmailChange(ctx, tx, request, outcome);
    });
    if (!answer) throw expired();
    return json(200, answer);
  }

  const outcome = await ctx.sql.begin(async (tx) => {
    const user = await findRecoveryUser(ctx, tx, hash);
    if (!user) return null;
    return signInRecovered(ctx, tx, request, user);
  });
  if (!outcome) throw expired();
  return json(200, outcome);
}

export async function verifyGet(ctx: AuthContext, request: RequestContext): Promise<Response> {
  const params = request.url.searchParams;
  const target = resolveRedirect(ctx.config, params.get('redirect_to'));
  const fail = (code: string, description: string) =>
    redirect(
      withParams(
        target,
        { error: 'access_denied', error_code: code, error_description: description },
        'fragment',
      ),
      303,
    );
  try {
    ctx.limiter.enforce(
      'token_verifications',
      request.ip,
      ctx.config.rateLimits.tokenVerifications,
      'verifications',
    );
  } catch (error) {
    if (error instanceof AuthHttpError) return fail(error.code, error.message);
    throw error;
  }
  const type = params.get('type') ?? '';
  const token = params.get('token') ?? '';
  if (!SUPPORTED_TYPES.includes(type) || !token)
    return fail('otp_expired', 'Email link is invalid or has expired');
  if (type === 'email_change') {
    const location = await ctx.sql.begin(async (tx) => {
      const outcome = await confirmEmailChange(ctx, tx, token);
      if (outcome.state === 'pending') return withParams(target, { message: OTHER_LINK_PENDING }, 'fragment');
      const session = await finishEmailChange(ctx, tx, request, outcome);
      if (!session) return null;
      return withParams(
        target,
        {
          access_token: session.access_token,
          expires_at: String(session.expires_at),
          expires_in: String(session.expires_in),
          refresh_token: session.refresh_token,
          token_type: 'bearer',
          type: 'email_change',
        },
        'fragment',
      );
    });
    if (!location) return fail('otp_expired', 'Email link is invalid or has expired');
    return redirect(location, 303);
  }
  const pkce = token.startsWith(PKCE_PREFIX);
  const hash = pkce ? token.slice(PKCE_PREFIX.length) : token;

  const location = await ctx.sql.begin(async (tx) => {
    const user = await findRecoveryUser(ctx, tx, hash);
    if (!user) return null;
    if (pkce) {
      const rows = await tx.unsafe<{ auth_code: string }[]>(
        `update auth.flow_state set auth_code_issued_at = now(), updated_at = now()
          where id = (select id from auth.flow_state where user_id = $1 and authentication_method = 'recovery'
                       order by created_at desc limit 1)
          returning auth_code`,
        [user.id],
      );
      if (!rows[0]) return null;
      await consumeRecoveryToken(tx, user.id);
      return withParams(target, { code: rows[0].auth_code }, 'query');
    }
    const session = await signInRecovered(ctx, tx, request, user);
    return withParams(
      target,
      {
        access_token: session.access_token,
        expires_at: String(session.expires_at),
        expires_in: String(session.expires_in),
        refresh_token: session.refresh_token,
        token_type: 'bearer',
        type: 'recovery',
      },
      'fragment',
    );
  });
  if (!location) return fail('otp_expired', 'Email link is invalid or has expired');
  return redirect(location, 303);
}
