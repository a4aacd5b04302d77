// The committed database types (supabase/functions/_shared/contract/database.ts) match the migrations:
// a migration that changes the schema without `npm run gen:db-types` fails here.
import { readFile } from 'node:fs/promises';
import { expect, test } from 'vitest';
import { DB_TYPES_FILE, formatTypeScript, generateDatabaseTypes } from '../src/db/db-types.ts';
import { createTestDatabase } from './support/databases.ts';

test('the committed database types are generated from the current migrations', async () => {
  const db = await createTestDatabase('postgres');
  try {
    const fresh = formatTypeScript(await generateDatabaseTypes(db.sql));
    expect(fresh).toContain('generations: {');
    expect(await readFile(DB_TYPES_FILE, 'utf8'), 'run `npm run gen:db-types` and commit the result').toBe(
      fresh,
    );
  } finally {
    await db.stop();
  }
}, 300_000);
