/**
 * The job queue: graphile-worker on the project's Postgres. Chosen over pg-boss because its `add_job`
 * is a SQL function, so the credit-spending SQL function can enqueue the conversion in its own
 * transaction; it runs unchanged on Supabase Postgres and on PGlite (no prepared statements there).
 */
import { type Runner, run, runMigrations, type TaskList } from 'graphile-worker';

export interface QueueOptions {
  databaseUrl: string;
  embeddedDatabase: boolean;
}

/** SIGTERM lets running conversions finish (minutes); only then does the pool give up on them. */
const GRACEFUL_SHUTDOWN_MS = 30 * 60 * 1000;

function preset(options: QueueOptions) {
  return {
    worker: {
      preparedStatements: !options.embeddedDatabase,
      connectionString: options.databaseUrl,
      gracefulShutdownAbortTimeout: GRACEFUL_SHUTDOWN_MS,
    },
  };
}

/** Creates or upgrades the `graphile_worker` schema (idempotent). */
export async function installQueue(options: QueueOptions): Promise<void> {
  await runMigrations({ connectionString: options.databaseUrl, preset: preset(options) });
}

export async function startQueue(
  options: QueueOptions & {
    taskList: TaskList;
    concurrency: number;
    pollIntervalMs: number;
    crontab: string;
  },
): Promise<Runner> {
  return run({
    connectionString: options.databaseUrl,
    preset: preset(options),
    taskList: options.taskList,
    concurrency: options.concurrency,
    pollInterval: options.pollIntervalMs,
    crontab: options.crontab,
    noHandleSignals: true,
  });
}
