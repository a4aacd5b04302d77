/**
 * Access tokens: Supabase's claim set, passed through the custom access token hook (a Postgres function
 * called as `supabase_auth_admin`, like GoTrue's `pg-functions://` hooks) and signed HS256 with the
 * project's JWT secret. Also the session answer (`{access_token, refresh_token, user, ...}`).
 */
import { SignJWT } from 'jose';
import type { AuthContext } from './context.ts';
import { AuthHttpError } from './errors.ts';
import { type AuthMethod, amrClaims } from './sessions.ts';
import { type Db, loadUserJson, type UserRow } from './users.ts';

type Claims = Record<string, unknown>;

async function runHook(db: Db, hook: string, event: Claims): Promise<Claims> {
  // `set local` keeps the role switch inside this transaction (PGlite shares one session among clients).
  await db.unsafe('set local role supabase_auth_admin');
  let result: unknown;
  try {
    const rows = await db.unsafe<{ result: unknown }[]>(`select ${hook}($1::jsonb) as result`, [
      event as never,
    ]);
    result = rows[0]?.result;
  } catch (error) {
    throw new AuthHttpError(
      500,
      'unexpected_failure',
      `Error running hook ${hook}: ${(error as Error).message}`,
    );
  }
  await db.unsafe('set local role none');
  const output = (typeof result === 'string' ? JSON.parse(result) : result) as Claims | null;
  const hookError = output?.error as { http_code?: number; message?: string } | undefined;
  if (hookError) {
    throw new AuthHttpError(
      hookError.http_code ?? 500,
      'unexpected_failure',
      hookError.message ?? `Hook ${hook} failed.`,
    );
  }
  const claims = output?.claims as Claims | undefined;
  if (!claims || typeof claims !== 'object') {
    throw new AuthHttpError(500, 'unexpected_failure', `Hook ${hook} returned no "claims" object.`);
  }
  for (const required of ['aud', 'exp', 'iat', 'sub', 'role', 'aal', 'session_id', 'is_anonymous']) {
    if (!(required in claims)) {
      throw new AuthHttpError(
        500,
        'unexpected_failure',
        `Hook ${hook} removed the required claim "${required}".`,
      );
    }
  }
  return claims;
}

async function signAccessToken(
  ctx: AuthContext,
  db: Db,
  user: UserRow,
  sessionId: string,
  method: AuthMethod,
): Promise<{ token: string; expiresAt: number }> {
  const iat = Math.floor(Date.now() / 1000);
  const exp = iat + ctx.config.jwtExpirySeconds;
  let claims: Claims = {
    iss: ctx.config.externalUrl,
    sub: user.id,
    aud: user.aud ?? 'authenticated',
    exp,
    iat,
    email: user.email ?? '',
    phone: user.phone ?? '',
    app_metadata: user.raw_app_meta_data ?? {},
    user_metadata: user.raw_user_meta_data ?? {},
    role: user.role ?? 'authenticated',
    aal: 'aal1',
    amr: await amrClaims(db, sessionId),
    session_id: sessionId,
    is_anonymous: user.is_anonymous,
  };
  if (ctx.config.customAccessTokenHook) {
    claims = await runHook(db, ctx.config.customAccessTokenHook, {
      user_id: user.id,
      claims,
      authentication_method: method,
    });
  }
  const token = await new SignJWT(claims).setProtectedHeader({ alg: 'HS256', typ: 'JWT' }).sign(ctx.secret);
  return { token, expiresAt: Number(claims.exp) };
}

export async function sessionResponse(
  ctx: AuthContext,
  db: Db,
  user: UserRow,
  session: { sessionId: string; refreshToken: string },
  method: AuthMethod,
) {
  const { token, expiresAt } = await signAccessToken(ctx, db, user, session.sessionId, method);
  return {
    access_token: token,
    token_type: 'bearer',
    expires_in: ctx.config.jwtExpirySeconds,
    expires_at: expiresAt,
    refresh_token: session.refreshToken,
    user: await loadUserJson(db, user),
  };
}
