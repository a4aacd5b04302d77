/**
 * Fresh, isolated databases for tests, on both engines the product runs on: an in-memory PGlite served
 * over the wire protocol, and a new database on the PostgreSQL server at 127.0.0.1:5432.
 */
import { randomBytes } from 'node:crypto';
import postgres from 'postgres';
import { migrate } from '../../src/db/migrate.ts';
import { startEmbeddedDatabase } from '../../src/db/pglite.ts';

export type Engine = 'pglite' | 'postgres';
export const ENGINES: Engine[] = ['pglite', 'postgres'];

export interface TestDatabase {
  engine: Engine;
  url: string;
  /** A superuser connection (what the migrations run as). */
  sql: postgres.Sql;
  stop(): Promise<void>;
}

const SERVER = process.env.TEST_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

export async function createTestDatabase(
  engine: Engine,
  options: { seed?: boolean } = {},
): Promise<TestDatabase> {
  if (engine === 'pglite') {
    const embedded = await startEmbeddedDatabase({ dataDir: null, port: 0 });
    await migrate(embedded.url, options);
    const sql = postgres(embedded.url, { max: 1, prepare: false, onnotice: () => {} });
    return {
      engine,
      url: embedded.url,
      sql,
      async stop() {
        await sql.end();
        await embedded.stop();
      },
    };
  }
  const name = `lift3d_test_${Date.now().toString(36)}_${randomBytes(4).toString('hex')}`;
  const admin = postgres(SERVER, { max: 1, onnotice: () => {} });
  await admin.unsafe(`create database ${name}`);
  const url = SERVER.replace(/\/[^/]*$/, `/${name}`);
  await migrate(url, options);
  const sql = postgres(url, { max: 4, onnotice: () => {} });
  return {
    engine,
    url,
    sql,
    async stop() {
      await sql.end();
      await admin.unsafe(`drop database if exists ${name} with (force)`);
      await admin.end();
    },
  };
}
