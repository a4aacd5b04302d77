/**
 * What every router receives: the dependencies of the app as one typed object (tests build the app
 * in-process with their own), and the Hono environment the core middleware fills in.
 */

import type { Storage } from '@lift3d/storage';
import type { JWTPayload } from 'jose';
import type { AuthVariables, SessionCheck } from './auth.ts';
import type { ApiConfig } from './config.ts';
import type { Db } from './db.ts';

export interface AppDeps {
  config: ApiConfig;
  db: Db;
  verify: (token: string) => Promise<JWTPayload>;
  /** Refuses writes from signed-out sessions; by default looked up in auth.sessions (null: no check). */
  sessionCheck?: SessionCheck | null;
  /** Uploads and results, made once from config.generations.storage (null: not configured, 503). */
  storage: Storage | null;
  /** Host name → addresses, for checking webhook URLs (default: Deno's DNS resolver). */
  resolveHost?: (host: string) => Promise<string[]>;
}

export type AppEnv = { Variables: AuthVariables };
