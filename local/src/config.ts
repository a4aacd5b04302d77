/**
 * The local stack's configuration: the only module of `local/` that reads `process.env`.
 * Everything else receives a typed `LocalConfig`.
 */
import { resolve } from 'node:path';

export interface LocalConfig {
  port: number;
  host: string;
  dataDir: string;
  /** The built SPA to serve (default ./dist). */
  distDir: string;
  /** External PostgreSQL instead of the embedded PGlite. */
  databaseUrl: string | null;
  /** HS256 secret shared by the auth server (signs) and the api function (verifies). */
  jwtSecret: string;
  jwtExpirySeconds: number;
  anonKey: string;
  serviceRoleKey: string;
  siteUrl: string;
  google: { issuer: string; clientId: string; clientSecret: string } | null;
  paypal: { clientId: string; clientSecret: string; env: 'sandbox' | 'live'; apiBase: string | null } | null;
  smtpUrl: string | null;
  mailFrom: string;
  startWorker: boolean;
  /** Sign-ins and sign-ups per IP per 5 minutes (Supabase's default 30; browser tests raise it). */
  authSignInLimit: number;
  nodeEnv: string;
  /** A hosted Supabase project (SUPABASE_URL + SUPABASE_SERVICE_ROLE_KEY), for tools such as admin:create. */
  supabase: { url: string; serviceRoleKey: string } | null;
}

/** A fixed development secret: the local stack refuses production, so it never protects real data. */
const DEV_JWT_SECRET = 'lift3d-local-development-jwt-secret-not-for-production';

export function loadConfig(env: NodeJS.ProcessEnv = process.env): LocalConfig {
  const port = Number(env.PORT ?? 3000);
  const google =
    env.GOOGLE_CLIENT_ID && env.GOOGLE_CLIENT_SECRET
      ? {
          issuer: env.GOOGLE_ISSUER ?? 'https://accounts.google.com',
          clientId: env.GOOGLE_CLIENT_ID,
          clientSecret: env.GOOGLE_CLIENT_SECRET,
        }
      : null;
  const paypal =
    env.PAYPAL_CLIENT_ID && env.PAYPAL_CLIENT_SECRET
      ? {
          clientId: env.PAYPAL_CLIENT_ID,
          clientSecret: env.PAYPAL_CLIENT_SECRET,
          env: env.PAYPAL_ENV === 'live' ? ('live' as const) : ('sandbox' as const),
          apiBase: env.PAYPAL_API_BASE ?? null,
        }
      : null;
  return {
    port,
    host: env.HOST ?? '127.0.0.1',
    dataDir: resolve(env.DATA_DIR ?? './data'),
    distDir: resolve(env.DIST_DIR ?? './dist'),
    databaseUrl: env.DATABASE_URL || null,
    jwtSecret: env.JWT_SECRET ?? DEV_JWT_SECRET,
    jwtExpirySeconds: Number(env.JWT_EXPIRY ?? 3600),
    anonKey: '',
    serviceRoleKey: '',
    siteUrl: env.SITE_URL ?? `http://localhost:${port}`,
    google,
    paypal,
    smtpUrl: env.SMTP_URL || null,
    mailFrom: env.MAIL_FROM ?? 'Lift3D <no-reply@lift3d.local>',
    startWorker: env.START_WORKER !== '0',
    authSignInLimit: Number(env.AUTH_SIGN_IN_LIMIT ?? 30),
    nodeEnv: env.NODE_ENV ?? 'development',
    supabase:
      env.SUPABASE_URL && env.SUPABASE_SERVICE_ROLE_KEY
        ? { url: env.SUPABASE_URL.replace(/\/+$/, ''), serviceRoleKey: env.SUPABASE_SERVICE_ROLE_KEY }
        : null,
  };
}
