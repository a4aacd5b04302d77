/**
 * The OAuth `state` parameter, as GoTrue makes it: a short-lived HS256 JWT naming the provider, where to
 * send the browser afterwards and the server-side rows of this attempt (the upstream PKCE verifier and,
 * for PKCE clients, the flow state). Signed, so a tampered state is refused; the referenced client-state
 * row is deleted on use, so a replayed state is refused too.
 */
import { jwtVerify, SignJWT } from 'jose';
import type { AuthContext } from './context.ts';
import { badRequest } from './errors.ts';

export interface OAuthState {
  provider: string;
  referrer: string;
  oauth_client_state_id: string;
  flow_state_id: string | null;
}

export async function signState(ctx: AuthContext, state: OAuthState): Promise<string> {
  return new SignJWT({ ...state, site_url: ctx.config.siteUrl })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setIssuedAt()
    .setExpirationTime(Math.floor(Date.now() / 1000) + ctx.config.flowStateExpirySeconds)
    .sign(ctx.secret);
}

export async function verifyState(ctx: AuthContext, token: string | null): Promise<OAuthState> {
  if (!token) throw badRequest('bad_oauth_callback', 'OAuth state parameter missing');
  try {
    const { payload } = await jwtVerify(token, ctx.secret, { algorithms: ['HS256'] });
    if (typeof payload.oauth_client_state_id !== 'string' || typeof payload.referrer !== 'string')
      throw new Error('incomplete');
    return {
      provider: String(payload.provider),
      referrer: payload.referrer,
      oauth_client_state_id: payload.oauth_client_state_id,
      flow_state_id: typeof payload.flow_state_id === 'string' ? payload.flow_state_id : null,
    };
  } catch {
    throw badRequest(
      'bad_oauth_state',
      'OAuth callback with invalid state: start the sign-in again from the app.',
    );
  }
}
