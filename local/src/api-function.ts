/**
 * Runs the `api` Edge Function (supabase/functions/api) with Deno from npm, as `supabase functions serve`
 * would, with the environment names Supabase gives deployed functions.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { join } from 'node:path';
import { repoRoot } from './db/migrate.ts';
import { type Log, pipeLines } from './log.ts';
import { freePort, waitForHttp } from './ports.ts';

export interface ApiFunctionOptions {
  databaseUrl: string;
  jwtSecret: string;
  supabaseUrl: string;
  anonKey: string;
  serviceRoleKey: string;
  extraEnv?: Record<string, string>;
  log: Log;
}

export interface ApiFunction {
  origin: string;
  stop(): Promise<void>;
}

const deno = join(repoRoot, 'node_modules/.bin/deno');
const functionDir = join(repoRoot, 'supabase/functions/api');

export async function startApiFunction(options: ApiFunctionOptions): Promise<ApiFunction> {
  const port = await freePort();
  const child: ChildProcess = spawn(
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
        SUPABASE_URL: options.supabaseUrl,
        SUPABASE_ANON_KEY: options.anonKey,
        SUPABASE_SERVICE_ROLE_KEY: options.serviceRoleKey,
        JWT_SECRET: options.jwtSecret,
        // The SPA's origin may call from a browser (CORS); the gateway serves both on it.
        SITE_URL: options.supabaseUrl,
        LIFT3D_ENV: 'development',
        ...options.extraEnv,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  pipeLines(child.stdout, options.log);
  pipeLines(child.stderr, options.log);
  let exited = false;
  child.on('exit', (code, signal) => {
    exited = true;
    if (!stopping) options.log(`exited unexpectedly (code ${code}, signal ${signal})`);
  });
  let stopping = false;
  const origin = `http://127.0.0.1:${port}`;
  await waitForHttp(`${origin}/api/health`, 120_000, () => !exited);
  return {
    origin,
    stop: () =>
      new Promise<void>((resolve) => {
        stopping = true;
        if (exited) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}
