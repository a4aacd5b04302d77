/**
 * POST /token?grant_type=refresh_token {refresh_token}: rotation with reuse detection, GoTrue's rules:
 * - an active token is revoked and replaced by a child;
 * - a revoked token whose child is still the session's active token is answered with that child (the
 *   client lost the previous answer), and so is any revoked token within the reuse interval;
 * - a revoked token presented later is treated as stolen: the whole session ends.
 */
import type { AuthContext, RequestContext } from '../context.ts';
import { type AuthHttpError, badRequest } from '../errors.ts';
import { json, stringField } from '../http.ts';
import {
  findActiveChild,
  findRefreshTokenForUpdate,
  revokeSession,
  rotateRefreshToken,
} from '../sessions.ts';
import { sessionResponse } from '../tokens.ts';
import { findUserById, isBanned } from '../users.ts';

export async function refreshTokenGrant(ctx: AuthContext, request: RequestContext): Promise<Response> {
  ctx.limiter.enforce('token_refresh', request.ip, ctx.config.rateLimits.tokenRefresh, 'token refreshes');
  const presented = stringField(request.body, 'refresh_token');
  if (!presented) throw badRequest('validation_failed', 'refresh_token required');

  const outcome = await ctx.sql.begin(async (tx) => {
    const token = await findRefreshTokenForUpdate(tx, presented);
    if (!token)
      return {
        error: badRequest('refresh_token_not_found', 'Invalid Refresh Token: Refresh Token Not Found'),
      };
    const user = await findUserById(tx, token.user_id);
    if (!user || user.deleted_at) {
      return {
        error: badRequest('refresh_token_not_found', 'Invalid Refresh Token: Refresh Token Not Found'),
      };
    }
    if (isBanned(user)) return { error: badRequest('user_banned', 'Invalid Refresh Token: User Banned') };

    let refreshToken: string;
    if (!token.revoked) {
      refreshToken = await rotateRefreshToken(tx, token);
    } else {
      const active = await findActiveChild(tx, token.session_id);
      const reuseUntil = token.updated_at.getTime() + ctx.config.refreshTokenReuseIntervalSeconds * 1000;
      if (active && (active.parent === token.token || Date.now() <= reuseUntil)) {
        refreshToken = active.token;
      } else {
        // Committed on purpose: the session stays ended even though this request fails.
        await revokeSession(tx, token.session_id);
        ctx.log(`auth: refresh token reused after the reuse interval; session ${token.session_id} ended`);
        return { error: badRequest('refresh_token_already_used', 'Invalid Refresh Token: Already Used') };
      }
    }
    return {
      answer: await sessionResponse(
        ctx,
        tx,
        user,
        { sessionId: token.session_id, refreshToken },
        'token_refresh',
      ),
    };
  });
  if ('error' in outcome) throw outcome.error as AuthHttpError;
  return json(200, outcome.answer);
}
