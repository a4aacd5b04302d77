// A local stack of its own in PayPal mode, for the PayPal checkout journeys: the api function talks to the
// PayPal REST stand-in (supabase/functions/api/tests/paypal-standin.ts, run by Deno in its own process)
// exactly as it talks to PayPal, and the page loads the SDK stand-in (paypal-sdk.ts) under the stack's
// real Content-Security-Policy for PayPal mode.
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { loadConfig } from '@lift3d/local/config';
import { freePort } from '@lift3d/local/ports';
import { startStack } from '@lift3d/local/stack';
import postgres from 'postgres';
import { stackDatabase } from './stack-database.ts';

const repoRoot = fileURLToPath(new URL('../..', import.meta.url));

export interface PayPalStack {
  url: string;
  sql: postgres.Sql;
  stop(): Promise<void>;
}

/** Starts the REST stand-in and answers its PAYPAL_* settings (it prints them on its first line). */
function startRestStandIn(): Promise<{ child: ChildProcess; env: Record<string, string> }> {
  const child = spawn(
    join(repoRoot, 'node_modules/.bin/deno'),
    ['run', '--allow-net', 'tests/paypal-standin-server.ts'],
    {
      cwd: join(repoRoot, 'supabase/functions/api'),
      stdio: ['ignore', 'pipe', 'pipe'],
      env: { ...process.env, NO_COLOR: '1' },
    },
  );
  return new Promise((resolve, reject) => {
    let out = '';
    let err = '';
    child.stderr?.on('data', (chunk: Buffer) => {
      err += chunk.toString();
    });
    child.stdout?.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      const line = out.split('\n').find((l) => l.includes('PAYPAL_API_BASE='));
      if (!line) return;
      const env = Object.fromEntries(
        line
          .trim()
          .split(/\s+/)
          .map((pair) => [pair.slice(0, pair.indexOf('=')), pair.slice(pair.indexOf('=') + 1)]),
      );
      resolve({ child, env });
    });
    child.once('exit', (code) => reject(new Error(`e2e: the PayPal stand-in exited (${code}): ${err}`)));
  });
}

export async function startPayPalStack(): Promise<PayPalStack> {
  const rest = await startRestStandIn();
  const port = await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), 'lift3d-e2e-paypal-'));
  const database = await stackDatabase();
  const cleanUp = async () => {
    rest.child.kill('SIGTERM');
    await database.drop();
    rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    const stack = await startStack(
      loadConfig({
        AUTH_SIGN_IN_LIMIT: '1000',
        ...process.env,
        ...rest.env,
        PAYPAL_ENV: 'sandbox',
        PORT: String(port),
        HOST: '127.0.0.1',
        SITE_URL: `http://127.0.0.1:${port}`,
        DATA_DIR: dataDir,
        DATABASE_URL: database.url,
        START_WORKER: '0',
        NODE_ENV: 'test',
      }),
    );
    const sql = postgres(stack.databaseUrl, { max: 1, prepare: false, onnotice: () => {} });
    return {
      url: stack.url,
      sql,
      async stop() {
        await sql.end();
        await stack.stop();
        await cleanUp();
      },
    };
  } catch (error) {
    await cleanUp();
    throw error;
  }
}
