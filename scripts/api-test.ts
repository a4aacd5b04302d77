/**
 * Runs chosen test files of the api function against a freshly migrated PostgreSQL database, e.g.
 * `npx tsx scripts/api-test.ts tests/generations.test.ts` (the whole suite runs from local/test/api-function.test.ts).
 * An S3 server (s3rver) runs beside it for the S3 download tests (TEST_S3_ENDPOINT).
 */
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { repoRoot } from '@lift3d/local/db/migrate';
import { createTestDatabase } from '@lift3d/local/testing/databases';
import { startS3 } from '@lift3d/worker/testing/s3';

const files = process.argv.slice(2);
if (!files.length) {
  console.error('usage: tsx scripts/api-test.ts tests/<name>.test.ts [...]');
  process.exit(2);
}
const db = await createTestDatabase('postgres');
const s3 = await startS3();
const { FORCE_COLOR: _colour, ...env } = process.env;
const status = await new Promise<number | null>((resolve) => {
  const child = spawn(
    join(repoRoot, 'node_modules/.bin/deno'),
    ['test', '--allow-net', '--allow-env', '--allow-read', '--allow-write', ...files],
    {
      cwd: join(repoRoot, 'supabase/functions/api'),
      env: { ...env, TEST_DATABASE_URL: db.url, TEST_S3_ENDPOINT: s3.config.endpoint, NO_COLOR: '1' },
      stdio: 'inherit',
    },
  );
  child.on('close', resolve);
});
await db.stop();
await s3.stop();
process.exit(status ?? 1);
