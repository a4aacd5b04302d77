/**
 * Verifies the caller's Supabase access token (HS256 shared secret, or the auth server's JWKS) and puts
 * a `Caller` on the context. No token means an anonymous caller; a token that fails verification is a 401,
 * never a silent downgrade to anonymous.
 */
import type { MiddlewareHandler } from 'hono';
import { createRemoteJWKSet, type JWTPayload, jwtVerify } from 'jose';
import type { ApiConfig } from './config.ts';
import { ANONYMOUS, type Caller, type Db } from './db.ts';
import { ApiError, sessionEnded, unauthorized } from './errors.ts';
import { timeInto } from './server-timing.ts';

export type AuthVariables = { caller: Caller };

export interface VerifierOptions {
  /** Seconds before an unknown key id may trigger another JWKS fetch (jose's default: 30). */
  jwksCooldownSeconds?: number;
}

/**
 * Verifies access tokens as hosted Supabase issues them: asymmetric (ES256, or RS256) against the
 * project's JWKS, which is fetched again when a token names a key id it does not hold (key rotation);
 * or HS256 with the legacy shared secret. `iss` and `aud` are checked when configured.
 */
export function createVerifier(
  config: Pick<ApiConfig, 'jwtSecret' | 'jwksUrl' | 'jwtIssuer'> & { jwtAudience?: string | null },
  options: VerifierOptions = {},
) {
  // Imported once: given the raw bytes, jose imports the key again for every token it verifies.
  const secret = config.jwtSecret
    ? crypto.subtle.importKey(
        'raw',
        new TextEncoder().encode(config.jwtSecret),
        { name: 'HMAC', hash: 'SHA-256' },
        false,
        ['verify'],
      )
    : null;
  const jwks = config.jwksUrl
    ? createRemoteJWKSet(new URL(config.jwksUrl), {
        cooldownDuration: (options.jwksCooldownSeconds ?? 30) * 1000,
      })
    : null;
  if (!secret && !jwks) throw new Error('auth: configure JWT_SECRET or SUPABASE_URL to verify tokens');
  const checks = {
    issuer: config.jwtIssuer ?? undefined,
    audience: config.jwtAudience ?? undefined,
  };
  return async (token: string): Promise<JWTPayload> => {
    const { payload } = secret
      ? await jwtVerify(token, await secret, { ...checks, algorithms: ['HS256'] })
      : await jwtVerify(token, jwks!, { ...checks, algorithms: ['ES256', 'RS256'] });
    return payload;
  };
}

/** Whether the token's session still exists (signed out or ended by a password change: false). */
export type SessionCheck = (sessionId: string, userId: string) => Promise<boolean>;

export function authenticate(
  verify: (token: string) => Promise<JWTPayload>,
  sessionAlive: SessionCheck | null = null,
  /** `sessionAlive` asks the same database as Db.asCaller, which can then check in-band. */
  options: { inBand?: boolean } = {},
): MiddlewareHandler<{
  Variables: AuthVariables;
}> {
  return async (c, next) => {
    const header = c.req.header('authorization');
    if (!header) {
      c.set('caller', ANONYMOUS);
      return next();
    }
    const match = /^Bearer\s+(\S+)$/i.exec(header);
    if (!match) throw unauthorized('The Authorization header must be "Bearer <access token>".');
    let claims: JWTPayload;
    try {
      claims = await timeInto('auth', () => verify(match[1]));
    } catch {
      throw new ApiError(
        401,
        'Your session has expired or is invalid. Please sign in again.',
        'invalid_token',
      );
    }
    if (claims.role === 'anon') {
      c.set('caller', ANONYMOUS);
      return next();
    }
    if (claims.role !== 'authenticated' || typeof claims.sub !== 'string') {
      throw new ApiError(
        401,
        'This token cannot be used to call the API. Please sign in again.',
        'invalid_token',
      );
    }
    // An access token outlives its session by up to an hour: every request, reads included (the webhook
    // signing secret is a read), checks that the session was not signed out or ended meanwhile.
    const caller: Caller = {
      role: 'authenticated',
      userId: claims.sub,
      isAdmin: claims.is_admin === true,
      claims: claims as Record<string, unknown>,
    };
    const sessionId = typeof claims.session_id === 'string' ? claims.session_id : null;
    if (!sessionAlive || sessionId === null) {
      c.set('caller', caller);
      return next();
    }
    // A read may leave the check to its first transaction as the caller (Db.asCaller looks at the session
    // in the statement that sets the role, no round trip of its own); whatever it did not check is checked
    // before its answer leaves. A read has nothing to undo, so its answer is all that must be held back.
    // Anything else is checked before it runs.
    if (options.inBand && isRead(c.req.method) && UUID.test(sessionId) && UUID.test(claims.sub)) {
      caller.session = { id: sessionId };
      c.set('caller', caller);
      await next();
      if (caller.session.alive === undefined)
        caller.session.alive = await timeInto('db', () => sessionAlive(sessionId, caller.userId as string));
      if (!caller.session.alive) {
        await c.res.body?.cancel();
        // Unset first: Hono would otherwise copy the held-back answer's headers onto the 401.
        c.res = undefined;
        throw sessionEnded();
      }
      return;
    }
    if (!(await timeInto('db', () => sessionAlive(sessionId, caller.userId as string)))) throw sessionEnded();
    c.set('caller', caller);
    return next();
  };
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const isRead = (method: string) => method === 'GET' || method === 'HEAD';

/** The signed-in caller, or a 401. */
export function requireUser(caller: Caller): Caller & { userId: string } {
  if (caller.role !== 'authenticated' || !caller.userId) throw unauthorized();
  return caller as Caller & { userId: string };
}

/** A signed-in admin (claim), or 401/403. SQL policies check the table again. */
export function requireAdmin(caller: Caller): Caller & { userId: string } {
  const user = requireUser(caller);
  if (!user.isAdmin) throw new ApiError(403, 'Administrator access is required.', 'forbidden');
  return user;
}

/** Looks the session up in Supabase Auth's own table (the function's role can read `auth`). */
export function sessionCheckFor(db: Db): SessionCheck {
  return async (sessionId, userId) => {
    if (!/^[0-9a-f-]{36}$/i.test(sessionId)) return false;
    const rows = await db.sql<{ alive: boolean }[]>`
      select exists (select 1 from auth.sessions
                      where id = ${sessionId} and user_id = ${userId}
                        and (not_after is null or not_after > now())) as alive`;
    return rows[0]?.alive === true;
  };
}
