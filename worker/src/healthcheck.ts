// `node --import tsx worker/src/healthcheck.ts`: exits 0 when a worker on this host heartbeated within
// WORKER_STALE_SECONDS (30), 1 otherwise. For orchestrators (Docker HEALTHCHECK, Kubernetes exec probes)
// that cannot read the database themselves; the same rows drive /api/health.
import { hostname } from 'node:os';
import postgres from 'postgres';

const databaseUrl = process.env.DATABASE_URL ?? process.env.SUPABASE_DB_URL;
if (!databaseUrl) {
  console.error('healthcheck: set DATABASE_URL');
  process.exit(1);
}
const staleSeconds = Number(process.env.WORKER_STALE_SECONDS ?? 30);
const sql = postgres(databaseUrl, { max: 1, prepare: false, connect_timeout: 5, onnotice: () => {} });
try {
  const rows = await sql`
    select worker_id, running_jobs, round(extract(epoch from now() - seen_at)::numeric, 1) as age
      from public.worker_heartbeats
     where hostname = ${hostname()} and not stopping and seen_at >= now() - make_interval(secs => ${staleSeconds})`;
  if (!rows.length) {
    console.error(`healthcheck: no worker on ${hostname()} heartbeated in the last ${staleSeconds} s`);
    process.exitCode = 1;
  } else {
    for (const r of rows)
      console.log(`healthcheck: ${r.worker_id} seen ${r.age} s ago, ${r.running_jobs} job(s) running`);
  }
} catch (error) {
  console.error(`healthcheck: database unreachable: ${(error as Error).message}`);
  process.exitCode = 1;
} finally {
  await sql.end({ timeout: 2 });
}
