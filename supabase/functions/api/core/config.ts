/**
 * The api function's configuration: the only module that reads the environment. On Supabase the
 * platform provides SUPABASE_URL, SUPABASE_DB_URL and the keys; the local stack sets the same names.
 */
import { readStorageConfig, type StorageConfig } from '@lift3d/storage';
import type { ClientIpOptions } from './client-ip.ts';
import { corsOrigins } from './cors.ts';
import type { RequestLimits } from './request-limits.ts';

export interface ApiConfig {
  version: string;
  /** Postgres connection string: DATABASE_URL (Supabase's transaction pooler), else SUPABASE_DB_URL. */
  databaseUrl: string;
  /** HS256 secret of the auth server, when tokens are signed with a shared secret. */
  jwtSecret: string | null;
  /** Where to fetch the auth server's JWKS when tokens are signed asymmetrically. */
  jwksUrl: string | null;
  /** Expected `iss` of access tokens (null: not checked); default `${SUPABASE_URL}/auth/v1`, as hosted. */
  jwtIssuer: string | null;
  /** Expected `aud` of access tokens (JWT_AUDIENCE, default `authenticated`; null: not checked). */
  jwtAudience?: string | null;
  /** Local stack only: set when demo payments and other development features may run. */
  environment: 'development' | 'production';
  maxDbConnections: number;
  /**
   * How the database URL is pooled: 'transaction' (Supabase's transaction pooler on port 6543, pgbouncer in
   * transaction mode, the local stack's PGlite server) hands each transaction any server connection, so
   * no prepared statements; 'session' (a direct connection, the session pooler) keeps them. Absent: transaction.
   */
  dbPoolMode?: DbPoolMode;
  /** PayPal Orders v2, when PAYPAL_CLIENT_ID and PAYPAL_CLIENT_SECRET are set. */
  paypal: PayPalConfig | null;
  port: number;
  host: string;
  /** Browser origins allowed to call the api (SITE_URL's origin plus CORS_ORIGINS); none: same origin only. */
  corsOrigins?: string[];
  /** Where the client's address comes from (CLIENT_IP_HEADER, TRUSTED_PROXY_HOPS); see client-ip.ts. */
  clientIp?: Partial<ClientIpOptions>;
  /** Body size cap of the non-upload routes (defaults in request-limits.ts). */
  requestLimits?: Partial<RequestLimits>;
  /** What `/api/health` checks besides the database. */
  health?: HealthConfig;
  /** Uploads, results and signed file links of generations (absent: those routes answer 503). */
  generations?: GenerationsConfig;
  /** Share pages' HTML endpoint (GET /api/share/:slug/page); absent: that endpoint answers 503. */
  share?: ShareConfig;
  /** How /api/v1 fetches an `image_url` beyond the defaults of v1/fetch-image.ts. */
  imageUrl?: ImageUrlConfig;
  /** Webhook endpoints (absent: https and public addresses only). */
  webhooks?: WebhooksConfig;
}

interface ShareConfig {
  /** The SPA's public URL (SITE_URL): where index.html is fetched and what og:url names. */
  siteUrl: string | null;
  /** The api's public URL (PUBLIC_API_URL, else `${SUPABASE_URL}/functions/v1/api`), for og:image. */
  apiUrl: string | null;
}

interface ImageUrlConfig {
  timeoutMs?: number;
  maxRedirects?: number;
  /** IMAGE_URL_CA_FILE: extra trusted root certificates (PEM), for a local https test server. */
  caCerts?: string[];
  /** IMAGE_URL_TRUSTED_ORIGINS: origins that may resolve to non-public addresses; development only. */
  trustedOrigins?: string[];
}

interface WebhooksConfig {
  /** WEBHOOK_ALLOW_PRIVATE_TARGETS=1 (local stack, tests): also accept http and private addresses. */
  allowPrivateTargets: boolean;
}

export interface GenerationsConfig {
  /** From @lift3d/storage's reader, the worker's too (STORAGE, STORAGE_DIR, S3_*); null: not configured. */
  storage: StorageConfig | null;
  /** One image (MAX_UPLOAD_BYTES, default 25 MB). */
  maxImageBytes: number;
  /** A whole batch request. */
  maxRequestBytes: number;
  /** Images in one batch request. */
  maxBatch: number;
  /** Pixel budget of one image, read from its header before the charge (the engine's LIFT3D_MAX_INPUT_PIXELS). */
  maxInputPixels?: number;
  /** Signs file links (<img>/<video>/<a> cannot send a bearer token); null: links are not offered. */
  urlSecret: string | null;
  urlTtlSeconds: number;
  /**
   * S3 storage: file routes answer with a redirect to a presigned URL that lasts this long
   * (DOWNLOAD_URL_TTL_SECONDS, default 300) instead of passing the bytes through the function.
   */
  downloadUrlTtlSeconds?: number;
  /** S3 storage: how long a presigned upload URL of POST /api/uploads works (UPLOAD_URL_TTL_SECONDS, 300). */
  uploadUrlTtlSeconds?: number;
}

export const DOWNLOAD_URL_TTL_DEFAULT = 300;

export interface HealthConfig {
  /** Supabase Auth's `GET /auth/v1/health` (AUTH_HEALTH_URL, else from SUPABASE_URL); null: not checked. */
  authUrl: string | null;
  /** Sent as `apikey`, which Supabase's gateway asks for. */
  anonKey: string | null;
  /** A worker silent this long is not counted (WORKER_STALE_SECONDS; the workers' lease, 30 s). */
  workerStaleSeconds: number;
  /** Per check: a part slower than this counts as unreachable. */
  timeoutMs: number;
}

export const HEALTH_DEFAULTS = { workerStaleSeconds: 30, timeoutMs: 2000 };

export interface PayPalConfig {
  clientId: string;
  clientSecret: string;
  env: 'sandbox' | 'live';
  /** REST base URL: PayPal's for `env`, or PAYPAL_API_BASE (tests point it at a local stand-in). */
  apiBase: string;
  /** The webhook's id in the PayPal dashboard; every event is verified against it. */
  webhookId: string | null;
}

/** Which checkout the SPA shows: PayPal when configured, the demo card form only outside production. */
export function paymentsMode(config: Pick<ApiConfig, 'paypal' | 'environment'>): 'paypal' | 'demo' | 'none' {
  if (config.paypal) return 'paypal';
  return config.environment === 'development' ? 'demo' : 'none';
}

type Env = { get(name: string): string | undefined };

type DbPoolMode = 'transaction' | 'session';

/** DATABASE_POOL_MODE when set; else the URL's port says it: 6543 is Supabase's transaction pooler. */
function dbPoolMode(databaseUrl: string, explicit: string | undefined): DbPoolMode {
  if (explicit === 'transaction' || explicit === 'session') return explicit;
  if (explicit)
    throw new Error(`config: DATABASE_POOL_MODE must be transaction or session, not '${explicit}'`);
  let port = '';
  try {
    port = new URL(databaseUrl).port;
  } catch {
    // Not a URL (a libpq keyword string): nothing to read the port from.
  }
  return port === '6543' ? 'transaction' : 'session';
}

function presignTtl(name: string, value: string | undefined): number {
  if (value === undefined || value === '') return DOWNLOAD_URL_TTL_DEFAULT;
  // S3 refuses presigned URLs that last longer than a week.
  if (!/^\d+$/.test(value) || Number(value) < 1 || Number(value) > 604800) {
    throw new Error(`config: ${name} must be a whole number of seconds from 1 to 604800, not '${value}'`);
  }
  return Number(value);
}

function loadGenerations(env: Env, jwtSecret: string | null): GenerationsConfig {
  const maxImageBytes = Number(env.get('MAX_UPLOAD_BYTES') ?? 25 * 1024 * 1024);
  return {
    storage: readStorageConfig(env),
    maxImageBytes,
    maxRequestBytes: 2 * maxImageBytes,
    maxBatch: 10,
    maxInputPixels: Number(env.get('LIFT3D_MAX_INPUT_PIXELS') ?? 40_000_000),
    urlSecret: env.get('URL_SIGNING_SECRET') ?? jwtSecret ?? env.get('SUPABASE_SERVICE_ROLE_KEY') ?? null,
    urlTtlSeconds: 3600,
    downloadUrlTtlSeconds: presignTtl('DOWNLOAD_URL_TTL_SECONDS', env.get('DOWNLOAD_URL_TTL_SECONDS')),
    uploadUrlTtlSeconds: presignTtl('UPLOAD_URL_TTL_SECONDS', env.get('UPLOAD_URL_TTL_SECONDS')),
  };
}

function loadImageUrl(env: Env, development: boolean): ImageUrlConfig {
  const caFile = env.get('IMAGE_URL_CA_FILE');
  const trusted = (env.get('IMAGE_URL_TRUSTED_ORIGINS') ?? '')
    .split(',')
    .map((o) => o.trim())
    .filter(Boolean);
  if (trusted.length && !development) {
    throw new Error(
      'config: IMAGE_URL_TRUSTED_ORIGINS is for tests on the local stack only (LIFT3D_ENV=development)',
    );
  }
  return {
    timeoutMs: Number(env.get('IMAGE_URL_TIMEOUT_MS') ?? 15_000),
    caCerts: caFile ? [Deno.readTextFileSync(caFile)] : undefined,
    trustedOrigins: trusted,
  };
}

function loadPayPal(env: Env): PayPalConfig | null {
  const clientId = env.get('PAYPAL_CLIENT_ID');
  const clientSecret = env.get('PAYPAL_CLIENT_SECRET');
  if (!clientId || !clientSecret) return null;
  const mode = env.get('PAYPAL_ENV') === 'live' ? 'live' : 'sandbox';
  const apiBase =
    env.get('PAYPAL_API_BASE') ||
    (mode === 'live' ? 'https://api-m.paypal.com' : 'https://api-m.sandbox.paypal.com');
  return {
    clientId,
    clientSecret,
    env: mode,
    apiBase: apiBase.replace(/\/+$/, ''),
    webhookId: env.get('PAYPAL_WEBHOOK_ID') || null,
  };
}

export function loadConfig(env: Env): ApiConfig {
  // DATABASE_URL wins: on Supabase it names the transaction pooler (port 6543), which many function
  // instances can share; SUPABASE_DB_URL, set by the platform, is the fallback.
  const databaseUrl = env.get('DATABASE_URL') || env.get('SUPABASE_DB_URL');
  if (!databaseUrl) throw new Error('config: DATABASE_URL (or SUPABASE_DB_URL) is required');
  const supabaseUrl = env.get('SUPABASE_URL')?.replace(/\/+$/, '') ?? null;
  const jwtSecret = env.get('JWT_SECRET') ?? env.get('SUPABASE_JWT_SECRET') ?? null;
  return {
    version: env.get('LIFT3D_VERSION') ?? '0.1.0',
    databaseUrl,
    jwtSecret,
    jwksUrl: jwtSecret ? null : supabaseUrl ? `${supabaseUrl}/auth/v1/.well-known/jwks.json` : null,
    jwtIssuer: env.get('JWT_ISSUER') ?? (supabaseUrl ? `${supabaseUrl}/auth/v1` : null),
    jwtAudience: env.get('JWT_AUDIENCE') ?? 'authenticated',
    environment: env.get('LIFT3D_ENV') === 'development' ? 'development' : 'production',
    // One request holds one connection for its transaction; an Edge Function instance serves few at once.
    maxDbConnections: Math.min(Math.max(Number(env.get('DB_MAX_CONNECTIONS') ?? 2) || 2, 1), 10),
    dbPoolMode: dbPoolMode(databaseUrl, env.get('DATABASE_POOL_MODE')),
    paypal: loadPayPal(env),
    generations: loadGenerations(env, jwtSecret),
    imageUrl: loadImageUrl(env, env.get('LIFT3D_ENV') === 'development'),
    webhooks: { allowPrivateTargets: env.get('WEBHOOK_ALLOW_PRIVATE_TARGETS') === '1' },
    corsOrigins: corsOrigins(env.get('SITE_URL'), env.get('CORS_ORIGINS')),
    share: {
      siteUrl: env.get('SITE_URL')?.replace(/\/+$/, '') || null,
      apiUrl:
        env.get('PUBLIC_API_URL')?.replace(/\/+$/, '') ||
        (supabaseUrl ? `${supabaseUrl}/functions/v1/api` : null),
    },
    clientIp: {
      header: env.get('CLIENT_IP_HEADER') || 'x-forwarded-for',
      trustedHops: Math.max(0, Number(env.get('TRUSTED_PROXY_HOPS') ?? 0) || 0),
    },
    requestLimits: { maxBodyBytes: Number(env.get('MAX_JSON_BYTES') ?? 256 * 1024) },
    port: Number(env.get('PORT') ?? 8000),
    host: env.get('HOST') ?? '0.0.0.0',
    health: {
      authUrl: env.get('AUTH_HEALTH_URL') ?? (supabaseUrl ? `${supabaseUrl}/auth/v1/health` : null),
      anonKey: env.get('SUPABASE_ANON_KEY') ?? null,
      workerStaleSeconds: Number(env.get('WORKER_STALE_SECONDS') ?? HEALTH_DEFAULTS.workerStaleSeconds),
      timeoutMs: HEALTH_DEFAULTS.timeoutMs,
    },
  };
}
