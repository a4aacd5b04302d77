/**
 * How the api function's Deno test suite runs (local/test/api-function.test.ts, scripts/api-test.ts).
 *
 * In full once, on PostgreSQL through PgBouncer in transaction mode: how the function runs on Supabase,
 * behind the transaction pooler (port 6543). Every file in supabase/functions/api/tests is in that run, so a
 * new file needs nothing to be picked up. The other ways the product reaches a database run only the files
 * about them (ON_EVERY_DATABASE): the embedded PGlite of the local stack (whose every browser test also
 * drives the api on it), and PostgreSQL over a direct connection with prepared statements on (session mode).
 */
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { repoRoot } from '../../src/db/migrate.ts';
import type { Engine } from './databases.ts';

export const API_DIR = join(repoRoot, 'supabase/functions/api');

/**
 * The money and concurrency paths, whose SQL behaves differently across engines and pool modes: generations
 * created, charged, cancelled and refunded, credits and payments, idempotency, direct uploads; and the pooler's
 * own proof (skipped off a pooler). Paths relative to the function's folder.
 */
export const ON_EVERY_DATABASE = [
  'tests/pooler.test.ts',
  'tests/generations.test.ts',
  'tests/cancel.test.ts',
  'tests/idempotency.test.ts',
  'tests/payments.test.ts',
  'tests/direct-uploads-s3.test.ts',
];

export interface ApiRun {
  engine: Engine;
  poolMode: 'transaction' | 'session';
  /** Through PgBouncer in transaction mode. */
  pooler: boolean;
  /** Test files; null for every one. */
  files: string[] | null;
}

export const API_RUNS: ApiRun[] = [
  { engine: 'postgres', poolMode: 'transaction', pooler: true, files: null },
  { engine: 'pglite', poolMode: 'transaction', pooler: false, files: ON_EVERY_DATABASE },
  { engine: 'postgres', poolMode: 'session', pooler: false, files: ON_EVERY_DATABASE },
];

/** Listed files that no longer exist (a rename must update the list, or the other runs would test less). */
export function missingTaggedFiles(): string[] {
  return ON_EVERY_DATABASE.filter((file) => !existsSync(join(API_DIR, file)));
}

/** `deno test` on the function's tests with the given environment; resolves with its exit status and output. */
export function runDenoTests(
  files: string[],
  env: Record<string, string>,
  timeoutMs = 600_000,
): Promise<{ status: number | null; output: string }> {
  const { FORCE_COLOR: _colour, ...inherited } = process.env; // Deno treats any FORCE_COLOR as "on".
  return new Promise((resolve) => {
    const child = spawn(
      join(repoRoot, 'node_modules/.bin/deno'),
      // No type check here: `npm run typecheck:api` checks these files and the function once; three runs
      // would each check them again (17 s of CPU cold).
      ['test', '--no-check', '--allow-net', '--allow-env', '--allow-read', '--allow-write', ...files],
      { cwd: API_DIR, env: { ...inherited, ...env, NO_COLOR: '1' } },
    );
    let output = '';
    child.stdout.on('data', (d) => {
      output += d;
    });
    child.stderr.on('data', (d) => {
      output += d;
    });
    const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
    child.on('close', (status) => {
      clearTimeout(timer);
      // biome-ignore lint/suspicious/noControlCharactersInRegex: strips terminal colours
      resolve({ status, output: output.replace(/\x1b\[[0-9;]*m/g, '') });
    });
  });
}
