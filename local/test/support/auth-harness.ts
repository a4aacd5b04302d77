/**
 * Runs the auth server the way the gateway mounts it (under /auth/v1, prefix stripped) on 127.0.0.1:0,
 * and makes supabase-js clients for it. Mails are captured instead of sent.
 */
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createAdaptorServer } from '@hono/node-server';
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import { Hono } from 'hono';
import { WebSocket } from 'ws';
import {
  type AuthApp,
  type AuthConfig,
  createApiKeys,
  createAuthApp,
  type MailMessage,
} from '../../src/auth/index.ts';
import type { TestDatabase } from './databases.ts';

export const TEST_JWT_SECRET = 'lift3d-auth-tests-jwt-secret-0123456789abcdef';

export interface AuthServer {
  /** What supabase-js is given (`supabaseUrl`). */
  url: string;
  /** `{url}/auth/v1`. */
  authUrl: string;
  anonKey: string;
  serviceRoleKey: string;
  mails: MailMessage[];
  logs: string[];
  client(options?: { flowType?: 'implicit' | 'pkce' }): SupabaseClient;
  admin(): SupabaseClient;
  stop(): Promise<void>;
}

export interface AuthServerOptions {
  config?: Partial<AuthConfig>;
  /** Called once the port is known, before the handler is made (e.g. to start an OpenID provider). */
  prepare?: (urls: { url: string; authUrl: string }) => Promise<Partial<AuthConfig>>;
}

export async function startAuthServer(
  db: TestDatabase,
  options: AuthServerOptions = {},
): Promise<AuthServer> {
  // The app is made once the port is known (prepare); until then the mount answers 404.
  let app: AuthApp | null = null;
  const server: Server = createAdaptorServer({
    fetch: new Hono().mount('/auth/v1', (request, env) =>
      app ? app.fetch(request, env) : new Response(null, { status: 404 }),
    ).fetch,
  }) as Server;
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const authUrl = `${url}/auth/v1`;
  const keys = await createApiKeys(TEST_JWT_SECRET);
  const mails: MailMessage[] = [];
  const logs: string[] = [];
  const extra = options.prepare ? await options.prepare({ url, authUrl }) : {};
  app = createAuthApp({
    sql: db.sql,
    config: {
      jwtSecret: TEST_JWT_SECRET,
      jwtExpirySeconds: 3600,
      siteUrl: url,
      externalUrl: authUrl,
      anonKey: keys.anonKey,
      serviceRoleKey: keys.serviceRoleKey,
      google: null,
      nodeEnv: 'test',
      emailMaxFrequencySeconds: 0,
      // Many tests sign in from 127.0.0.1; the limit tests set their own small limits.
      rateLimits: {
        signInSignUps: { limit: 1000, windowSeconds: 300 },
        tokenRefresh: { limit: 1000, windowSeconds: 300 },
        tokenVerifications: { limit: 1000, windowSeconds: 300 },
        emailSent: { limit: 1000, windowSeconds: 3600 },
      },
      ...options.config,
      ...extra,
    },
    mailer: async (message) => {
      mails.push(message);
    },
    log: (line) => {
      logs.push(line);
      if (process.env.AUTH_TEST_LOG) console.log(`[auth] ${line}`);
    },
  });

  const make = (key: string, flowType: 'implicit' | 'pkce' = 'implicit') =>
    createClient(url, key, {
      auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false, flowType },
      realtime: { transport: WebSocket as never },
    });

  return {
    url,
    authUrl,
    ...keys,
    mails,
    logs,
    client: (clientOptions = {}) => make(keys.anonKey, clientOptions.flowType),
    admin: () => make(keys.serviceRoleKey),
    stop: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}

/** The claims of a JWT, unverified (the tests check what the server put in). */
export function decodeJwt(token: string): Record<string, unknown> {
  const payload = token.split('.')[1] ?? '';
  return JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'));
}
