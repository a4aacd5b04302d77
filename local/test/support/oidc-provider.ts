/**
 * A real OpenID provider for tests (oidc-provider) on 127.0.0.1, standing in for Google: one confidential
 * client, one account whose claims the test chooses, and a tiny interaction handler that logs that account
 * in and grants consent without a page, so a test can drive the whole redirect dance with fetch.
 */
import { generateKeyPairSync, randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { ProviderInstance } from 'oidc-provider';

interface OidcAccount {
  sub: string;
  email: string;
  email_verified: boolean;
  name: string;
}

export interface TestOidcProvider {
  issuer: string;
  clientId: string;
  clientSecret: string;
  /** The account the next login signs in as. */
  account: OidcAccount;
  stop(): Promise<void>;
}

export interface OidcProviderOptions {
  redirectUri: string;
  account: OidcAccount;
  /** Put e-mail and name in the ID token as Google does (default), or only serve them from userinfo. */
  profileInIdToken?: boolean;
}

export async function startOidcProvider(options: OidcProviderOptions): Promise<TestOidcProvider> {
  const { default: Provider } = await import('oidc-provider');
  const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const jwk = { ...privateKey.export({ format: 'jwk' }), kid: 'test-key', alg: 'RS256', use: 'sig' };
  const clientId = 'lift3d-test-client';
  const clientSecret = randomBytes(24).toString('hex');

  let provider: ProviderInstance | null = null;
  const state = { account: options.account };
  const server: Server = createServer((req, res) => {
    if (!provider) {
      res.writeHead(503).end();
      return;
    }
    if (req.url?.startsWith('/interaction/')) {
      interact(provider, req, res).catch((error: Error) => {
        res.writeHead(500, { 'content-type': 'text/plain' }).end(`interaction failed: ${error.message}`);
      });
      return;
    }
    provider.callback()(req, res);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  async function interact(p: ProviderInstance, req: IncomingMessage, res: ServerResponse) {
    const details = await p.interactionDetails(req, res);
    if (details.prompt.name === 'login') {
      await p.interactionFinished(
        req,
        res,
        { login: { accountId: state.account.sub } },
        { mergeWithLastSubmission: false },
      );
      return;
    }
    const grant = new p.Grant({ accountId: state.account.sub, clientId: details.params.client_id });
    grant.addOIDCScope(details.params.scope ?? 'openid email profile');
    const grantId = await grant.save();
    await p.interactionFinished(req, res, { consent: { grantId } }, { mergeWithLastSubmission: true });
  }

  provider = new Provider(issuer, {
    clients: [
      {
        client_id: clientId,
        client_secret: clientSecret,
        redirect_uris: [options.redirectUri],
        response_types: ['code'],
        grant_types: ['authorization_code'],
        token_endpoint_auth_method: 'client_secret_post',
      },
    ],
    async findAccount(_ctx: unknown, id: string) {
      if (id !== state.account.sub) return undefined;
      return { accountId: id, claims: async () => ({ ...state.account }) };
    },
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name'] },
    // Google puts the profile claims in the ID token; so does this stand-in.
    conformIdTokenClaims: options.profileInIdToken === false,
    features: { devInteractions: { enabled: false } },
    interactions: { url: (_ctx: unknown, interaction: { uid: string }) => `/interaction/${interaction.uid}` },
    jwks: { keys: [jwk] },
    cookies: { keys: [randomBytes(16).toString('hex')] },
    pkce: { required: () => true },
    ttl: {
      Interaction: 600,
      Session: 3600,
      Grant: 3600,
      AccessToken: 600,
      IdToken: 600,
      AuthorizationCode: 60,
    },
  });

  return {
    issuer,
    clientId,
    clientSecret,
    get account() {
      return state.account;
    },
    set account(value: OidcAccount) {
      state.account = value;
    },
    stop: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}
