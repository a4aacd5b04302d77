/**
 * Verifies the caller's Supabase access token (HS256 shared secret, or the auth server's JWKS) and puts
 * a `Caller` on the context. No token means an anonymous caller; a token that fails verification is a 401,
 * never a silent downgrade to anonymous.
 */
import type { MiddlewareHandler } from 'hono';
import { createRemoteJWKSet, type JWTPayload, jwtVerify } from 'jose';
import type { ApiConfig } from './config.ts';
import { ANONYMOUS, type Caller } from './db.ts';
import { ApiError, unauthorized } from './errors.ts';

export type AuthVariables = { caller: Caller };

export function createVerifier(config: Pick<ApiConfig, 'jwtSecret' | 'jwksUrl' | 'jwtIssuer'>) {
  const secret = config.jwtSecret ? new TextEncoder().encode(config.jwtSecret) : null;
  const jwks = config.jwksUrl ? createRemoteJWKSet(new URL(config.jwksUrl)) : null;
  if (!secret && !jwks) throw new Error('auth: configure JWT_SECRET or SUPABASE_URL to verify tokens');
  return async (token: string): Promise<JWTPayload> => {
    const options = { issuer: config.jwtIssuer ?? undefined, algorithms: secret ? ['HS256'] : undefined };
    const { payload } = secret
      ? await jwtVerify(token, secret, options)
      : await jwtVerify(token, jwks!, options);
    return payload;
  };
}

export function authenticate(verify: (token: string) => Promise<JWTPayload>): MiddlewareHandler<{
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
      claims = await verify(match[1]);
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
    c.set('caller', {
      role: 'authenticated',
      userId: claims.sub,
      isAdmin: claims.is_admin === true,
      claims: claims as Record<string, unknown>,
    });
    return next();
  };
}

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
