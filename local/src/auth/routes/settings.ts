/** GET /settings and GET /health: what Supabase Auth reports about itself. */
import type { AuthContext, RequestContext } from '../context.ts';
import { json } from '../http.ts';

export async function settings(ctx: AuthContext, _request: RequestContext): Promise<Response> {
  return json(200, {
    external: {
      anonymous_users: false,
      email: true,
      phone: false,
      google: ctx.config.google !== null,
    },
    disable_signup: false,
    mailer_autoconfirm: true,
    phone_autoconfirm: false,
    sms_provider: '',
    saml_enabled: false,
  });
}

export async function health(_ctx: AuthContext, _request: RequestContext): Promise<Response> {
  return json(200, {
    version: 'local',
    name: 'GoTrue',
    description: 'Lift3D local stand-in for Supabase Auth (development only)',
  });
}

/** HS256 projects publish no public keys; supabase-js then verifies tokens through GET /user. */
export async function jwks(_ctx: AuthContext, _request: RequestContext): Promise<Response> {
  return json(200, { keys: [] });
}
