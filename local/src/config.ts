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
  /**
   * HS256 secret shared by the auth server (signs) and the api function (verifies). Empty until
   * withSecrets() (secrets.ts) fills it from DATA_DIR/secrets.json when JWT_SECRET is not set.
   */
  jwtSecret: string;
  /** Signs download, poster and video links; like jwtSecret, from URL_SIGNING_SECRET or the data folder. */
  urlSigningSecret: string;
  jwtExpirySeconds: number;
  anonKey: string;
  serviceRoleKey: string;
  siteUrl: string;
  google: { issuer: string; clientId: string; clientSecret: string } | null;
  paypal: { clientId: string; clientSecret: string; env: 'sandbox' | 'live'; apiBase: string | null } | null;
  smtpUrl: string | null;
  mailFrom: string;
  /**
   * The local inbox (MailDev) that catches the outbox's mail, served at /mail/. Off when SMTP_URL names a
   * real server, MAIL_INBOX=0, or the stack listens beyond loopback without MAIL_INBOX=1; a port of 0 is a
   * free one picked at start.
   */
  mailCatcher: { smtpPort: number; webPort: number } | null;
  startWorker: boolean;
  /** Sign-ins and sign-ups per IP per 5 minutes (Supabase's default 30; browser tests raise it). */
  authSignInLimit: number;
  nodeEnv: string;
  /**
   * STORAGE=s3: uploads and results in an S3 bucket instead of DATA_DIR/storage. `env` (STORAGE and the
   * S3_* settings) goes to the api function and the worker; `origin` is where browsers PUT photos and fetch
   * downloads (allowed by the page's connect-src). The bucket must exist and allow the site's origin (CORS).
   */
  s3: { env: Record<string, string>; origin: string } | null;
  /** A hosted Supabase project (SUPABASE_URL + SUPABASE_SERVICE_ROLE_KEY), for tools such as admin:create. */
  supabase: { url: string; serviceRoleKey: string } | null;
}

const S3_SETTINGS = [
  'S3_BUCKET',
  'S3_REGION',
  'S3_ENDPOINT',
  'S3_ACCESS_KEY_ID',
  'S3_SECRET_ACCESS_KEY',
  'S3_FORCE_PATH_STYLE',
] as const;

function s3Storage(env: NodeJS.ProcessEnv): LocalConfig['s3'] {
  if (env.STORAGE !== 's3') return null;
  const settings: Record<string, string> = { STORAGE: 's3' };
  for (const name of S3_SETTINGS) if (env[name]) settings[name] = env[name];
  // The same defaults as @lift3d/storage's reader.
  const bucket = env.S3_BUCKET || 'lift3d';
  const base = new URL(env.S3_ENDPOINT || `https://s3.${env.S3_REGION || 'us-east-1'}.amazonaws.com`);
  const origin = env.S3_FORCE_PATH_STYLE === '0' ? `${base.protocol}//${bucket}.${base.host}` : base.origin;
  return { env: settings, origin };
}

export function isLoopback(host: string): boolean {
  return host === 'localhost' || host === '::1' || /^127\.\d+\.\d+\.\d+$/.test(host);
}

/**
 * The inbox shows every mail to whoever opens it, password reset links included: on by default only while
 * the stack listens on loopback alone (MAIL_INBOX=1 opens it beyond, MAIL_INBOX=0 turns it off).
 */
function mailCatcher(env: NodeJS.ProcessEnv): LocalConfig['mailCatcher'] {
  if (env.SMTP_URL || env.MAIL_INBOX === '0') return null;
  if (!isLoopback(env.HOST ?? '127.0.0.1') && env.MAIL_INBOX !== '1') return null;
  return { smtpPort: Number(env.MAIL_INBOX_SMTP_PORT ?? 0), webPort: Number(env.MAIL_INBOX_WEB_PORT ?? 0) };
}

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
    jwtSecret: env.JWT_SECRET ?? '',
    urlSigningSecret: env.URL_SIGNING_SECRET ?? '',
    jwtExpirySeconds: Number(env.JWT_EXPIRY ?? 3600),
    anonKey: '',
    serviceRoleKey: '',
    siteUrl: env.SITE_URL ?? `http://localhost:${port}`,
    google,
    paypal,
    smtpUrl: env.SMTP_URL || null,
    mailFrom: env.MAIL_FROM ?? 'Lift3D <no-reply@lift3d.local>',
    mailCatcher: mailCatcher(env),
    startWorker: env.START_WORKER !== '0',
    authSignInLimit: Number(env.AUTH_SIGN_IN_LIMIT ?? 30),
    nodeEnv: env.NODE_ENV ?? 'development',
    s3: s3Storage(env),
    supabase:
      env.SUPABASE_URL && env.SUPABASE_SERVICE_ROLE_KEY
        ? { url: env.SUPABASE_URL.replace(/\/+$/, ''), serviceRoleKey: env.SUPABASE_SERVICE_ROLE_KEY }
        : null,
  };
}
