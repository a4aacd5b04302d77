// Runs the `api` Edge Function's own Deno test suite (in-process requests) against a freshly migrated
// database on each engine the product runs on, with an S3 API server for the S3 storage tests.
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { startS3 } from '@lift3d/worker/testing/s3';
import { describe, expect, test } from 'vitest';
import { repoRoot } from '../src/db/migrate.ts';
import { createTestDatabase, ENGINES } from './support/databases.ts';

const deno = join(repoRoot, 'node_modules/.bin/deno');
const functionDir = join(repoRoot, 'supabase/functions/api');

// PostgreSQL once more with prepared statements on: what the function does over a direct or session
// connection (DATABASE_POOL_MODE=session, or any URL not on port 6543).
const RUNS = [...ENGINES.map((engine) => [engine, 'transaction'] as const), ['postgres', 'session'] as const];

describe.each(RUNS)('api function on %s (%s pool mode)', (engine, poolMode) => {
  test('deno test passes', async () => {
    const db = await createTestDatabase(engine);
    // A real S3 API server for the S3 download tests (tests/downloads-s3.test.ts).
    const s3 = await startS3();
    try {
      // Asynchronous on purpose: the embedded database answers from this very process.
      const run = await runDeno(
        ['test', '--allow-net', '--allow-env', '--allow-read', '--allow-write', 'tests/'],
        {
          TEST_DATABASE_URL: db.url,
          TEST_DB_POOL_MODE: poolMode,
          TEST_S3_ENDPOINT: s3.config.endpoint,
        },
      );
      // biome-ignore lint/suspicious/noControlCharactersInRegex: strips terminal colours
      const output = `${run.stdout}\n${run.stderr}`.replace(/\x1b\[[0-9;]*m/g, '');
      if (run.status !== 0) console.error(output);
      expect(run.status, output.slice(-4000)).toBe(0);
      expect(output).toMatch(/ok \| \d+ passed \| 0 failed/);
    } finally {
      await db.stop();
      await s3.stop();
    }
  }, 660_000);
});

function runDeno(args: string[], env: Record<string, string>) {
  return new Promise<{ status: number | null; stdout: string; stderr: string }>((resolve) => {
    const child = spawn(deno, args, {
      cwd: functionDir,
      env: { ...withoutColour(process.env), ...env, NO_COLOR: '1' },
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d) => {
      stdout += d;
    });
    child.stderr.on('data', (d) => {
      stderr += d;
    });
    const timer = setTimeout(() => child.kill('SIGKILL'), 600_000);
    child.on('close', (status) => {
      clearTimeout(timer);
      resolve({ status, stdout, stderr });
    });
  });
}

// Deno treats any FORCE_COLOR (even "0") as "force colours on".
function withoutColour(env: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
  const { FORCE_COLOR: _ignored, ...rest } = env;
  return rest;
}
