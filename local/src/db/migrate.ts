/**
 * Brings a database to the current schema: first the local bootstrap (what a Supabase project already
 * has: API roles, the `auth` schema parts we use), then `supabase/migrations` through the Supabase CLI
 * itself (`supabase db push`), the same runner production uses, then `seed.sql`.
 */
import { execFile } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import postgres from 'postgres';

const run = promisify(execFile);
const here = dirname(fileURLToPath(import.meta.url));
export const repoRoot = resolve(here, '../../..');
const bootstrapDir = join(repoRoot, 'local/sql/bootstrap');
const supabaseCli = join(repoRoot, 'node_modules/.bin/supabase');

export interface MigrateOptions {
  /** Apply supabase/seed.sql as well. */
  seed?: boolean;
  log?: (line: string) => void;
}

export async function applyBootstrap(url: string): Promise<void> {
  const sql = postgres(url, { max: 1, prepare: false, onnotice: () => {} });
  try {
    for (const file of readdirSync(bootstrapDir)
      .filter((f) => f.endsWith('.sql'))
      .sort()) {
      await sql.unsafe(readFileSync(join(bootstrapDir, file), 'utf8'));
    }
  } finally {
    await sql.end();
  }
}

async function pushMigrations(url: string, options: MigrateOptions = {}): Promise<void> {
  const args = ['db', 'push', '--db-url', url, '--yes', '--workdir', repoRoot];
  if (options.seed) args.push('--include-seed');
  try {
    const { stdout, stderr } = await run(supabaseCli, args, {
      cwd: repoRoot,
      env: { ...process.env, SUPABASE_TELEMETRY_DISABLED: '1', DO_NOT_TRACK: '1' },
      maxBuffer: 16 * 1024 * 1024,
    });
    for (const line of `${stdout}\n${stderr}`.split('\n')) {
      if (/Applying|Finished|up to date|Seeding/i.test(line)) options.log?.(line.trim());
    }
  } catch (error) {
    const e = error as { stderr?: string; stdout?: string; message: string };
    throw new Error(`migrate: supabase db push failed: ${(e.stderr || e.stdout || e.message).trim()}`);
  }
}

export async function migrate(url: string, options: MigrateOptions = {}): Promise<void> {
  await applyBootstrap(url);
  await pushMigrations(url, options);
}
