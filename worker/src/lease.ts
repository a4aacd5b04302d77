/**
 * Leases for conversions and turntable renders. graphile-worker frees the job of a dead worker only after 4 hours, so every
 * worker also runs this reaper: generations whose heartbeat is older than the lease get their job freed
 * for another worker (or, out of attempts, failed and refunded) by public.reap_stale_generations().
 * Any number of workers may reap at once: the function locks what it touches and skips what others hold.
 */
import type { Sql } from 'postgres';

export interface ReaperOptions {
  sql: Sql;
  leaseSeconds: number;
  intervalMs: number;
  log: (line: string) => void;
}

export function startReaper(options: ReaperOptions): { stop(): Promise<void> } {
  let running: Promise<void> | null = null;
  const tick = () => {
    if (running) return;
    running = (async () => {
      try {
        const rows = await options.sql`
          select generation_id, action from public.reap_stale_generations(${options.leaseSeconds})`;
        for (const row of rows) options.log(`lease: generation ${row.generation_id}: ${row.action}`);
        // Turntables of existing models are leased the same way (tasks/render-video.ts).
        const videos = await options.sql`
          select generation_id, action from public.reap_stale_model_videos(${options.leaseSeconds})`;
        for (const row of videos) options.log(`lease: video of ${row.generation_id}: ${row.action}`);
      } catch (error) {
        // The next tick tries again; a database outage is visible in the log meanwhile.
        options.log(`lease: reaping failed: ${(error as Error).message}`);
      } finally {
        running = null;
      }
    })();
  };
  const timer = setInterval(tick, options.intervalMs);
  tick();
  return {
    async stop() {
      clearInterval(timer);
      await running;
    },
  };
}
