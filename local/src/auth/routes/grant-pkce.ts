/**
 * POST /token?grant_type=pkce {auth_code, code_verifier}: exchanges the one-time code of a PKCE flow
 * (Google sign-in, or a recovery link requested with a code challenge) for a session.
 */
import { createHash, timingSafeEqual } from 'node:crypto';
import type { AuthContext, RequestContext } from '../context.ts';
import { AuthHttpError, badRequest, notFound } from '../errors.ts';
import { json, stringField } from '../http.ts';
import { type AuthMethod, createSession } from '../sessions.ts';
import { sessionResponse } from '../tokens.ts';
import { findUserById, isBanned, markSignedIn } from '../users.ts';

interface FlowStateRow {
  id: string;
  user_id: string | null;
  code_challenge_method: 's256' | 'plain';
  code_challenge: string;
  provider_type: string;
  provider_access_token: string | null;
  provider_refresh_token: string | null;
  authentication_method: string;
  auth_code_issued_at: Date | null;
  created_at: Date;
}

function verifierMatches(flow: FlowStateRow, verifier: string): boolean {
  const expected =
    flow.code_challenge_method === 's256'
      ? createHash('sha256').update(verifier).digest('base64url')
      : verifier;
  const a = Buffer.from(expected);
  const b = Buffer.from(flow.code_challenge);
  return a.length === b.length && timingSafeEqual(a, b);
}

export async function pkceGrant(ctx: AuthContext, request: RequestContext): Promise<Response> {
  ctx.limiter.enforce(
    'sign_in_sign_ups',
    request.ip,
    ctx.config.rateLimits.signInSignUps,
    'sign-ins and sign-ups',
  );
  const authCode = stringField(request.body, 'auth_code');
  const verifier = stringField(request.body, 'code_verifier');
  if (!authCode || !verifier)
    throw badRequest(
      'validation_failed',
      'invalid request: both auth code and code verifier should be non-empty',
    );

  const outcome = await ctx.sql.begin(async (tx) => {
    const rows = await tx.unsafe<FlowStateRow[]>(
      `select id, user_id, code_challenge_method, code_challenge, provider_type, provider_access_token,
              provider_refresh_token, authentication_method, auth_code_issued_at, created_at
         from auth.flow_state where auth_code = $1 for update`,
      [authCode],
    );
    const flow = rows[0];
    if (!flow?.user_id || !flow.auth_code_issued_at) {
      return { error: notFound('flow_state_not_found', 'invalid flow state, no valid flow state found') };
    }
    if (!verifierMatches(flow, verifier)) {
      return {
        error: badRequest(
          'bad_code_verifier',
          'code challenge does not match previously saved code verifier',
        ),
      };
    }
    // A code is good for one exchange, whatever happens next.
    await tx.unsafe('delete from auth.flow_state where id = $1', [flow.id]);
    if (Date.now() - flow.auth_code_issued_at.getTime() > ctx.config.flowStateExpirySeconds * 1000) {
      return {
        error: new AuthHttpError(403, 'flow_state_expired', 'invalid flow state, flow state has expired'),
      };
    }
    const user = await findUserById(tx, flow.user_id);
    if (!user || user.deleted_at) return { error: notFound('user_not_found', 'User not found') };
    if (isBanned(user)) return { error: badRequest('user_banned', 'User is banned') };
    const method: AuthMethod = flow.authentication_method === 'recovery' ? 'recovery' : 'oauth';
    const signedIn = await markSignedIn(tx, user.id);
    const session = await createSession(tx, {
      userId: user.id,
      method,
      ip: request.ip,
      userAgent: request.userAgent,
    });
    const answer = await sessionResponse(ctx, tx, signedIn, session, method);
    return {
      answer: {
        ...answer,
        ...(flow.provider_access_token ? { provider_token: flow.provider_access_token } : {}),
        ...(flow.provider_refresh_token ? { provider_refresh_token: flow.provider_refresh_token } : {}),
      },
    };
  });
  if ('error' in outcome) throw outcome.error as AuthHttpError;
  return json(200, outcome.answer);
}
