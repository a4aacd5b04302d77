/**
 * The job queue: graphile-worker on the project's Postgres. Chosen over pg-boss because its `add_job`
 * is a SQL function, so the credit-spending SQL function can enqueue the conversion in its own
 * transaction; it runs unchanged on Supabase Postgres and on PGlite (no prepared statements there).
 */
import { type Runner, run, runMigrations, type TaskList, type WorkerEvents } from 'graphile-worker';

export interface QueueOptions {
  databaseUrl: string;
  embeddedDatabase: boolean;
  /** Jobs run at once; sizes the pool (default 1). */
  concurrency?: number;
}

/**
 * graphile-worker's own pool (its default is 10). With Supabase's pooler every connection counts against
 * the project's limit: one per running job plus one for polling and LISTEN is enough.
 */
export const QUEUE_POOL_SIZE = { perJob: 1, extra: 2 } as const;

/** SIGTERM lets running conversions finish (minutes); only then does the pool give up on them. */
const GRACEFUL_SHUTDOWN_MS = 30 * 60 * 1000;

function preset(options: QueueOptions) {
  return {
    worker: {
      preparedStatements: !options.embeddedDatabase,
      connectionString: options.databaseUrl,
      maxPoolSize: (options.concurrency ?? 1) * QUEUE_POOL_SIZE.perJob + QUEUE_POOL_SIZE.extra,
      gracefulShutdownAbortTimeout: GRACEFUL_SHUTDOWN_MS,
      // Without a batcher (the default, -1) a finished job's completion is sent and not awaited: a worker
      // that exits right after runner.stop() (SIGTERM) could leave the job it just finished locked until
      // graphile's 4-hour timeout. With one, stopping the pool flushes every completion and failure first.
      completeJobBatchDelay: 0,
      failJobBatchDelay: 0,
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
    /** Listened to before the pool starts, so not even the first job's events are missed. */
    events?: WorkerEvents;
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
    ...(options.events ? { events: options.events } : {}),
  });
}
