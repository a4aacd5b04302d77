/**
 * Runs the `api` Edge Function (supabase/functions/api) with Deno from npm, as `supabase functions serve`
 * would, with the environment names Supabase gives deployed functions.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { join } from 'node:path';
import { repoRoot } from './db/migrate.ts';
import { type Log, pipeLines } from './log.ts';
import { freePort, waitForHttp } from './ports.ts';
import { type StackFailure, type Supervised, type SupervisorOptions, supervise } from './supervisor.ts';

export interface ApiFunctionOptions {
  databaseUrl: string;
  /** The stack's own PGlite (one session for every client) rather than a PostgreSQL. */
  embeddedDatabase: boolean;
  jwtSecret: string;
  supabaseUrl: string;
  anonKey: string;
  serviceRoleKey: string;
  extraEnv?: Record<string, string>;
  log: Log;
  /** The function crashed repeatedly and is no longer restarted. */
  onGiveUp: (failure: StackFailure) => void;
  supervisor?: Partial<SupervisorOptions>;
}

export interface ApiFunction extends Supervised {
  origin: string;
}

const deno = join(repoRoot, 'node_modules/.bin/deno');
const functionDir = join(repoRoot, 'supabase/functions/api');

export async function startApiFunction(options: ApiFunctionOptions): Promise<ApiFunction> {
  const port = await freePort();
  const spawnDeno = () => {
    const child = spawn(
      deno,
      [
        'run',
        '--frozen',
        '--allow-net',
        '--allow-env',
        '--allow-read',
        '--allow-write',
        '--allow-sys',
        'index.ts',
      ],
      {
        cwd: functionDir,
        env: {
          ...process.env,
          NO_COLOR: '1',
          PORT: String(port),
          HOST: '127.0.0.1',
          SUPABASE_DB_URL: options.databaseUrl,
          DATABASE_URL: options.databaseUrl,
          // The embedded PGlite server serves every client from one session, as a transaction pooler
          // would: no prepared statements (they would collide between clients). A PostgreSQL of its own
          // keeps them (the api's config reads DATABASE_POOL_MODE, else the URL): without them every
          // query with parameters costs two round trips, one to learn the parameters' types.
          ...(options.embeddedDatabase ? { DATABASE_POOL_MODE: 'transaction' } : {}),
          SUPABASE_URL: options.supabaseUrl,
          SUPABASE_ANON_KEY: options.anonKey,
          SUPABASE_SERVICE_ROLE_KEY: options.serviceRoleKey,
          JWT_SECRET: options.jwtSecret,
          // The SPA's origin may call from a browser (CORS); the gateway serves both on it.
          SITE_URL: options.supabaseUrl,
          LIFT3D_ENV: 'development',
          // Webhooks to a receiver on this machine (http, private addresses) while developing locally.
          WEBHOOK_ALLOW_PRIVATE_TARGETS: process.env.WEBHOOK_ALLOW_PRIVATE_TARGETS ?? '1',
          ...options.extraEnv,
        },
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
    pipeLines(child.stdout, options.log);
    pipeLines(child.stderr, options.log);
    return child;
  };
  const origin = `http://127.0.0.1:${port}`;
  // Liveness, not /api/health: that one waits for a worker, which starts after the api.
  const ready = (child: ChildProcess) =>
    waitForHttp(
      `${origin}/api/health/live`,
      120_000,
      () => child.exitCode === null && child.signalCode === null,
    );
  const first = spawnDeno();
  try {
    await ready(first);
  } catch (error) {
    first.kill('SIGKILL');
    throw error;
  }
  // Restarted on the same port, so the gateway's proxy target never changes.
  const supervised = supervise(
    'api function',
    spawnDeno,
    {
      log: options.log,
      onGiveUp: options.onGiveUp,
      afterRestart: ready,
      ...options.supervisor,
    },
    first,
  );
  return {
    origin,
    get pid() {
      return supervised.pid;
    },
    get restarts() {
      return supervised.restarts;
    },
    halt: supervised.halt,
    stop: supervised.stop,
  };
}
