/**
 * Who is calling: the `apikey` check that Supabase's API gateway does in front of Auth, the user behind
 * a Bearer access token (GoTrue's messages and codes), and the service-role check of the admin API.
 */
import { type JWTPayload, errors as joseErrors, jwtVerify } from 'jose';
import type { AuthContext, RequestContext } from './context.ts';
import { AuthHttpError, forbidden, unauthorized } from './errors.ts';
import { bearerToken } from './http.ts';
import { sessionExists } from './sessions.ts';
import { type Db, findUserById, type UserRow } from './users.ts';

async function verifyJwt(ctx: AuthContext, token: string): Promise<JWTPayload> {
  try {
    const { payload } = await jwtVerify(token, ctx.secret, { algorithms: ['HS256'] });
    return payload;
  } catch (error) {
    const reason =
      error instanceof joseErrors.JWTExpired
        ? 'token has invalid claims: token is expired'
        : 'unable to parse or verify signature, token is malformed or signed with another key';
    throw forbidden('bad_jwt', `invalid JWT: ${reason}`);
  }
}

/** Like Kong in front of GoTrue: every API call carries the project's anon or service-role key. */
export function requireApiKey(ctx: AuthContext, request: RequestContext) {
  const key = request.headers.get('apikey') ?? request.url.searchParams.get('apikey') ?? '';
  if (!key) {
    throw unauthorized(
      'no_authorization',
      'No API key found in request: send the project\'s anon key in the "apikey" header.',
    );
  }
  if (key !== ctx.config.anonKey && key !== ctx.config.serviceRoleKey) {
    throw unauthorized('no_authorization', 'Invalid API key: use the anon key from /config.json.');
  }
}

export interface Caller {
  user: UserRow;
  claims: JWTPayload;
  sessionId: string | null;
}

export async function requireUser(ctx: AuthContext, db: Db, request: RequestContext): Promise<Caller> {
  const token = bearerToken(request.headers);
  if (!token) throw unauthorized('no_authorization', 'This endpoint requires a valid Bearer token');
  const claims = await verifyJwt(ctx, token);
  if (typeof claims.sub !== 'string' || !claims.sub) {
    throw forbidden('bad_jwt', 'invalid claim: missing sub claim');
  }
  const user = await findUserById(db, claims.sub);
  if (!user || user.deleted_at)
    throw forbidden('user_not_found', 'User from sub claim in JWT does not exist');
  const sessionId = typeof claims.session_id === 'string' ? claims.session_id : null;
  if (sessionId && !(await sessionExists(db, sessionId))) {
    throw forbidden('session_not_found', 'Session from session_id claim in JWT does not exist');
  }
  return { user, claims, sessionId };
}

export async function requireServiceRole(ctx: AuthContext, request: RequestContext): Promise<void> {
  const token = bearerToken(request.headers);
  if (!token) throw unauthorized('no_authorization', 'This endpoint requires a Bearer token');
  const claims = await verifyJwt(ctx, token);
  if (claims.role !== 'service_role' && claims.role !== 'supabase_admin') {
    throw new AuthHttpError(403, 'not_admin', 'User not allowed');
  }
}
