/**
 * The api function's configuration: the only module that reads the environment. On Supabase the
 * platform provides SUPABASE_URL, SUPABASE_DB_URL and the keys; the local stack sets the same names.
 */
export interface ApiConfig {
  version: string;
  /** Postgres connection string (Supabase: SUPABASE_DB_URL, pooler in transaction mode). */
  databaseUrl: string;
  /** HS256 secret of the auth server, when tokens are signed with a shared secret. */
  jwtSecret: string | null;
  /** Where to fetch the auth server's JWKS when tokens are signed asymmetrically. */
  jwksUrl: string | null;
  /** Expected `iss` of access tokens (null: not checked). */
  jwtIssuer: string | null;
  /** Local stack only: set when demo payments and other development features may run. */
  environment: 'development' | 'production';
  maxDbConnections: number;
  port: number;
  host: string;
}

type Env = { get(name: string): string | undefined };

export function loadConfig(env: Env): ApiConfig {
  const databaseUrl = env.get('SUPABASE_DB_URL') ?? env.get('DATABASE_URL');
  if (!databaseUrl) throw new Error('config: SUPABASE_DB_URL (or DATABASE_URL) is required');
  const supabaseUrl = env.get('SUPABASE_URL') ?? null;
  const jwtSecret = env.get('JWT_SECRET') ?? env.get('SUPABASE_JWT_SECRET') ?? null;
  return {
    version: env.get('LIFT3D_VERSION') ?? '0.1.0',
    databaseUrl,
    jwtSecret,
    jwksUrl: jwtSecret ? null : supabaseUrl ? `${supabaseUrl}/auth/v1/.well-known/jwks.json` : null,
    jwtIssuer: env.get('JWT_ISSUER') ?? null,
    environment: env.get('LIFT3D_ENV') === 'development' ? 'development' : 'production',
    maxDbConnections: Number(env.get('DB_MAX_CONNECTIONS') ?? 5),
    port: Number(env.get('PORT') ?? 8000),
    host: env.get('HOST') ?? '0.0.0.0',
  };
}
