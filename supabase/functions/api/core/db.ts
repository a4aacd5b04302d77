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
import { addTiming, timeInto } from './server-timing.ts';

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
    // sql.begin, not a reserved connection with BEGIN pipelined: a reserved connection that the database
    // dropped mid-request (an outage, a restart) left the request waiting for ever on its rollback. The
    // statement that sets the caller checks their session too, so the check costs no round trip of its own.
    asCaller: (caller, fn) =>
      transaction(sql, async (tx) => {
        const session = caller.session?.alive === undefined ? caller.session : undefined;
        const claims = JSON.stringify(caller.claims);
        if (!session) {
          await tx`select set_config('role', ${caller.role}, true),
                          set_config('request.jwt.claims', ${claims}, true)`;
          return fn(tx);
        }
        const [setup] = await tx<{ alive: boolean }[]>`
          select exists (select 1 from auth.sessions
                          where id = ${session.id}::uuid and user_id = ${caller.userId}::uuid
                            and (not_after is null or not_after > now())) as alive,
                 set_config('role', ${caller.role}, true),
                 set_config('request.jwt.claims', ${claims}, true)`;
        session.alive = setup.alive === true;
        if (!session.alive) throw sessionEnded();
        return fn(tx);
      }),
    asService: (fn) => transaction(sql, fn),
    close: () => sql.end({ timeout: 5 }),
  };
}

/** sql.begin, its time (and the part spent before the first statement could go) in Server-Timing. */
function transaction<T>(sql: Sql, fn: (tx: Tx) => Promise<T>): Promise<T> {
  const asked = performance.now();
  return timeInto('db', () =>
    sql.begin((tx) => {
      addTiming('dbw', performance.now() - asked);
      return fn(tx);
    }),
  ) as Promise<T>;
}
