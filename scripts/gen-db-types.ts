/**
 * Writes supabase/functions/_shared/contract/database.ts: the types of the `public` schema after every
 * migration, from a freshly migrated database on the PostgreSQL server (TEST_POSTGRES_URL).
 * Run after adding a migration: `npm run gen:db-types`; local/test/db-types.test.ts checks it is current.
 */
import { readFile, writeFile } from 'node:fs/promises';
import { DB_TYPES_FILE, formatTypeScript, generateDatabaseTypes } from '@lift3d/local/db/db-types';
import { createTestDatabase } from '@lift3d/local/testing/databases';

const db = await createTestDatabase('postgres');
try {
  const text = formatTypeScript(await generateDatabaseTypes(db.sql));
  const before = await readFile(DB_TYPES_FILE, 'utf8').catch(() => '');
  await writeFile(DB_TYPES_FILE, text);
  console.log(`${DB_TYPES_FILE}: ${before === text ? 'unchanged' : 'written'}`);
} finally {
  await db.stop();
}
