/** POST /token?grant_type=…: dispatches to the grant types the local stack supports. */
import type { AuthContext, RequestContext } from '../context.ts';
import { badRequest } from '../errors.ts';
import { passwordGrant } from './grant-password.ts';
import { pkceGrant } from './grant-pkce.ts';
import { refreshTokenGrant } from './grant-refresh.ts';

const GRANTS = {
  password: passwordGrant,
  refresh_token: refreshTokenGrant,
  pkce: pkceGrant,
} as const;

export async function token(ctx: AuthContext, request: RequestContext): Promise<Response> {
  const grantType = request.url.searchParams.get('grant_type') ?? '';
  const grant = GRANTS[grantType as keyof typeof GRANTS];
  if (!grant) {
    throw badRequest(
      'unsupported_grant_type',
      `unsupported_grant_type: "${grantType}" is not supported here; use password, refresh_token or pkce.`,
    );
  }
  return grant(ctx, request);
}
