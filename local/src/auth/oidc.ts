/**
 * The upstream OpenID provider behind "Sign in with Google" (Google itself in real use; any OpenID
 * provider by configuration, e.g. a local oidc-provider in tests). Discovery runs on first use and is
 * cached; a failed discovery is retried on the next sign-in instead of being remembered.
 */
import * as client from 'openid-client';
import type { OidcProviderConfig } from './config.ts';
import { AuthHttpError } from './errors.ts';

export interface ProviderProfile {
  sub: string;
  email: string | null;
  emailVerified: boolean;
  claims: Record<string, unknown>;
  accessToken: string;
  refreshToken: string | null;
}

export class OidcClients {
  private discovered: Promise<client.Configuration> | null = null;

  constructor(readonly google: OidcProviderConfig | null) {}

  private configuration(): Promise<client.Configuration> {
    const provider = this.google;
    if (!provider)
      throw new AuthHttpError(400, 'provider_disabled', 'Unsupported provider: provider is not enabled');
    if (!this.discovered) {
      const issuer = new URL(provider.issuer);
      this.discovered = client
        .discovery(issuer, provider.clientId, undefined, client.ClientSecretPost(provider.clientSecret), {
          // Plain http only ever appears with a local test provider; Google's issuer is https.
          execute: issuer.protocol === 'http:' ? [client.allowInsecureRequests] : [],
        })
        .catch((error: Error) => {
          this.discovered = null;
          throw new AuthHttpError(
            502,
            'unexpected_failure',
            `auth: the OpenID provider at ${provider.issuer} could not be reached: ${error.message}`,
          );
        });
    }
    return this.discovered;
  }

  async authorizationUrl(options: {
    redirectUri: string;
    state: string;
    codeVerifier: string;
    scopes: string;
  }): Promise<URL> {
    const config = await this.configuration();
    return client.buildAuthorizationUrl(config, {
      redirect_uri: options.redirectUri,
      scope: options.scopes,
      state: options.state,
      code_challenge: await client.calculatePKCECodeChallenge(options.codeVerifier),
      code_challenge_method: 'S256',
    });
  }

  async exchange(options: {
    callbackUrl: URL;
    redirectUri: string;
    state: string;
    codeVerifier: string;
  }): Promise<ProviderProfile> {
    const config = await this.configuration();
    let tokens: Awaited<ReturnType<typeof client.authorizationCodeGrant>>;
    try {
      tokens = await client.authorizationCodeGrant(
        config,
        options.callbackUrl,
        { pkceCodeVerifier: options.codeVerifier, expectedState: options.state, idTokenExpected: true },
        { redirect_uri: options.redirectUri },
      );
    } catch (error) {
      throw new AuthHttpError(
        400,
        'bad_oauth_callback',
        `Unable to exchange external code: ${(error as Error).message}`,
      );
    }
    let claims = (tokens.claims() ?? {}) as Record<string, unknown>;
    if (typeof claims.sub !== 'string' || !claims.sub) {
      throw new AuthHttpError(
        400,
        'bad_oauth_callback',
        'The provider returned an ID token without a subject.',
      );
    }
    // Providers that keep profile claims out of the ID token serve them from userinfo.
    if (typeof claims.email !== 'string' && config.serverMetadata().userinfo_endpoint) {
      const userinfo = await client.fetchUserInfo(config, tokens.access_token, claims.sub);
      claims = { ...userinfo, ...claims };
    }
    return {
      sub: claims.sub as string,
      email: typeof claims.email === 'string' ? claims.email.toLowerCase() : null,
      emailVerified: claims.email_verified === true || claims.email_verified === 'true',
      claims,
      accessToken: tokens.access_token,
      refreshToken: tokens.refresh_token ?? null,
    };
  }
}
