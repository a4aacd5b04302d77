/**
 * Runs some of the api function's Deno test files against a freshly migrated PostgreSQL database (the
 * whole suite runs from local/test/api-function.test.ts): `tsx scripts/api-test-file.ts tests/x.test.ts`.
 */
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { repoRoot } from '../local/src/db/migrate.ts';
import { createTestDatabase } from '../local/test/support/databases.ts';

const files = process.argv.slice(2);
if (!files.length) throw new Error('usage: tsx scripts/api-test-file.ts tests/<name>.test.ts ...');
const db = await createTestDatabase('postgres');
try {
  const { FORCE_COLOR: _ignored, ...env } = process.env;
  const run = spawnSync(
    join(repoRoot, 'node_modules/.bin/deno'),
    ['test', '--allow-net', '--allow-env', '--allow-read', '--allow-write', ...files],
    {
      cwd: join(repoRoot, 'supabase/functions/api'),
      env: { ...env, TEST_DATABASE_URL: db.url },
      stdio: 'inherit',
    },
  );
  process.exitCode = run.status ?? 1;
} finally {
  await db.stop();
}
