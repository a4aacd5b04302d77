// Runs every SQL rule test in supabase/tests on both database engines. Each file runs in one transaction
// that is rolled back; a failed assertion raises and fails the test with its message.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { repoRoot } from '../src/db/migrate.ts';
import { createTestDatabase, ENGINES, type TestDatabase } from './support/databases.ts';

const testsDir = join(repoRoot, 'supabase/tests');
const files = readdirSync(testsDir)
  .filter((f) => f.endsWith('.test.sql'))
  .sort();
const helpers = readFileSync(join(import.meta.dirname, 'support/sql-test-helpers.sql'), 'utf8');

describe.each(ENGINES)('SQL rules on %s', (engine) => {
  let db: TestDatabase;
  beforeAll(async () => {
    db = await createTestDatabase(engine, { seed: true });
    await db.sql.unsafe(helpers);
  });
  afterAll(() => db?.stop());

  test('there are rule tests to run', () => expect(files.length).toBeGreaterThan(0));

  test.each(files)('%s', async (file) => {
    const body = readFileSync(join(testsDir, file), 'utf8');
    // One transaction per file, always rolled back, so files cannot see each other's rows.
    const conn = await db.sql.reserve();
    try {
      await conn.unsafe(`begin;\n${body}\n;rollback;`);
    } catch (error) {
      await conn.unsafe('rollback').catch(() => {});
      throw new Error(`${file}: ${(error as Error).message}`);
    } finally {
      conn.release();
    }
  });
});
