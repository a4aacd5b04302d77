/**
 * POST /logout?scope=local|global|others: ends the caller's session (local, the default), all their
 * sessions (global) or all but this one (others). Ending a session deletes its refresh tokens; access
 * tokens stay valid until they expire, but /user refuses them (session_not_found), as on Supabase.
 */
import type { AuthContext, RequestContext } from '../context.ts';
import { badRequest } from '../errors.ts';
import { requireUser } from '../guard.ts';
import { empty } from '../http.ts';
import { deleteSessions } from '../sessions.ts';

const SCOPES = ['global', 'local', 'others'] as const;

export async function logout(ctx: AuthContext, request: RequestContext): Promise<Response> {
  const scope = (request.url.searchParams.get('scope') ?? 'local') as (typeof SCOPES)[number];
  if (!SCOPES.includes(scope)) {
    throw badRequest(
      'validation_failed',
      `Unsupported logout scope "${scope}": use global, local or others.`,
    );
  }
  const caller = await requireUser(ctx, ctx.sql, request);
  await deleteSessions(ctx.sql, caller.user.id, scope, caller.sessionId);
  return empty(204);
}
