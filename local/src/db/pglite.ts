/**
 * The embedded database: PGlite (PostgreSQL compiled to WASM) persisted in a folder and served over the
 * Postgres wire protocol, so the auth server, the Deno api function and the worker connect to it exactly
 * as they would to Supabase Postgres.
 *
 * notes: pglite-socket multiplexes every connection onto ONE session. Clients must therefore keep
 * transactions short, use `set local` only, and avoid named prepared statements (postgres.js
 * `prepare: false`).
 */
import { mkdirSync } from 'node:fs';
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
}

export async function startEmbeddedDatabase(options: EmbeddedDatabaseOptions): Promise<EmbeddedDatabase> {
  if (options.dataDir) mkdirSync(options.dataDir, { recursive: true });
  const db = await PGlite.create(options.dataDir ?? undefined);
  const host = options.host ?? '127.0.0.1';
  const server = new PGLiteSocketServer({
    db,
    host,
    port: options.port ?? 0,
    maxConnections: options.maxConnections ?? 10,
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
