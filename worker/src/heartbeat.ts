/**
 * The worker's own heartbeat (public.worker_heartbeat), independent of any job: `/api/health` counts a
 * worker as live while its row is fresh, so an orchestrator or a person can see that conversions can run.
 * It keeps beating while the engine converts, because the engine runs off this event loop.
 */
import { hostname } from 'node:os';
import type { Sql } from 'postgres';

export interface HeartbeatOptions {
  sql: Sql;
  concurrency: number;
  intervalMs: number;
  /** Jobs running right now. */
  running: () => number;
  /** Hosted backends this worker has a key for (names only), shown to admins in Settings. */
  backends?: readonly string[];
  log: (line: string) => void;
}

export interface Heartbeat {
  readonly workerId: string;
  /** Writes the row now (a job started or ended). */
  beat(): Promise<void>;
  /** Marks the worker as stopping (no new jobs) at once. */
  stopping(): Promise<void>;
  /** Stops beating and removes the row. */
  stop(): Promise<void>;
}

export function startHeartbeat(options: HeartbeatOptions): Heartbeat {
  const workerId = `${hostname()}:${process.pid}`;
  let isStopping = false;
  let failing = false;
  let last: Promise<void> = Promise.resolve();
  const beat = () => {
    last = last.then(async () => {
      try {
        await options.sql`select public.worker_heartbeat(${workerId}, ${hostname()}, ${process.pid},
          ${options.concurrency}, ${options.running()}, ${isStopping})`;
        await options.sql`select public.worker_backends(${workerId}, ${[...(options.backends ?? [])]}::text[])`;
        if (failing) options.log('worker: heartbeat written again');
        failing = false;
      } catch (error) {
        // Logged once per outage; the next beat retries, and /api/health shows the worker as silent meanwhile.
        if (!failing) options.log(`worker: heartbeat not written: ${(error as Error).message}`);
        failing = true;
      }
    });
    return last;
  };
  const timer = setInterval(beat, options.intervalMs);
  timer.unref();
  void beat();
  return {
    workerId,
    beat,
    async stopping() {
      isStopping = true;
      await beat();
    },
    async stop() {
      clearInterval(timer);
      await last;
      await options.sql`select public.worker_stopped(${workerId})`.catch((error: Error) =>
        options.log(`worker: heartbeat row not removed (it goes stale by itself): ${error.message}`),
      );
    },
  };
}
