/**
 * `npm run bench:scale`: N = 1, 2, 4 workers on one PostgreSQL database (a fresh one on 127.0.0.1:5432),
 * first with a fast stand-in task (scripts/support/standin-worker.ts: the real queue and generation SQL
 * functions, the engine replaced by a pause), then with real conversions (worker/src/main.ts, the engine
 * included). Reports conversions per minute and queue wait (start − creation), and fails if any job ran
 * twice or any generation did not complete.
 *
 * BENCH_SCALE_WORKERS (1,2,4), BENCH_SCALE_STANDIN (jobs per round, 200), STANDIN_WORK_MS (50),
 * BENCH_SCALE_REAL (real conversions per round, 4; 0 skips them).
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { migrate, repoRoot } from '@lift3d/local/db/migrate';
import { createStorage } from '@lift3d/storage';
import { installQueue } from '@lift3d/worker/queue';
import postgres from 'postgres';
import sharp from 'sharp';

const OPTIONS = {
  workers: (process.env.BENCH_SCALE_WORKERS ?? '1,2,4').split(',').map(Number),
  standinJobs: Number(process.env.BENCH_SCALE_STANDIN ?? 200),
  realJobs: Number(process.env.BENCH_SCALE_REAL ?? 4),
  server: 'postgres://postgres@127.0.0.1:5432',
};

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Starts n workers and resolves once each has said it is ready, so queue wait excludes start-up. */
async function spawnWorkers(n: number, entry: string, env: Record<string, string>): Promise<ChildProcess[]> {
  const children = Array.from({ length: n }, () =>
    spawn(process.execPath, ['--import', 'tsx', join(repoRoot, entry)], {
      cwd: repoRoot,
      env: { ...process.env, ...env },
      stdio: ['ignore', 'pipe', 'inherit'],
    }),
  );
  await Promise.all(
    children.map(
      (c) =>
        new Promise<void>((resolve, reject) => {
          let out = '';
          c.stdout?.on('data', (d) => {
            out += d;
            if (/ready/.test(out)) resolve();
          });
          c.once('exit', (code) => reject(new Error(`a worker exited during start-up (code ${code})`)));
        }),
    ),
  );
  return children;
}

async function stopWorkers(children: ChildProcess[]) {
  await Promise.all(
    children.map(
      (c) =>
        new Promise<void>((resolve) => {
          if (c.exitCode !== null || c.signalCode !== null) return resolve();
          c.once('exit', () => resolve());
          c.kill('SIGTERM');
        }),
    ),
  );
}

const name = `lift3d_bench_scale_${Date.now().toString(36)}`;
const admin = postgres(`${OPTIONS.server}/postgres`, { max: 1, onnotice: () => {} });
await admin.unsafe(`create database ${name}`);
const url = `${OPTIONS.server}/${name}`;
const storageDir = await mkdtemp(join(tmpdir(), 'lift3d-bench-scale-'));
const sql = postgres(url, { max: 2, onnotice: () => {} });
let failed = false;
try {
  await migrate(url, { seed: true });
  await installQueue({ databaseUrl: url, embeddedDatabase: false });
  await sql`create table public.bench_runs (generation_id uuid not null, worker_id text not null, at timestamptz default now())`;
  // The in-flight limit (at most 100 per user) spreads a round's jobs over enough users.
  await sql`update public.settings set value = '100' where key = 'generation.max_in_flight'`;
  const users: string[] = [];
  for (let u = 0; u < Math.ceil(Math.max(OPTIONS.standinJobs, OPTIONS.realJobs) / 100); u++) {
    const id = crypto.randomUUID();
    await sql`insert into auth.users (id, email, encrypted_password, raw_user_meta_data, email_confirmed_at)
              values (${id}, ${`scale-${u}@example.test`}, 'x', ${sql.json({ name: 'Scale' })}, now())`;
    await sql`select public.apply_credit_change(${id}, 10000000, 'purchase', ${`bench:scale:${u}`})`;
    users.push(id);
  }
  const storage = createStorage({ kind: 'disk', dir: storageDir });
  const image = new Uint8Array(
    await sharp(
      Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" width="256" height="256" viewBox="0 0 100 100">
        <path d="M38 12 h24 v10 q14 12 14 34 q0 30 -26 34 q-26 -4 -26 -34 q0 -22 14 -34 z" fill="#2f7fd8"/></svg>`),
    )
      .png()
      .toBuffer(),
  );

  /** Creates `count` generations as the user (create_generation charges and enqueues each). */
  const enqueue = async (count: number) => {
    const keys: string[] = [];
    for (let i = 0; i < count; i++) {
      keys.push(`uploads/${crypto.randomUUID()}.png`);
      await storage.put(keys[i], image, 'image/png');
    }
    return sql.begin(async (tx) => {
      const ids: string[] = [];
      for (const [i, key] of keys.entries()) {
        // Recorded as the api records what it stores: the generation functions take only recorded uploads.
        await tx`insert into public.direct_uploads (key, user_id, purpose, content_type, declared_bytes, expires_at, source)
                 values (${key}, ${users[i % users.length]}, 'paid', 'image/png', ${image.byteLength},
                         now() + interval '1 hour', 'api')`;
        const claims = JSON.stringify({ sub: users[i % users.length], role: 'authenticated' });
        await tx`select set_config('role', 'authenticated', true), set_config('request.jwt.claims', ${claims}, true)`;
        const [row] =
          await tx`select id from public.create_generation('model', 'glb', 'low', ${key}, 'image/png', ${image.byteLength}, null)`;
        ids.push(row.id);
        await tx`select set_config('role', 'postgres', true)`;
      }
      return ids;
    });
  };

  const round = async (
    label: string,
    n: number,
    count: number,
    entry: string,
    env: Record<string, string>,
  ) => {
    const children = await spawnWorkers(n, entry, { DATABASE_URL: url, STORAGE_DIR: storageDir, ...env });
    const t0 = Date.now();
    // One transaction for the whole round: every job becomes visible to the workers at once.
    const ids = await enqueue(count);
    try {
      for (const deadline = Date.now() + 1_800_000; ; await sleep(250)) {
        const [r] = await sql`select count(*) filter (where status in ('completed', 'failed'))::int as done
                                from public.generations where id = any(${ids}::uuid[])`;
        if (r.done === count) break;
        if (Date.now() > deadline) throw new Error(`${label}: not finished after 30 minutes`);
      }
    } finally {
      await stopWorkers(children);
    }
    const [stats] = await sql`
      select count(*) filter (where status = 'completed')::int as completed,
             max(attempts)::int as max_attempts,
             extract(epoch from max(completed_at) - min(started_at))::float as span,
             percentile_cont(0.5) within group (order by extract(epoch from started_at - created_at))::float as wait_p50,
             max(extract(epoch from started_at - created_at))::float as wait_max
        from public.generations where id = any(${ids}::uuid[])`;
    const [twice] = await sql`select count(*)::int as n from (select generation_id from public.bench_runs
                                where generation_id = any(${ids}::uuid[]) group by 1 having count(*) > 1) d`;
    const perMinute = (count / stats.span) * 60;
    const ranTwice = entry.includes('standin') ? twice.n : stats.max_attempts > 1 ? 1 : 0;
    console.log(
      `${label.padEnd(9)} N=${n}  ${count} jobs  ${perMinute.toFixed(1).padStart(7)} conversions/min  ` +
        `queue wait p50 ${stats.wait_p50.toFixed(1)} s, max ${stats.wait_max.toFixed(1)} s  ` +
        `completed ${stats.completed}/${count}  ran twice ${ranTwice}  (wall ${((Date.now() - t0) / 1000).toFixed(0)} s)`,
    );
    if (stats.completed !== count || ranTwice > 0) failed = true;
  };

  console.log(`bench:scale on PostgreSQL, ${availableParallelism()} cores`);
  for (const n of OPTIONS.workers)
    await round('stand-in', n, OPTIONS.standinJobs, 'scripts/support/standin-worker.ts', {});
  if (OPTIONS.realJobs > 0)
    for (const n of OPTIONS.workers)
      await round('real', n, OPTIONS.realJobs, 'worker/src/main.ts', { WORKER_POLL_MS: '300' });
  console.log(
    `load average ${loadavg()
      .map((l) => l.toFixed(1))
      .join(' ')}; ${failed ? 'FAIL' : 'PASS'} (every job completed once)`,
  );
  process.exitCode = failed ? 1 : 0;
} finally {
  await sql.end();
  await admin.unsafe(`drop database if exists ${name} with (force)`);
  await admin.end();
  await rm(storageDir, { recursive: true, force: true });
}
