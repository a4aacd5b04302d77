// Runs one (or a few) of the api function's Deno test files against a freshly migrated database, for quick
// runs while working on a feature: `npx tsx scripts/api-test-one.ts tests/webhooks.test.ts [postgres|pglite]`.
// The whole suite runs through local/test/api-function.test.ts.
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { repoRoot } from '../local/src/db/migrate.ts';
import { createTestDatabase, ENGINES, type Engine } from '../local/test/support/databases.ts';

const args = process.argv.slice(2);
const engine = (ENGINES as string[]).includes(args[args.length - 1]) ? (args.pop() as Engine) : 'postgres';
if (args.length === 0) {
  console.error('usage: npx tsx scripts/api-test-one.ts tests/<file>.test.ts [postgres|pglite]');
  process.exit(2);
}
const db = await createTestDatabase(engine);
const { FORCE_COLOR: _ignored, ...env } = process.env;
const child = spawn(
  join(repoRoot, 'node_modules/.bin/deno'),
  ['test', '--allow-net', '--allow-env', '--allow-read', '--allow-write', ...args],
  {
    cwd: join(repoRoot, 'supabase/functions/api'),
    env: { ...env, TEST_DATABASE_URL: db.url, NO_COLOR: '1' },
    stdio: 'inherit',
  },
);
const status = await new Promise<number | null>((resolve) => child.on('close', resolve));
await db.stop();
process.exit(status ?? 1);
