/**
 * Options of the local auth server. The lead's `local/src/config.ts` reads the environment; this module
 * only fills in Supabase Auth's defaults (`supabase/config.toml` [auth]) for what was left out.
 */
export interface RateLimit {
  /** Requests allowed per window. */
  limit: number;
  windowSeconds: number;
}

interface RateLimits {
  /** Sign-up and password / PKCE sign-in per IP (Supabase: 30 per 5 minutes). */
  signInSignUps: RateLimit;
  /** Refresh-token grants per IP (Supabase: 150 per 5 minutes). */
  tokenRefresh: RateLimit;
  /** OTP / recovery-link verifications per IP (Supabase: 30 per 5 minutes). */
  tokenVerifications: RateLimit;
  /** E-mails sent by the server, all addresses together (Supabase with custom SMTP: 30 per hour). */
  emailSent: RateLimit;
  /**
   * Wrong passwords per account and source address (sign-in and the current password of a change): the
   * guesser's address is locked out of that account, not the owner, who signs in from another. Only misses
   * count.
   */
  passwordFailuresPerAccount: RateLimit;
  /**
   * Wrong passwords per account from all addresses together: stops guessing spread over many addresses,
   * high enough that one guesser cannot lock the owner out.
   */
  passwordFailuresPerAccountAllSources: RateLimit;
}

export interface OidcProviderConfig {
  issuer: string;
  clientId: string;
  clientSecret: string;
}

export interface AuthConfig {
  jwtSecret: string;
  jwtExpirySeconds: number;
  /** The SPA's URL: default redirect target and base of e-mailed links' `redirect_to`. */
  siteUrl: string;
  /** Public URL of this server including `/auth/v1` (e.g. http://localhost:3000/auth/v1): JWT `iss`, callback. */
  externalUrl: string;
  anonKey: string;
  serviceRoleKey: string;
  /** Google sign-in (any OpenID provider in tests); null hides the provider. */
  google: OidcProviderConfig | null;
  nodeEnv: string;
  /** Extra allowed `redirect_to` targets (`*` and `**` globs, like Supabase's additional_redirect_urls). */
  additionalRedirectUrls?: string[];
  rateLimits?: Partial<RateLimits>;
  /** Seconds a rotated refresh token may still be presented (Supabase: 10). */
  refreshTokenReuseIntervalSeconds?: number;
  minimumPasswordLength?: number;
  /** GOTRUE_SECURITY_UPDATE_PASSWORD_REQUIRE_CURRENT_PASSWORD: PUT /user needs `current_password`. */
  updatePasswordRequireCurrentPassword?: boolean;
  /** Refuse the shipped list of common and breached passwords (Supabase hosted: leaked-password check). */
  rejectCommonPasswords?: boolean;
  /** Seconds a recovery token stays valid (Supabase: 3600). */
  otpExpirySeconds?: number;
  /** Minimum seconds between two recovery mails to one user (Supabase hosted: 60). */
  emailMaxFrequencySeconds?: number;
  /** Seconds between the OAuth redirect and the code exchange (Supabase: 300). */
  flowStateExpirySeconds?: number;
  /** `schema.function` called as the custom access token hook, or null to skip it. */
  customAccessTokenHook?: string | null;
  /** Use the first X-Forwarded-For address as the client IP (only behind a trusted proxy). */
  trustForwardedFor?: boolean;
}

const DEFAULTS = {
  additionalRedirectUrls: [] as string[],
  rateLimits: {
    signInSignUps: { limit: 30, windowSeconds: 300 },
    tokenRefresh: { limit: 150, windowSeconds: 300 },
    tokenVerifications: { limit: 30, windowSeconds: 300 },
    emailSent: { limit: 30, windowSeconds: 3600 },
    passwordFailuresPerAccount: { limit: 10, windowSeconds: 900 },
    passwordFailuresPerAccountAllSources: { limit: 100, windowSeconds: 900 },
  } satisfies RateLimits,
  updatePasswordRequireCurrentPassword: true,
  rejectCommonPasswords: true,
  refreshTokenReuseIntervalSeconds: 10,
  minimumPasswordLength: 6,
  otpExpirySeconds: 3600,
  emailMaxFrequencySeconds: 60,
  flowStateExpirySeconds: 300,
  customAccessTokenHook: 'public.custom_access_token_hook' as string | null,
  trustForwardedFor: false,
};

export type ResolvedAuthConfig = Required<Omit<AuthConfig, 'rateLimits'>> & { rateLimits: RateLimits };

export function resolveAuthConfig(config: AuthConfig): ResolvedAuthConfig {
  if (config.nodeEnv === 'production') {
    throw new Error(
      'auth: the local auth server refuses to run with NODE_ENV=production; deploy to Supabase and use Supabase Auth instead.',
    );
  }
  if (!config.jwtSecret || config.jwtSecret.length < 32) {
    throw new Error('auth: jwtSecret must be at least 32 characters (Supabase requires the same).');
  }
  for (const [name, value] of [
    ['siteUrl', config.siteUrl],
    ['externalUrl', config.externalUrl],
  ] as const) {
    if (!URL.canParse(value)) throw new Error(`auth: ${name} must be an absolute URL, got "${value}".`);
  }
  if (!config.anonKey || !config.serviceRoleKey) {
    throw new Error(
      'auth: anonKey and serviceRoleKey are required (make them with createApiKeys(jwtSecret)).',
    );
  }
  const hook =
    config.customAccessTokenHook === undefined
      ? DEFAULTS.customAccessTokenHook
      : config.customAccessTokenHook;
  if (hook !== null && !/^[a-z_][a-z0-9_]*\.[a-z_][a-z0-9_]*$/.test(hook)) {
    throw new Error(`auth: customAccessTokenHook must look like "schema.function", got "${hook}".`);
  }
  return {
    ...config,
    externalUrl: config.externalUrl.replace(/\/+$/, ''),
    siteUrl: config.siteUrl.replace(/\/+$/, ''),
    additionalRedirectUrls: config.additionalRedirectUrls ?? DEFAULTS.additionalRedirectUrls,
    rateLimits: { ...DEFAULTS.rateLimits, ...config.rateLimits },
    refreshTokenReuseIntervalSeconds:
      config.refreshTokenReuseIntervalSeconds ?? DEFAULTS.refreshTokenReuseIntervalSeconds,
    minimumPasswordLength: Math.max(6, config.minimumPasswordLength ?? DEFAULTS.minimumPasswordLength),
    otpExpirySeconds: config.otpExpirySeconds ?? DEFAULTS.otpExpirySeconds,
    emailMaxFrequencySeconds: config.emailMaxFrequencySeconds ?? DEFAULTS.emailMaxFrequencySeconds,
    flowStateExpirySeconds: config.flowStateExpirySeconds ?? DEFAULTS.flowStateExpirySeconds,
    customAccessTokenHook: hook,
    trustForwardedFor: config.trustForwardedFor ?? DEFAULTS.trustForwardedFor,
    updatePasswordRequireCurrentPassword:
      config.updatePasswordRequireCurrentPassword ?? DEFAULTS.updatePasswordRequireCurrentPassword,
    rejectCommonPasswords: config.rejectCommonPasswords ?? DEFAULTS.rejectCommonPasswords,
  };
}
