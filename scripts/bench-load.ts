/**
 * `npm run bench:load`: authenticated api calls at a fixed rate while conversions keep the worker busy.
 * Goal (issue #26): on PostgreSQL, 50 calls/s during four concurrent conversions, p99 ≤ 20 ms, 0 errors.
 *
 * How: a fresh database on the PostgreSQL at 127.0.0.1:5432 (BENCH_POSTGRES=0: the embedded PGlite),
 * the local stack with WORKER_CONCURRENCY = BENCH_CONVERSIONS (4). Every user gets a finished model of
 * their own; then BENCH_CONVERSIONS conversions are started (one 3D Preview video, the rest models) and the
 * clock starts only once they all run; each one that ends is replaced at once, so that many run all along.
 * Calls are sent open-loop at BENCH_RATE per second (50), whether or not earlier ones have answered, in
 * turns over BENCH_USERS users (8): poll their conversion (as the studio does), list My models, read their
 * profile, download their model (GLB). Each user also signs in again every BENCH_SIGN_IN_SECONDS (30):
 * reported apart, since a sign-in is the auth server's password hash, not an api call.
 *
 * Conditions printed with the figures: cores, load average (the machine may be shared), the client's own
 * scheduling lag, and each process of the stack with its CPU priority, autogroup and the CPU it used.
 * BENCH_NICE (default 0, as deployed; negative needs root) runs the stack, this client and the database's
 * sessions of the stack at that priority, and sets the autogroups of the stack's and the client's
 * sessions and of the database server to it (bench-load-procs.ts: with autogroups a nice value counts only
 * inside a session; BENCH_DATABASE_GROUP=0 leaves the server's as it is); engines
 * in sessions of their own are shifted by as much. The worker always sets its own priorities.
 * Exits 1 on any error or a p99 over BENCH_TARGET_MS (20).
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { availableParallelism, getPriority, loadavg, setPriority, tmpdir } from 'node:os';
import { join } from 'node:path';
import postgres from 'postgres';
import sharp from 'sharp';
import {
  postGeneration,
  type StackProcess,
  startStackProcess,
  waitUntilHealthy,
} from '../local/test/support/stack-process.ts';
import { describeHops, parseServerTiming } from './bench-load-hops.ts';
import {
  autogroupOf,
  cpuGroupOf,
  cpuSince,
  describePriorities,
  groupProcesses,
  type Role,
  setAutogroupNice,
  shiftAutogroupNice,
} from './bench-load-procs.ts';

const env = process.env;
const OPTIONS = {
  rate: Number(env.BENCH_RATE ?? 50),
  seconds: Number(env.BENCH_SECONDS ?? 60),
  users: Number(env.BENCH_USERS ?? 8),
  conversions: Number(env.BENCH_CONVERSIONS ?? 4),
  signInSeconds: Number(env.BENCH_SIGN_IN_SECONDS ?? 30),
  postgres: env.BENCH_POSTGRES !== '0',
  nice: Number(env.BENCH_NICE ?? 0),
  /** With BENCH_NICE, also set the database server's autogroup to it (for the run; put back after). */
  databaseGroup: env.BENCH_DATABASE_GROUP !== '0',
  targetP99Ms: Number(env.BENCH_TARGET_MS ?? 20),
  /** The worker's own setting (worker/src/config.ts), read to recognise engines that have applied it. */
  engineGroupNice: Number(env.WORKER_ENGINE_GROUP_NICE ?? Number.NaN),
  /** Starting the conversions (engines loading their models) may take this long before the clock. */
  startTimeoutMs: 300_000,
  password: 'correct-horse-42',
  adminUrl: 'postgres://postgres@127.0.0.1:5432/postgres',
};

const KINDS = ['poll', 'my-models', 'profile', 'download'] as const;
type Kind = (typeof KINDS)[number] | 'sign-in';
interface Sample {
  kind: Kind;
  ms: number;
  ok: boolean;
  detail?: string;
  /** The answer's Server-Timing figures (the gateway's `gw`, the api's `app`, `db`, ...), in ms. */
  hops?: Record<string, number>;
}
interface User {
  id: string;
  email: string;
  token: string;
  /** Their finished model (downloads) and the conversion they have running, if any (polls). */
  model: string;
  running: string | null;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const sleepUntil = (t: number) => sleep(Math.max(0, t - performance.now()));

function quantiles(values: number[]) {
  const sorted = [...values].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0;
  return { n: sorted.length, p50: at(0.5), p95: at(0.95), p99: at(0.99), max: sorted.at(-1) ?? 0 };
}
const fmt = (q: ReturnType<typeof quantiles>) =>
  `n=${q.n}  p50 ${q.p50.toFixed(1)}  p95 ${q.p95.toFixed(1)}  p99 ${q.p99.toFixed(1)}  max ${q.max.toFixed(1)} ms`;

async function timed(kind: Kind, call: () => Promise<Response>): Promise<Sample> {
  const t0 = performance.now();
  try {
    const res = await call();
    await res.arrayBuffer();
    const ms = performance.now() - t0;
    const hops = parseServerTiming(res.headers.get('server-timing'));
    return { kind, ms, ok: res.ok, detail: res.ok ? undefined : `HTTP ${res.status}`, hops };
  } catch (error) {
    return { kind, ms: performance.now() - t0, ok: false, detail: (error as Error).message };
  }
}

async function signIn(stack: StackProcess, user: User): Promise<Sample> {
  return timed('sign-in', async () => {
    const res = await fetch(`${stack.url}/auth/v1/token?grant_type=password`, {
      method: 'POST',
      headers: { apikey: stack.anonKey, 'content-type': 'application/json' },
      body: JSON.stringify({ email: user.email, password: OPTIONS.password }),
    });
    if (res.ok) user.token = ((await res.clone().json()) as { access_token: string }).access_token;
    return res;
  });
}

function call(stack: StackProcess, user: User, kind: (typeof KINDS)[number]): Promise<Sample> {
  const headers = { authorization: `Bearer ${user.token}` };
  const path = {
    poll: `/api/generations/${user.running ?? user.model}`,
    'my-models': '/api/generations?limit=50',
    profile: `/api/users/${user.id}`,
    download: `/api/generations/${user.model}/download?format=glb`,
  }[kind];
  return timed(kind, () => fetch(`${stack.url}${path}`, { headers }));
}

async function makeUser(stack: StackProcess, sql: postgres.Sql, n: number): Promise<User> {
  const email = `load-${n}-${crypto.randomUUID().slice(0, 6)}@example.test`;
  const res = await fetch(`${stack.url}/auth/v1/signup`, {
    method: 'POST',
    headers: { apikey: stack.anonKey, 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: OPTIONS.password, data: { name: `Load ${n}` } }),
  });
  const body = (await res.json()) as { access_token?: string; user: { id: string } };
  if (!res.ok || !body.access_token) throw new Error(`bench: sign-up failed: ${JSON.stringify(body)}`);
  await sql`select public.apply_credit_change(${body.user.id}, 100000, 'purchase', ${`bench:load:${n}`})`;
  return { id: body.user.id, email, token: body.access_token, model: '', running: null };
}

/** Keeps `count` conversions going (each by a user of its own), replacing each one that ends. */
function conversionKeeper(stack: StackProcess, sql: postgres.Sql, users: User[], image: Uint8Array) {
  const slots = users.slice(1, 1 + OPTIONS.conversions);
  const state = { started: 0, finished: 0, failed: 0, running: 0, samples: [] as number[], stop: false };
  const start = async (user: User, slot: number) => {
    const kind = slot === 0 ? 'video' : 'model';
    user.running = (await postGeneration(stack, user.token, image, { format: 'glb', kind })).id;
    state.started++;
  };
  const loop = (async () => {
    await Promise.all(slots.map(start));
    while (!state.stop) {
      const ids = slots.map((u) => u.running);
      const rows = await sql<{ id: string; status: string }[]>`
        select id, status from public.generations where id = any(${ids}::uuid[])`;
      const status = new Map(rows.map((r) => [r.id, r.status]));
      state.running = rows.filter((r) => r.status === 'processing').length;
      for (const [slot, user] of slots.entries()) {
        const s = status.get(user.running ?? '');
        if (s !== 'completed' && s !== 'failed') continue;
        state.finished++;
        if (s === 'failed') state.failed++;
        await start(user, slot);
      }
      await sleep(500);
    }
  })();
  return { state, loop, slots };
}

const dataDir = await mkdtemp(join(tmpdir(), 'lift3d-bench-load-'));
let databaseName: string | null = null;
// Every simulated user signs in from 127.0.0.1: the per-address sign-in limit (30 per 5 minutes, as
// Supabase) would answer 429 to a load test rather than measure it.
const stackEnv: Record<string, string> = {
  AUTH_SIGN_IN_LIMIT: '100000',
  WORKER_CONCURRENCY: String(Math.max(1, OPTIONS.conversions)),
};
if (OPTIONS.postgres) {
  databaseName = `lift3d_bench_${Date.now().toString(36)}`;
  const admin = postgres(OPTIONS.adminUrl, { max: 1, onnotice: () => {} });
  await admin.unsafe(`create database ${databaseName}`);
  await admin.end();
  stackEnv.DATABASE_URL = OPTIONS.adminUrl.replace(/\/postgres$/, `/${databaseName}`);
}
const stack = await startStackProcess({
  dataDir,
  env: stackEnv,
  nice: OPTIONS.nice !== 0 ? OPTIONS.nice : undefined,
  port: Number(env.PORT ?? 0) || undefined,
});
// The client measures, so it runs at the stack's priority (set after the stack started: `nice -n` is
// relative to ours): its own delays would count as the api's.
// With autogroups the same priority is also given to the two sessions (the stack's and this client's).
const restore: (() => void)[] = [];
if (OPTIONS.nice !== 0) {
  setPriority(OPTIONS.nice);
  for (const pid of [stack.child.pid!, 'self'] as const) {
    const undo = setAutogroupNice(pid, OPTIONS.nice);
    if (undo) restore.push(undo);
  }
}
try {
  await waitUntilHealthy(stack);
  const sql = postgres(stack.databaseUrl, { max: 1, prepare: false, onnotice: () => {} });
  // The database's sessions serving the stack are part of what is measured: same priority (PostgreSQL
  // starts one process per connection, and pools open new ones, so this is checked again every second).
  // Engine processes that lead sessions of their own (WORKER_ENGINE_IDLE) are shifted by as much as the
  // stack's session, so that the stack's parts keep the same relation to each other as without BENCH_NICE.
  let databasePid: number | null = null;
  const raiseSessions = async () => {
    if (OPTIONS.nice === 0) return;
    for (const p of groupProcesses(stack.child.pid!)) {
      if (p.role !== 'engine' || !p.ownSession) continue;
      // Still (or again) at the worker's value: an engine sets it once as it starts, maybe after us.
      if (autogroupOf(p.pid)?.endsWith(` nice ${OPTIONS.engineGroupNice}`) === true)
        shiftAutogroupNice(p.pid, OPTIONS.nice);
    }
    if (!OPTIONS.postgres) return;
    const rows = await sql<{ pid: number }[]>`
      select pid from pg_stat_activity where datname = current_database()`;
    // Every PostgreSQL process shares the server's one session (autogroup): the sessions' nice values
    // count only inside it. BENCH_DATABASE_GROUP=0 leaves the server's session as it is.
    if (OPTIONS.databaseGroup && databasePid === null && rows[0]) {
      databasePid = rows[0].pid;
      const undo = setAutogroupNice(rows[0].pid, OPTIONS.nice);
      if (undo) restore.push(undo);
    }
    for (const { pid } of rows) {
      try {
        if (getPriority(pid) > OPTIONS.nice) setPriority(pid, OPTIONS.nice);
      } catch {
        // That session ended meanwhile.
      }
    }
  };
  await raiseSessions();
  const users: User[] = [];
  for (let n = 0; n < OPTIONS.users; n++) users.push(await makeUser(stack, sql, n));
  const image = new Uint8Array(
    await sharp(
      Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" width="256" height="256" viewBox="0 0 100 100">
        <path d="M38 12 h24 v10 q14 12 14 34 q0 30 -26 34 q-26 -4 -26 -34 q0 -22 14 -34 z" fill="#2f7fd8"/></svg>`),
    )
      .png()
      .toBuffer(),
  );

  // One finished model, then a copy of its row for every other user (setup only: the same stored files;
  // owners are checked on every download). A copy's photo key is a made-up one: an upload is its owner's.
  const first = await postGeneration(stack, users[0].token, image, { format: 'glb' });
  for (const deadline = Date.now() + OPTIONS.startTimeoutMs; ; await sleep(1000)) {
    const [g] = await sql`select status, error from public.generations where id = ${first.id}`;
    if (g.status === 'failed') throw new Error(`bench: the first conversion failed: ${g.error}`);
    if (g.status === 'completed') break;
    if (Date.now() > deadline) throw new Error('bench: the first conversion took too long');
  }
  users[0].model = first.id;
  for (const user of users.slice(1)) {
    const [row] = await sql`
      insert into public.generations (user_id, kind, format, topology, cost, input_key, status, stage, progress,
                                      outputs, started_at, completed_at)
      select ${user.id}, kind, format, topology, 0, 'uploads/' || gen_random_uuid() || '.png', 'completed', 'done', 1,
             outputs, now(), now()
        from public.generations where id = ${first.id}
      returning id`;
    user.model = row.id;
  }

  const keeper = conversionKeeper(stack, sql, users, image);
  for (const deadline = Date.now() + OPTIONS.startTimeoutMs; keeper.state.running < OPTIONS.conversions; ) {
    if (Date.now() > deadline) throw new Error('bench: the conversions did not all start');
    await sleep(250);
  }

  const procsBefore = groupProcesses(stack.child.pid!);
  const loadBefore = loadavg();
  const samples: Sample[] = [];
  const signIns: Sample[] = [];
  const lag: number[] = [];
  const inFlight: Promise<void>[] = [];
  const gap = 1000 / OPTIONS.rate;
  const total = Math.round(OPTIONS.seconds * OPTIONS.rate);
  const t0 = performance.now();
  const nextSignIn = users.map((_, n) => t0 + ((n + 1) * OPTIONS.signInSeconds * 1000) / users.length);
  const sampler = setInterval(() => {
    keeper.state.samples.push(keeper.state.running);
    void raiseSessions();
  }, 1000);
  for (let i = 0; i < total; i++) {
    const due = t0 + i * gap;
    await sleepUntil(due);
    lag.push(performance.now() - due);
    const n = i % users.length;
    const user = users[n];
    const kind = KINDS[Math.floor(i / users.length) % KINDS.length];
    inFlight.push(call(stack, user, kind).then((s) => void samples.push(s)));
    if (performance.now() >= nextSignIn[n]) {
      nextSignIn[n] += OPTIONS.signInSeconds * 1000;
      inFlight.push(signIn(stack, user).then((s) => void signIns.push(s)));
    }
  }
  await Promise.all(inFlight);
  const elapsed = (performance.now() - t0) / 1000;
  clearInterval(sampler);
  const procsAfter = groupProcesses(stack.child.pid!);
  keeper.state.stop = true;
  await keeper.loop;
  await sql.end();

  const errors = [...samples, ...signIns].filter((s) => !s.ok);
  const all = quantiles(samples.map((s) => s.ms));
  const running = keeper.state.samples;
  console.log(
    `bench:load — ${OPTIONS.postgres ? 'PostgreSQL' : 'PGlite'}, ${OPTIONS.users} users, ${OPTIONS.rate} calls/s asked for ${OPTIONS.seconds} s, ` +
      `${OPTIONS.conversions} conversions kept running (WORKER_CONCURRENCY ${Math.max(1, OPTIONS.conversions)})`,
  );
  console.log(
    `authenticated api calls: ${samples.length} in ${elapsed.toFixed(1)} s = ${(samples.length / elapsed).toFixed(1)}/s, ` +
      `errors ${errors.length}; ${fmt(all)}`,
  );
  for (const kind of KINDS)
    console.log(
      `  ${kind.padEnd(10)} ${fmt(quantiles(samples.filter((s) => s.kind === kind).map((s) => s.ms)))}`,
    );
  console.log(`  sign-in    ${fmt(quantiles(signIns.map((s) => s.ms)))} (not in the figure above)`);
  for (const e of errors.slice(0, 5)) console.log(`  error: ${e.kind}: ${e.detail}`);
  for (const line of describeHops(samples)) console.log(line);
  console.log(
    `conversions: running during the run min ${Math.min(...running)}, mean ${(running.reduce((a, b) => a + b, 0) / Math.max(1, running.length)).toFixed(1)}; ` +
      `${keeper.state.started} started, ${keeper.state.finished} ended (${keeper.state.failed} failed) by the end`,
  );
  const used = cpuSince(procsBefore, procsAfter);
  const share = (role: Role) => ((used.get(role) ?? 0) / 100 / elapsed).toFixed(2);
  console.log(
    `CPU (cores busy on average): engines ${share('engine')}, worker ${share('worker')}, api ${share('api')}, ` +
      `gateway+auth ${share('stack')} (PostgreSQL's own processes not counted)`,
  );
  console.log(
    `priorities: ${describePriorities(procsAfter)}; this client nice ${OPTIONS.nice}` +
      (OPTIONS.postgres ? `, its PostgreSQL sessions nice ${Math.min(0, OPTIONS.nice)}` : ''),
  );
  console.log(
    `autogroups: stack ${autogroupOf(stack.child.pid!) ?? 'none'}, client ${autogroupOf('self') ?? 'none'}, ` +
      `worker ${autogroupOf(procsAfter.find((p) => p.role === 'worker')?.pid ?? 0) ?? 'none'}, ` +
      `engines ${[...new Set(procsAfter.filter((p) => p.role === 'engine').map((p) => autogroupOf(p.pid)))].join(', ') || 'none'}, ` +
      `database server ${databasePid === null ? 'as it was' : (autogroupOf(databasePid) ?? '(session ended)')}`,
  );
  // An engine in a CPU group of its own is out of the autogroups: say which group and whether it is idle.
  console.log(
    `engines' CPU groups: ${[...new Set(procsAfter.filter((p) => p.role === 'engine').map((p) => cpuGroupOf(p.pid)))].join(', ') || 'none'}`,
  );
  console.log(`client scheduling lag: ${fmt(quantiles(lag))}`);
  console.log(
    `machine: ${availableParallelism()} cores, load average ${loadBefore[0].toFixed(1)} at the start, ${loadavg()[0].toFixed(1)} at the end`,
  );
  const ok = errors.length === 0 && all.p99 <= OPTIONS.targetP99Ms;
  console.log(
    `goal: 0 errors and p99 ≤ ${OPTIONS.targetP99Ms} ms: ${ok ? 'PASS' : 'FAIL'} (${errors.length} errors, p99 ${all.p99.toFixed(1)} ms)`,
  );
  process.exitCode = ok ? 0 : 1;
} catch (error) {
  console.error(stack.logs.slice(-40).join('\n'));
  throw error;
} finally {
  for (const undo of restore) undo();
  await stack.stop();
  await rm(dataDir, { recursive: true, force: true });
  if (databaseName) {
    const admin = postgres(OPTIONS.adminUrl, { max: 1, onnotice: () => {} });
    await admin.unsafe(`drop database if exists ${databaseName} with (force)`);
    await admin.end();
  }
}
