/**
 * The local auth server driven by supabase-js itself, on PGlite and on PostgreSQL. One database per
 * engine serves every suite (creating and migrating one is the slow part); each suite starts its own
 * auth server(s) on it.
 */
import { afterAll, beforeAll, describe } from 'vitest';
import { accountChangesSuite } from './auth-account-changes.suite.ts';
import { coreSuite } from './auth-core.suite.ts';
import { googleSuite } from './auth-google.suite.ts';
import { limitsSuite } from './auth-limits.suite.ts';
import { recoveryAdminSuite } from './auth-recovery-admin.suite.ts';
import { createTestDatabase, ENGINES, type TestDatabase } from './support/databases.ts';

describe.each(ENGINES)('auth server on %s', (engine) => {
  let db: TestDatabase;
  beforeAll(async () => {
    db = await createTestDatabase(engine);
  });
  afterAll(async () => {
    await db?.stop();
  });

  coreSuite(() => db);
  recoveryAdminSuite(() => db);
  limitsSuite(() => db);
  googleSuite(() => db);
  accountChangesSuite(() => db);
});
