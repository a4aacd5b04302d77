/**
 * A stand-in conversion worker for `npm run bench:scale`: the real queue (graphile-worker) and the real
 * generation SQL functions (start, progress, complete), with the engine replaced by a fixed pause, so the
 * figures show what the queue and the database do as workers are added. Every run is recorded in
 * public.bench_runs (the bench's own table) so the bench can prove no job ran twice.
 */
import { hostname } from 'node:os';
import { run } from 'graphile-worker';
import postgres from 'postgres';

const databaseUrl = process.env.DATABASE_URL;
if (!databaseUrl) throw new Error('standin-worker: DATABASE_URL is required');
const workMs = Number(process.env.STANDIN_WORK_MS ?? 50);
const workerId = `standin-${hostname()}-${process.pid}`;
const sql = postgres(databaseUrl, { max: 2, onnotice: () => {} });

const runner = await run({
  connectionString: databaseUrl,
  concurrency: 1,
  pollInterval: Number(process.env.WORKER_POLL_MS ?? 200),
  noHandleSignals: true,
  taskList: {
    convert: async (payload, helpers) => {
      const { id } = payload as { id: string };
      const token = `${workerId}:${helpers.job.id}:${helpers.job.attempts}`;
      const [g] = await sql`select * from public.generation_start(${id}, ${token}, ${helpers.job.attempts})`;
      if (!g?.id) return;
      await sql`insert into public.bench_runs (generation_id, worker_id) values (${id}, ${workerId})`;
      await sql`select public.generation_progress(${id}, ${token}, 'geometry', 0.5)`;
      await new Promise((r) => setTimeout(r, workMs));
      const [done] = await sql`select public.generation_complete(${id}, ${token}, '{}'::jsonb) as ok`;
      if (!done.ok) throw new Error(`standin-worker: lost generation ${id}`);
    },
  },
});
console.log('standin-worker: ready');
process.on('SIGTERM', async () => {
  await runner.stop();
  await sql.end({ timeout: 5 });
  process.exit(0);
});
await runner.promise;
