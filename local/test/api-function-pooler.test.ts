// The api function's database-touching tests through PgBouncer in transaction mode, as the function runs
// on Supabase behind the transaction pooler (port 6543): generations created, charged, cancelled and
// refunded, credits and payments, idempotency, and the proof that prepared statements would fail there.
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { startS3 } from '@lift3d/worker/testing/s3';
import { expect, test } from 'vitest';
import { repoRoot } from '../src/db/migrate.ts';
import { createTestDatabase } from './support/databases.ts';
import { startPgbouncer } from './support/pgbouncer.ts';

export const POOLER_SUITE = [
  'tests/pooler.test.ts',
  'tests/generations.test.ts',
  'tests/cancel.test.ts',
  'tests/idempotency.test.ts',
  'tests/payments.test.ts',
  'tests/direct-uploads-s3.test.ts',
];

test('api function through a transaction pooler (PgBouncer)', async () => {
  const db = await createTestDatabase('postgres');
  const pooler = await startPgbouncer(db.url);
  const s3 = await startS3();
  try {
    const { FORCE_COLOR: _colour, ...env } = process.env;
    const run = await new Promise<{ status: number | null; output: string }>((resolve) => {
      const child = spawn(
        join(repoRoot, 'node_modules/.bin/deno'),
        ['test', '--allow-net', '--allow-env', '--allow-read', '--allow-write', ...POOLER_SUITE],
        {
          cwd: join(repoRoot, 'supabase/functions/api'),
          env: {
            ...env,
            TEST_DATABASE_URL: pooler.url,
            TEST_DB_POOL_MODE: 'transaction',
            TEST_POOLER: 'pgbouncer',
            TEST_S3_ENDPOINT: s3.config.endpoint,
            NO_COLOR: '1',
          },
        },
      );
      let output = '';
      child.stdout.on('data', (d) => {
        output += d;
      });
      child.stderr.on('data', (d) => {
        output += d;
      });
      const timer = setTimeout(() => child.kill('SIGKILL'), 600_000);
      child.on('close', (status) => {
        clearTimeout(timer);
        resolve({ status, output });
      });
    });
    if (run.status !== 0) console.error(run.output);
    expect(run.status, run.output.slice(-4000)).toBe(0);
    expect(run.output).toMatch(/ok \| \d+ passed \| 0 failed/);
    // The two pooler tests ran (they are skipped outside a pooler).
    expect(run.output).toMatch(/pooler: prepared statements fail behind a transaction pooler \.\.\. ok/);
    expect(run.output).toMatch(/pooler: the configuration picks no prepared statements .* \.\.\. ok/);
  } finally {
    await s3.stop();
    await pooler.stop();
    await db.stop();
  }
}, 660_000);
