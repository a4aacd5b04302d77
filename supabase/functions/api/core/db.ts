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

type Sql = postgres.Sql;
export type Tx = postgres.TransactionSql;

export interface Caller {
  role: 'anon' | 'authenticated';
  userId: string | null;
  /** From the token; policies check the table again. */
  isAdmin: boolean;
  claims: Record<string, unknown>;
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
    asCaller: (caller, fn) =>
      sql.begin(async (tx) => {
        await tx`select set_config('role', ${caller.role}, true),
                        set_config('request.jwt.claims', ${JSON.stringify(caller.claims)}, true)`;
        return fn(tx);
      }) as Promise<Awaited<ReturnType<typeof fn>>>,
    asService: (fn) => sql.begin((tx) => fn(tx)) as Promise<Awaited<ReturnType<typeof fn>>>,
    close: () => sql.end({ timeout: 5 }),
  };
}
