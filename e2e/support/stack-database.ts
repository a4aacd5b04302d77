// The database of a stack the browser tests start: a fresh copy of the migrated and seeded template on the
// PostgreSQL server at 127.0.0.1:5432, as deployed (Supabase is PostgreSQL). The embedded PGlite is Postgres
// compiled to WASM; serving the journeys from it cost the browser step more CPU than the machine's server
// does (measured in the README). E2E_DATABASE=pglite runs them on the quick start's embedded database.
import { randomBytes } from 'node:crypto';
import { ensureTemplate } from '@lift3d/local/testing/schema-copies';
import postgres from 'postgres';

const SERVER = process.env.TEST_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

export interface StackDatabase {
  /** DATABASE_URL for the stack: '' means its embedded PGlite. */
  url: string;
  /** Drops the copy (after the stack has stopped). */
  drop(): Promise<void>;
}

const onPostgres = (process.env.E2E_DATABASE ?? 'postgres') === 'postgres';

/** A new database named `lift3d_e2e_<label>` (random when not given), replacing any left by a killed run. */
export async function stackDatabase(label = randomBytes(4).toString('hex')): Promise<StackDatabase> {
  if (!onPostgres) return { url: '', drop: async () => {} };
  const name = `lift3d_e2e_${label}`;
  const template = await ensureTemplate(SERVER, { seed: true });
  await admin(async (sql) => {
    await sql.unsafe(`drop database if exists ${name} with (force)`);
    await sql.unsafe(`create database ${name} template ${template}`);
  });
  return {
    url: SERVER.replace(/\/[^/]*$/, `/${name}`),
    drop: () => admin((sql) => sql.unsafe(`drop database if exists ${name} with (force)`)),
  };
}

async function admin(work: (sql: postgres.Sql) => Promise<unknown>): Promise<void> {
  const sql = postgres(SERVER, { max: 1, onnotice: () => {} });
  try {
    await work(sql);
  } finally {
    await sql.end();
  }
}
