// Runs one (or a few) of the api function's Deno test files against a freshly migrated PostgreSQL database:
//   npx tsx scripts/api-test-file.ts tests/v1.test.ts [more files]
// The whole suite on both engines is local/test/api-function.test.ts; this is for working on one file.
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { repoRoot } from '../local/src/db/migrate.ts';
import { createTestDatabase } from '../local/test/support/databases.ts';

const files = process.argv.slice(2);
if (!files.length) throw new Error('usage: tsx scripts/api-test-file.ts tests/<file>.test.ts ...');
const db = await createTestDatabase('postgres');
try {
  const run = spawnSync(
    join(repoRoot, 'node_modules/.bin/deno'),
    ['test', '--allow-net', '--allow-env', '--allow-read', '--allow-write', ...files],
    {
      cwd: join(repoRoot, 'supabase/functions/api'),
      env: { ...process.env, TEST_DATABASE_URL: db.url, NO_COLOR: '1' },
      stdio: 'inherit',
    },
  );
  process.exitCode = run.status ?? 1;
} finally {
  await db.stop();
}
