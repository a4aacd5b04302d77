// Runs the `api` Edge Function's own Deno test suite (in-process requests) with an S3 API server for the S3
// storage tests: in full on PostgreSQL behind PgBouncer in transaction mode, as on Supabase, and the files
// about engines and pool modes on the embedded PGlite and over a session connection (support/api-suite.ts).
import { startS3 } from '@lift3d/worker/testing/s3';
import { describe, expect, test } from 'vitest';
import { API_RUNS, type ApiRun, missingTaggedFiles, runDenoTests } from './support/api-suite.ts';
import { createTestDatabase } from './support/databases.ts';
import { startPgbouncer } from './support/pgbouncer.ts';

const label = (run: ApiRun) =>
  `${run.files ? `${run.files.length} files` : 'every file'} on ${run.engine}` +
  `${run.pooler ? ' behind PgBouncer' : ''} (${run.poolMode} pool mode)`;

test('every file tagged for the other databases exists', () => {
  expect(missingTaggedFiles()).toEqual([]);
});

describe.each(API_RUNS.map((run) => [label(run), run] as const))('api function: %s', (_name, run) => {
  test('deno test passes', async () => {
    const db = await createTestDatabase(run.engine);
    const pooler = run.pooler ? await startPgbouncer(db.url) : null;
    const s3 = await startS3();
    try {
      // Asynchronous on purpose: the embedded database answers from this very process.
      const { status, output } = await runDenoTests(run.files ?? ['tests/'], {
        TEST_DATABASE_URL: pooler?.url ?? db.url,
        TEST_DB_POOL_MODE: run.poolMode,
        ...(pooler ? { TEST_POOLER: 'pgbouncer' } : {}),
        TEST_S3_ENDPOINT: s3.config.endpoint,
      });
      if (status !== 0) console.error(output);
      expect(status, output.slice(-4000)).toBe(0);
      expect(output).toMatch(/ok \| \d+ passed \| 0 failed/);
      if (run.pooler) {
        // The pooler's own tests ran (they are skipped off a pooler).
        expect(output).toMatch(/pooler: prepared statements fail behind a transaction pooler \.\.\. ok/);
        expect(output).toMatch(/pooler: the configuration picks no prepared statements .* \.\.\. ok/);
      }
    } finally {
      await s3.stop();
      await pooler?.stop();
      await db.stop();
    }
  }, 660_000);
});
