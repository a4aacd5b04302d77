/**
 * Database access for the api function. Every request's queries run in one transaction as the caller
 * (`role` and `request.jwt.claims` set locally, exactly as Supabase's data API does), so row-level
 * security decides. Privileged work goes through security-definer SQL functions, never around RLS.
 *
 * notes: behind a pooler in transaction mode (Supabase's on port 6543, pgbouncer, the local PGlite server)
 * consecutive transactions of one client land on different server sessions, so a statement prepared in
 * one is unknown in the next: `prepare` is off there (config.dbPoolMode). `set_config(..., true)` is
 * transaction-local for the same reason.
 */
import postgres from 'postgres';
import type { ApiConfig } from './config.ts';
import { sessionEnded } from './errors.ts';

type Sql = postgres.Sql;
export type Tx = postgres.TransactionSql;

export interface Caller {
  role: 'anon' | 'authenticated';
  userId: string | null;
  /** From the token; policies check the table again. */
  isAdmin: boolean;
  claims: Record<string, unknown>;
  /**
   * The token's session, when its check is left to the request's first transaction as the caller
   * (core/auth.ts): `alive` is unset until a transaction has looked, then what it found.
   */
  session?: { id: string; alive?: boolean };
}

export const ANONYMOUS: Caller = { role: 'anon', userId: null, isAdmin: false, claims: { role: 'anon' } };

export interface Db {
  sql: Sql;
  /** Runs `fn` in one transaction with the caller's role and claims, so RLS applies. */
  asCaller<T>(caller: Caller, fn: (tx: Tx) => Promise<T>): Promise<T>;
  /** Runs `fn` in one transaction with the function's own (service) privileges. */
  asService<T>(fn: (tx: Tx) => Promise<T>): Promise<T>;
  close(): Promise<void>;
}

export function createDb(config: Pick<ApiConfig, 'databaseUrl' | 'maxDbConnections' | 'dbPoolMode'>): Db {
  const sql = postgres(config.databaseUrl, {
    max: config.maxDbConnections,
    prepare: (config.dbPoolMode ?? 'transaction') === 'session',
    onnotice: () => {},
    idle_timeout: 30,
    connection: { application_name: 'lift3d-api' },
  });
  return {
    sql,
    // A reserved connection instead of sql.begin: BEGIN and the statement that sets the caller (and
    // checks their session) go out together, one round trip instead of three; under load every round
    // trip is a wake-up of this process and of the database's, each of which may wait for a core.
    asCaller: async (caller, fn) => {
      const session = caller.session?.alive === undefined ? caller.session : undefined;
      const claims = JSON.stringify(caller.claims);
      const conn = await sql.reserve();
      try {
        const [, [setup]] = await Promise.all([
          conn`begin`,
          session
            ? conn<{ alive: boolean }[]>`
                select exists (select 1 from auth.sessions
                                where id = ${session.id}::uuid and user_id = ${caller.userId}::uuid
                                  and (not_after is null or not_after > now())) as alive,
                       set_config('role', ${caller.role}, true),
                       set_config('request.jwt.claims', ${claims}, true)`
            : conn<{ alive?: boolean }[]>`
                select set_config('role', ${caller.role}, true),
                       set_config('request.jwt.claims', ${claims}, true)`,
        ]);
        if (session) {
          session.alive = setup.alive === true;
          if (!session.alive) throw sessionEnded();
        }
        // Typed as a transaction, which it is (BEGIN … COMMIT), but without savepoints: no caller uses them.
        const result = await fn(conn as unknown as Tx);
        await conn`commit`;
        return result;
      } catch (error) {
        // What failed is the answer; a rollback that fails too means the connection is gone, and the
        // pool replaces it.
        await conn`rollback`.catch(() => undefined);
        throw error;
      } finally {
        conn.release();
      }
    },
    asService: (fn) => sql.begin((tx) => fn(tx)) as Promise<Awaited<ReturnType<typeof fn>>>,
    close: () => sql.end({ timeout: 5 }),
  };
}
