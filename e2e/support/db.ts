// Direct database access for browser tests that must arrange state (balances, admin flags) or check it.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import postgres from 'postgres';
import { e2eDataDir } from './paths.ts';

let sql: postgres.Sql | null = null;

/** A superuser connection to the stack under test (reads DATA_DIR/stack.json written by the stack). */
export function database(): postgres.Sql {
  if (sql) return sql;
  const { databaseUrl } = JSON.parse(readFileSync(join(e2eDataDir(), 'stack.json'), 'utf8')) as {
    databaseUrl: string;
  };
  sql = postgres(databaseUrl, { max: 1, prepare: false, onnotice: () => {} });
  return sql;
}
