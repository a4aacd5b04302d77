/** Wires the local auth server into the stack: keys, database pool, and mail through the outbox. */
import postgres from 'postgres';
import { createApiKeys } from './auth/api-keys.ts';
import { type AuthApp, createAuthApp } from './auth/index.ts';
import type { LocalConfig } from './config.ts';
import type { Log } from './log.ts';

export interface AuthStack {
  keys: { anonKey: string; serviceRoleKey: string };
  app: AuthApp;
  stop(): Promise<void>;
}

export async function createAuthStack(
  config: LocalConfig,
  databaseUrl: string,
  log: Log,
): Promise<AuthStack> {
  const keys = await createApiKeys(config.jwtSecret);
  const sql = postgres(databaseUrl, { max: 4, prepare: false, onnotice: () => {} });
  const origins = [`http://localhost:${config.port}`, `http://127.0.0.1:${config.port}`];
  const app = createAuthApp({
    sql,
    config: {
      jwtSecret: config.jwtSecret,
      jwtExpirySeconds: config.jwtExpirySeconds,
      siteUrl: config.siteUrl,
      externalUrl: `${config.siteUrl}/auth/v1`,
      anonKey: keys.anonKey,
      serviceRoleKey: keys.serviceRoleKey,
      google: config.google,
      nodeEnv: config.nodeEnv,
      additionalRedirectUrls: origins.map((o) => `${o}/**`),
      rateLimits: { signInSignUps: { limit: config.authSignInLimit, windowSeconds: 300 } },
    },
    // Mail leaves through the outbox like every other message, so it survives an SMTP outage.
    mailer: async (mail) => {
      await sql`select public.queue_mail(${mail.to}, ${mail.subject}, ${mail.text}, ${mail.html ?? null}, 'auth')`;
      log(`queued "${mail.subject}" for ${mail.to}`);
    },
    log,
  });
  return { keys, app, stop: () => sql.end({ timeout: 5 }) };
}
