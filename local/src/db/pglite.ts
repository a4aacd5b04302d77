/**
 * The embedded database: PGlite (PostgreSQL compiled to WASM) persisted in a folder and served over the
 * Postgres wire protocol, so the auth server, the Deno api function and the worker connect to it exactly
 * as they would to Supabase Postgres.
 *
 * notes: pglite-socket multiplexes every connection onto ONE session. Clients must therefore keep
 * transactions short, use `set local` only, and avoid named prepared statements (postgres.js
 * `prepare: false`).
 */
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { PGLiteSocketServer } from '@electric-sql/pglite-socket';
import { keepExtendedQueryBatches } from './pglite-queue.ts';

export interface EmbeddedDatabase {
  url: string;
  db: PGlite;
  stop(): Promise<void>;
}

export interface EmbeddedDatabaseOptions {
  /** Folder to persist in; `null` keeps the database in memory (tests). */
  dataDir: string | null;
  host?: string;
  /** 0 picks a free port. */
  port?: number;
  maxConnections?: number;
  /** A data folder tarball (`db.dumpDataDir()`) to start from instead of an empty cluster; tests use it. */
  loadDataDir?: Blob;
}

/**
 * Sockets the embedded server accepts at once. Every socket shares the one PGlite session, so a socket costs
 * only a little memory and the limit protects nothing else; but a socket over it is destroyed on accept, and
 * the client's query fails with `read ECONNRESET`. The stack's pools alone (api 2, auth 4, worker 1 plus the
 * queue's 3) reached the old limit of 10, so any reconnect (the api's idle timeout, the queue pool's idle
 * clients, an admin command, a load test's own connection) made before the old socket had closed was reset.
 * Far above the pools' sum, so reconnects and tools never meet it.
 */
const EMBEDDED_MAX_CONNECTIONS = 100;

export async function startEmbeddedDatabase(options: EmbeddedDatabaseOptions): Promise<EmbeddedDatabase> {
  if (options.dataDir) mkdirSync(options.dataDir, { recursive: true });
  const loadDataDir = options.loadDataDir ?? testSnapshot(options.dataDir);
  const db = await PGlite.create(options.dataDir ?? undefined, { loadDataDir });
  const host = options.host ?? '127.0.0.1';
  const server = new PGLiteSocketServer({
    db,
    host,
    port: options.port ?? 0,
    maxConnections: options.maxConnections ?? EMBEDDED_MAX_CONNECTIONS,
  });
  keepExtendedQueryBatches(server);
  await server.start();
  const address = server.getServerConn();
  const port = Number(String(address).split(':').pop());
  return {
    url: `postgres://postgres:postgres@${host}:${port}/postgres`,
    db,
    async stop() {
      await server.stop();
      await db.close();
    },
  };
}

/**
 * LIFT3D_TEST_PGLITE_SNAPSHOT names a tarball of a migrated and seeded data folder (the test runners make it
 * once, see local/test/support/schema-copies.ts): a new data folder starts from it, so each test stack skips
 * replaying every migration (about 21 s). Never set outside tests; a folder that holds a database is opened
 * as it is.
 */
function testSnapshot(dataDir: string | null): Blob | undefined {
  const file = process.env.LIFT3D_TEST_PGLITE_SNAPSHOT;
  if (!file || !dataDir || existsSync(join(dataDir, 'PG_VERSION'))) return undefined;
  return new Blob([readFileSync(file)]);
}
