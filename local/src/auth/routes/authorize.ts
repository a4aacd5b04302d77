/**
 * GET /authorize?provider=google&redirect_to=…[&code_challenge=…&code_challenge_method=s256][&scopes=…]
 * → 302 to the OpenID provider's authorization endpoint. The provider returns to `{externalUrl}/callback`.
 */
import { randomUUID } from 'node:crypto';
import * as client from 'openid-client';
import type { AuthContext, RequestContext } from '../context.ts';
import { badRequest } from '../errors.ts';
import { json, redirect } from '../http.ts';
import { signState } from '../oauth-state.ts';
import { resolveRedirect } from '../redirect.ts';
import { readCodeChallenge } from './recover.ts';

const BASE_SCOPES = ['openid', 'email', 'profile'];

export async function authorize(ctx: AuthContext, request: RequestContext): Promise<Response> {
  const params = request.url.searchParams;
  const provider = params.get('provider') ?? '';
  if (provider !== 'google') {
    throw badRequest(
      'validation_failed',
      `Unsupported provider: "${provider}" is not supported here (use google)`,
    );
  }
  if (!ctx.config.google)
    throw badRequest('provider_disabled', 'Unsupported provider: provider is not enabled');
  const pkce = readCodeChallenge(
    params.get('code_challenge') ?? undefined,
    params.get('code_challenge_method') ?? undefined,
  );
  const referrer = resolveRedirect(ctx.config, params.get('redirect_to'));
  const extraScopes = (params.get('scopes') ?? '').split(/[\s,]+/).filter(Boolean);
  const scopes = [...new Set([...BASE_SCOPES, ...extraScopes])].join(' ');

  const codeVerifier = client.randomPKCECodeVerifier();
  const clientStateId = randomUUID();
  const flowStateId = pkce ? randomUUID() : null;
  await ctx.sql.begin(async (tx) => {
    await tx.unsafe(
      `insert into auth.oauth_client_states (id, provider_type, code_verifier, created_at) values ($1, 'google', $2, now())`,
      [clientStateId, codeVerifier],
    );
    // Old attempts that never came back are of no use to anyone.
    await tx.unsafe(`delete from auth.oauth_client_states where created_at < now() - interval '1 day'`);
    if (pkce && flowStateId) {
      await tx.unsafe(
        `insert into auth.flow_state (id, auth_code, code_challenge_method, code_challenge, provider_type,
            authentication_method, created_at, updated_at)
         values ($1, $2, $3::auth.code_challenge_method, $4, 'google', 'oauth', now(), now())`,
        [flowStateId, randomUUID(), pkce.method, pkce.challenge],
      );
    }
  });
  const state = await signState(ctx, {
    provider: 'google',
    referrer,
    oauth_client_state_id: clientStateId,
    flow_state_id: flowStateId,
  });
  const url = await ctx.oidc.authorizationUrl({
    redirectUri: `${ctx.config.externalUrl}/callback`,
    state,
    codeVerifier,
    scopes,
  });
  if (params.get('skip_http_redirect') === 'true') {
    return json(200, { url: url.toString() });
  }
  return redirect(url.toString(), 302);
}
