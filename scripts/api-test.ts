/**
 * Runs chosen test files of the api function as the full suite runs them (local/test/api-function.test.ts):
 * on a fresh copy of the migrated PostgreSQL database behind PgBouncer in transaction mode, with an S3 server
 * (s3rver) beside it for the S3 tests, e.g. `npx tsx scripts/api-test.ts tests/generations.test.ts`.
 * `--direct` skips the pooler (a direct connection, transaction pool mode).
 */
import { runDenoTests } from '@lift3d/local/testing/api-suite';
import { createTestDatabase } from '@lift3d/local/testing/databases';
import { startPgbouncer } from '@lift3d/local/testing/pgbouncer';
import { startS3 } from '@lift3d/worker/testing/s3';

const args = process.argv.slice(2);
const direct = args.includes('--direct');
const files = args.filter((arg) => arg !== '--direct');
if (!files.length) {
  console.error('usage: tsx scripts/api-test.ts [--direct] tests/<name>.test.ts [...]');
  process.exit(2);
}
const db = await createTestDatabase('postgres');
const pooler = direct ? null : await startPgbouncer(db.url);
const s3 = await startS3();
const { status, output } = await runDenoTests(files, {
  TEST_DATABASE_URL: pooler?.url ?? db.url,
  TEST_DB_POOL_MODE: 'transaction',
  ...(pooler ? { TEST_POOLER: 'pgbouncer' } : {}),
  TEST_S3_ENDPOINT: s3.config.endpoint,
});
console.log(output);
await s3.stop();
await pooler?.stop();
await db.stop();
process.exit(status ?? 1);
