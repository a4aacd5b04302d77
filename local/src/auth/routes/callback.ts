/**
 * GET|POST /callback?code=…&state=… from the OpenID provider: checks the signed state, exchanges the code
 * (with this server's PKCE verifier), finds or creates the user, then sends the browser back to the
 * `redirect_to` given at /authorize:
 * - PKCE clients: `redirect_to?code=<auth code>` for `exchangeCodeForSession` (POST /token?grant_type=pkce);
 * - implicit clients: `redirect_to#access_token=…&refresh_token=…&expires_in=…&token_type=bearer`.
 * Errors after the state is known go back the same way as `error`, `error_code`, `error_description`.
 */
import type { AuthContext, RequestContext } from '../context.ts';
import { AuthHttpError, badRequest } from '../errors.ts';
import { redirect } from '../http.ts';
import { verifyState } from '../oauth-state.ts';
import { userForProviderProfile } from '../oauth-user.ts';
import { withParams } from '../redirect.ts';
import { createSession } from '../sessions.ts';
import { sessionResponse } from '../tokens.ts';
import { isBanned, markSignedIn } from '../users.ts';

export async function callback(ctx: AuthContext, request: RequestContext): Promise<Response> {
  const params = new URLSearchParams(request.url.searchParams);
  for (const [key, value] of Object.entries(request.body))
    if (typeof value === 'string') params.set(key, value);
  const rawState = params.get('state');
  const state = await verifyState(ctx, rawState);
  const used = await ctx.sql.unsafe<{ code_verifier: string }[]>(
    `delete from auth.oauth_client_states where id = $1 returning code_verifier`,
    [state.oauth_client_state_id],
  );
  const codeVerifier = used[0]?.code_verifier;
  if (!codeVerifier)
    throw badRequest(
      'bad_oauth_state',
      'OAuth state has already been used or has expired: start the sign-in again.',
    );

  const where = state.flow_state_id ? 'query' : 'fragment';
  const fail = (error: string, code: string, description: string) =>
    redirect(
      withParams(state.referrer, { error, error_code: code, error_description: description }, where),
      303,
    );

  const providerError = params.get('error');
  if (providerError) {
    return fail(
      providerError,
      'bad_oauth_callback',
      params.get('error_description') ?? 'The provider refused the sign-in.',
    );
  }
  if (!params.get('code'))
    return fail('invalid_request', 'bad_oauth_callback', 'OAuth callback without a code');

  try {
    const redirectUri = `${ctx.config.externalUrl}/callback`;
    const callbackUrl = new URL(redirectUri);
    for (const [key, value] of params) callbackUrl.searchParams.set(key, value);
    const profile = await ctx.oidc.exchange({
      callbackUrl,
      redirectUri,
      state: rawState as string,
      codeVerifier,
    });

    const location = await ctx.sql.begin(async (tx) => {
      const user = await userForProviderProfile(tx, 'google', profile);
      if (isBanned(user)) throw new AuthHttpError(403, 'user_banned', 'User is banned');
      if (state.flow_state_id) {
        const rows = await tx.unsafe<{ auth_code: string }[]>(
          `update auth.flow_state set user_id = $2, provider_access_token = $3, provider_refresh_token = $4,
                  auth_code_issued_at = now(), updated_at = now()
            where id = $1 returning auth_code`,
          [state.flow_state_id, user.id, profile.accessToken, profile.refreshToken],
        );
        if (!rows[0])
          throw badRequest('flow_state_not_found', 'invalid flow state, no valid flow state found');
        return withParams(state.referrer, { code: rows[0].auth_code }, 'query');
      }
      const signedIn = await markSignedIn(tx, user.id);
      const session = await createSession(tx, {
        userId: user.id,
        method: 'oauth',
        ip: request.ip,
        userAgent: request.userAgent,
      });
      const answer = await sessionResponse(ctx, tx, signedIn, session, 'oauth');
      return withParams(
        state.referrer,
        {
          access_token: answer.access_token,
          expires_at: String(answer.expires_at),
          expires_in: String(answer.expires_in),
          provider_token: profile.accessToken,
          refresh_token: answer.refresh_token,
          token_type: 'bearer',
        },
        'fragment',
      );
    });
    return redirect(location, 303);
  } catch (error) {
    if (error instanceof AuthHttpError && error.status < 500) {
      return fail(error.status === 403 ? 'access_denied' : 'invalid_request', error.code, error.message);
    }
    const message = error instanceof Error ? error.message : String(error);
    ctx.log(`auth: Google sign-in failed: ${message}`);
    return fail('server_error', 'unexpected_failure', message);
  }
}
