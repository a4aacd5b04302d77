/**
 * The setup the whole-stack fault tests share: the local stack as its own process group in a data folder of
 * the test's own, on the database the test chooses (PGlite inside the stack, or a PostgreSQL URL), users
 * with credits, and the invariant check of support/invariants.ts against the stack's database and storage.
 * `restart` kills nothing by itself: it starts the stack again on the same folder and port (tokens name the
 * auth URL as issuer), as an operator would after a crash.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  type StackProcess,
  signUp,
  startStackProcess,
  waitUntilHealthy,
} from '@lift3d/local/testing/stack-process';
import postgres from 'postgres';
import { waitFor } from './generation-harness.ts';
import { checkInvariants, settledInvariants } from './invariants.ts';

export interface FaultStack {
  /** The stack now running (a new one after `restart`). */
  stack: StackProcess;
  dataDir: string;
  storageDir: string;
  /** A user signed up through the auth server, with `credits` bought. */
  user(credits: number): Promise<{ id: string; token: string }>;
  /** Runs `fn` on a short-lived connection to the stack's database (it may be down between calls). */
  withDb<T>(fn: (sql: postgres.Sql) => Promise<T>): Promise<T>;
  /** Why the stack can no longer answer (its process exited, e.g. a supervisor gave up), or null. */
  gone(): string | null;
  /**
   * waitFor with the stack's log in the failure, failing at once when the stack exits or `hopeless`
   * (e.g. "the generation already failed") names a reason; polls every `pollMs` (200).
   */
  waitFor<T>(
    what: string,
    check: () => Promise<T | null | undefined | false>,
    timeoutMs: number,
    options?: { hopeless?: () => Promise<string | null>; pollMs?: number },
  ): Promise<T>;
  /** The violations of the fault invariants once settled (empty when all hold). */
  invariants(): Promise<string[]>;
  restart(): Promise<StackProcess>;
  stop(): Promise<void>;
}

export async function startFaultStack(options: {
  name: string;
  /** PostgreSQL to use; without it the stack runs its embedded PGlite in the data folder. */
  databaseUrl?: string;
  env?: Record<string, string>;
}): Promise<FaultStack> {
  const dataDir = await mkdtemp(join(tmpdir(), `lift3d-${options.name}-`));
  const env = {
    WORKER_LEASE_SECONDS: '5',
    WORKER_POLL_MS: '300',
    ...(options.databaseUrl ? { DATABASE_URL: options.databaseUrl } : {}),
    ...options.env,
  };
  let stack: StackProcess;
  try {
    stack = await startStackProcess({ dataDir, env });
    await waitUntilHealthy(stack, 180_000);
  } catch (error) {
    await rm(dataDir, { recursive: true, force: true });
    throw error;
  }
  const withDb = async <T>(fn: (sql: postgres.Sql) => Promise<T>): Promise<T> => {
    const sql = postgres(stack.databaseUrl, { max: 1, prepare: false, onnotice: () => {} });
    try {
      return await fn(sql);
    } finally {
      await sql.end();
    }
  };
  const storageDir = join(dataDir, 'storage');
  const gone = () => {
    const { exitCode, signalCode } = stack.child;
    return exitCode === null && signalCode === null
      ? null
      : `the stack exited (${signalCode ? `signal ${signalCode}` : `code ${exitCode}`})`;
  };
  return {
    get stack() {
      return stack;
    },
    dataDir,
    storageDir,
    async user(credits) {
      const user = await signUp(stack);
      await withDb(
        (sql) =>
          sql`select public.apply_credit_change(${user.id}, ${credits}, 'purchase', ${`test:${user.id}`})`,
      );
      return user;
    },
    withDb,
    gone,
    waitFor: (what, check, timeoutMs, options = {}) =>
      waitFor(
        what,
        check,
        timeoutMs,
        [stack.logs],
        async () => gone() ?? (await options.hopeless?.()) ?? null,
        options.pollMs,
      ),
    invariants: () => settledInvariants(() => withDb((sql) => checkInvariants(sql, storageDir))),
    async restart() {
      stack = await startStackProcess({ dataDir, env, port: Number(new URL(stack.url).port) });
      return stack;
    },
    async stop() {
      await stack.stop();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}
