/**
 * `npm run bench:load`: a bounded number of simulated users against the local stack while conversions
 * run. Each user signs in, then loops: poll their generation (as the studio does), list My models, read
 * their profile, download a finished model, and signs in again now and then. Reports throughput, error
 * rate and p50/p99 of the authenticated calls; exits 1 above 1% errors.
 *
 * BENCH_USERS (8), BENCH_SECONDS (60), BENCH_CONVERSIONS (conversions started during the run, 2),
 * BENCH_THINK_MS (pause between a user's calls, 250), BENCH_POSTGRES=1 (a fresh database on the
 * PostgreSQL at 127.0.0.1:5432 instead of PGlite).
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  getGeneration,
  postGeneration,
  type StackProcess,
  startStackProcess,
  waitUntilHealthy,
} from '@lift3d/local/testing/stack-process';
import postgres from 'postgres';
import sharp from 'sharp';

const OPTIONS = {
  users: Number(process.env.BENCH_USERS ?? 8),
  seconds: Number(process.env.BENCH_SECONDS ?? 60),
  conversions: Number(process.env.BENCH_CONVERSIONS ?? 2),
  thinkMs: Number(process.env.BENCH_THINK_MS ?? 250),
  postgres: process.env.BENCH_POSTGRES === '1',
  maxErrorRate: 0.01,
  password: 'correct-horse-42',
};

type Kind = 'sign-in' | 'poll' | 'my-models' | 'profile' | 'download';
interface Sample {
  kind: Kind;
  ms: number;
  ok: boolean;
  detail?: string;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

function quantiles(values: number[]) {
  const sorted = [...values].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0;
  return { n: sorted.length, p50: at(0.5), p99: at(0.99), max: sorted.at(-1) ?? 0 };
}

async function timed(kind: Kind, call: () => Promise<Response>): Promise<Sample> {
  const t0 = performance.now();
  try {
    const res = await call();
    await res.arrayBuffer();
    return {
      kind,
      ms: performance.now() - t0,
      ok: res.ok,
      detail: res.ok ? undefined : `HTTP ${res.status}`,
    };
  } catch (error) {
    return { kind, ms: performance.now() - t0, ok: false, detail: (error as Error).message };
  }
}

interface User {
  id: string;
  email: string;
  token: string;
  generationId: string | null;
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
  await sql`select public.apply_credit_change(${body.user.id}, 200, 'purchase', ${`bench:load:${n}`})`;
  return { id: body.user.id, email, token: body.access_token, generationId: null };
}

async function simulate(stack: StackProcess, user: User, finished: () => string | null, until: number) {
  const samples: Sample[] = [];
  const auth = () => ({ authorization: `Bearer ${user.token}` });
  for (let i = 0; Date.now() < until; i++) {
    if (i % 20 === 0) {
      let token = '';
      const s = await timed('sign-in', async () => {
        const res = await fetch(`${stack.url}/auth/v1/token?grant_type=password`, {
          method: 'POST',
          headers: { apikey: stack.anonKey, 'content-type': 'application/json' },
          body: JSON.stringify({ email: user.email, password: OPTIONS.password }),
        });
        if (res.ok) token = ((await res.clone().json()) as { access_token: string }).access_token;
        return res;
      });
      samples.push(s);
      if (token) user.token = token;
    }
    const step = i % 4;
    if (step === 0 && user.generationId) {
      const id = user.generationId;
      samples.push(
        await timed('poll', () => fetch(`${stack.url}/api/generations/${id}`, { headers: auth() })),
      );
    } else if (step === 1) {
      samples.push(
        await timed('my-models', () => fetch(`${stack.url}/api/generations?limit=50`, { headers: auth() })),
      );
    } else if (step === 2) {
      samples.push(
        await timed('profile', () => fetch(`${stack.url}/api/users/${user.id}`, { headers: auth() })),
      );
    } else {
      const id = finished();
      if (id)
        samples.push(
          await timed('download', () =>
            fetch(`${stack.url}/api/generations/${id}/download?format=glb`, { headers: auth() }),
          ),
        );
    }
    await sleep(OPTIONS.thinkMs);
  }
  return samples;
}

const dataDir = await mkdtemp(join(tmpdir(), 'lift3d-bench-load-'));
let databaseName: string | null = null;
// Every simulated user signs in from 127.0.0.1: the per-address sign-in limit (30 per 5 minutes, as
// Supabase) would answer 429 to a load test rather than measure it.
const env: Record<string, string> = { AUTH_SIGN_IN_LIMIT: '100000' };
if (OPTIONS.postgres) {
  databaseName = `lift3d_bench_${Date.now().toString(36)}`;
  const admin = postgres('postgres://postgres@127.0.0.1:5432/postgres', { max: 1, onnotice: () => {} });
  await admin.unsafe(`create database ${databaseName}`);
  await admin.end();
  env.DATABASE_URL = `postgres://postgres@127.0.0.1:5432/${databaseName}`;
}
const stack = await startStackProcess({ dataDir, env, port: Number(process.env.PORT ?? 0) || undefined });
try {
  await waitUntilHealthy(stack);
  const sql = postgres(stack.databaseUrl, { max: 1, prepare: false, onnotice: () => {} });
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

  // One finished model to download before the clock starts, then more conversions during the run.
  const first = await postGeneration(stack, users[0].token, image, { format: 'glb' });
  users[0].generationId = first.id;
  let downloadable: string | null = null;
  for (const deadline = Date.now() + 300_000; !downloadable; await sleep(1000)) {
    const g = await getGeneration(stack, users[0].token, first.id);
    if (g.status === 'failed') throw new Error(`bench: the first conversion failed: ${g.error}`);
    if (g.status === 'completed') downloadable = first.id;
    if (Date.now() > deadline) throw new Error('bench: the first conversion took too long');
  }
  // Every user gets a finished model of their own to download: a copy of that row pointing at the same
  // stored results (setup only; owners are checked on every download). Its photo key is a made-up one:
  // the first user's upload is theirs alone.
  const finished = new Map<string, string>([[users[0].id, downloadable]]);
  for (const user of users.slice(1)) {
    const [row] = await sql`
      insert into public.generations (user_id, kind, format, topology, cost, input_key, status, stage, progress,
                                      outputs, started_at, completed_at)
      select ${user.id}, kind, format, topology, 0, 'uploads/' || gen_random_uuid() || '.png', 'completed', 'done', 1,
             outputs, now(), now()
        from public.generations where id = ${downloadable}
      returning id`;
    finished.set(user.id, row.id);
  }
  await sql.end();
  const finishedFor = (user: User) => () => finished.get(user.id) ?? null;

  const started = Date.now();
  const until = started + OPTIONS.seconds * 1000;
  const conversions = (async () => {
    const made: string[] = [];
    for (let c = 0; c < OPTIONS.conversions; c++) {
      const user = users[(c + 1) % users.length];
      const g = await postGeneration(stack, user.token, image, {
        format: 'glb',
        kind: c === 0 ? 'video' : 'model',
      });
      user.generationId = g.id;
      made.push(g.id);
      await sleep((OPTIONS.seconds * 1000) / (OPTIONS.conversions + 1));
    }
    return made;
  })();
  const results = await Promise.all(users.map((u) => simulate(stack, u, finishedFor(u), until)));
  const elapsed = (Date.now() - started) / 1000;
  const made = await conversions;
  const samples = results.flat();
  const errors = samples.filter((s) => !s.ok);
  const rate = errors.length / Math.max(1, samples.length);
  const all = quantiles(samples.map((s) => s.ms));
  console.log(
    `bench:load — ${OPTIONS.users} users for ${elapsed.toFixed(0)} s on ${OPTIONS.postgres ? 'PostgreSQL' : 'PGlite'}, ` +
      `${made.length + 1} conversions (1 before the clock)`,
  );
  console.log(
    `authenticated calls: ${samples.length} in ${elapsed.toFixed(1)} s = ${(samples.length / elapsed).toFixed(1)} req/s; ` +
      `errors ${errors.length} (${(rate * 100).toFixed(2)}%); p50 ${all.p50.toFixed(1)} ms, p99 ${all.p99.toFixed(1)} ms, max ${all.max.toFixed(1)} ms`,
  );
  for (const kind of ['sign-in', 'poll', 'my-models', 'profile', 'download'] as Kind[]) {
    const q = quantiles(samples.filter((s) => s.kind === kind).map((s) => s.ms));
    if (q.n)
      console.log(`  ${kind.padEnd(10)} n=${q.n}  p50 ${q.p50.toFixed(1)} ms  p99 ${q.p99.toFixed(1)} ms`);
  }
  for (const e of errors.slice(0, 5)) console.log(`  error: ${e.kind}: ${e.detail}`);
  if (errors.length)
    for (const line of stack.logs.filter((l) => /error|fail/i.test(l)).slice(0, 8))
      console.log(`  stack: ${line}`);
  const statuses = await Promise.all(
    made.map(async (id, c) => (await getGeneration(stack, users[(c + 1) % users.length].token, id)).status),
  );
  console.log(`conversions started during the run: ${statuses.join(', ') || 'none'}`);
  console.log(
    `machine: ${availableParallelism()} cores, load average ${loadavg()
      .map((l) => l.toFixed(1))
      .join(' ')}`,
  );
  const ok = rate <= OPTIONS.maxErrorRate;
  console.log(`error rate ${(rate * 100).toFixed(2)}% ${ok ? '≤' : '>'} 1%: ${ok ? 'PASS' : 'FAIL'}`);
  process.exitCode = ok ? 0 : 1;
} catch (error) {
  console.error(stack.logs.slice(-40).join('\n'));
  throw error;
} finally {
  await stack.stop();
  await rm(dataDir, { recursive: true, force: true });
  if (databaseName) {
    const admin = postgres('postgres://postgres@127.0.0.1:5432/postgres', { max: 1, onnotice: () => {} });
    await admin.unsafe(`drop database if exists ${databaseName} with (force)`);
    await admin.end();
  }
}
