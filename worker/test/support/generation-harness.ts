// Helpers for the worker's generation tests: test images drawn in code, worker processes, generations
// created exactly as the api function creates them (as the user, through create_generation).
import { type ChildProcess, spawn } from 'node:child_process';
import { join, resolve } from 'node:path';
import type postgres from 'postgres';
import sharp from 'sharp';

export const repoRoot = resolve(import.meta.dirname, '../../..');

/** A subject with real alpha: a two-colour vase-like shape on a transparent background. */
export async function drawTestImage(size = 256): Promise<Uint8Array> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" viewBox="0 0 100 100">
    <path d="M38 12 h24 v10 q14 12 14 34 q0 30 -26 34 q-26 -4 -26 -34 q0 -22 14 -34 z" fill="#2f7fd8"/>
    <circle cx="50" cy="58" r="12" fill="#f2b233"/></svg>`;
  return new Uint8Array(await sharp(Buffer.from(svg)).png().toBuffer());
}

export interface WorkerHandle {
  child: ChildProcess;
  logs: string[];
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

export function startWorker(env: Record<string, string>, name = 'worker'): WorkerHandle {
  // node itself with tsx's loader (not the tsx CLI, which runs the program in a second process): signals
  // reach the worker, and SIGKILL really kills it.
  const child = spawn(process.execPath, ['--import', 'tsx', join(repoRoot, 'worker/src/main.ts')], {
    cwd: repoRoot,
    env: { ...process.env, WORKER_POLL_MS: '300', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const logs: string[] = [];
  const collect = (chunk: Buffer) => {
    for (const line of chunk.toString().split('\n')) if (line.trim()) logs.push(`[${name}] ${line}`);
  };
  child.stdout?.on('data', collect);
  child.stderr?.on('data', collect);
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((done) =>
    child.once('exit', (code, signal) => done({ code, signal })),
  );
  return { child, logs, exited };
}

/**
 * Polls `check` until it gives a value. Fails with `what` and the last log lines when `timeoutMs` passes
 * (a check that itself hangs, e.g. a request to a stuck server, counts against the same deadline), or at
 * once when `hopeless` names a reason to stop waiting (the generation already ended, the stack exited).
 */
export async function waitFor<T>(
  what: string,
  check: () => Promise<T | null | undefined | false>,
  timeoutMs: number,
  logs: string[][] = [],
  hopeless?: () => Promise<string | null> | string | null,
  pollMs = 200,
): Promise<T> {
  const started = Date.now();
  const deadline = started + timeoutMs;
  const failure = (why: string) =>
    new Error(
      `${why} (after ${((Date.now() - started) / 1000).toFixed(1)} s waiting for ${what})\n${logs.flat().slice(-40).join('\n')}`,
    );
  for (;;) {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const late = new Promise<'late'>((done) => {
      timer = setTimeout(() => done('late'), Math.max(0, deadline - Date.now()));
    });
    const value = await Promise.race([check(), late]).finally(() => clearTimeout(timer));
    if (value === 'late') throw failure(`timed out after ${timeoutMs / 1000} s`);
    if (value) return value;
    const why = await hopeless?.();
    if (why) throw failure(`gave up: ${why}`);
    if (Date.now() > deadline) throw failure(`timed out after ${timeoutMs / 1000} s`);
    await new Promise((r) => setTimeout(r, pollMs));
  }
}

/** Signs up a user (the auth trigger makes the profile) and buys them credits. */
export async function createUserWithCredits(sql: postgres.Sql, credits: number): Promise<string> {
  const id = crypto.randomUUID();
  await sql`insert into auth.users (id, email, encrypted_password, raw_user_meta_data, email_confirmed_at)
            values (${id}, ${`${id.slice(0, 8)}@example.test`}, 'x', ${sql.json({ name: 'Worker Test' })}, now())`;
  if (credits > 0)
    await sql`select public.apply_credit_change(${id}, ${credits}, 'purchase', ${`test:${id}`})`;
  return id;
}

/**
 * What the api records before it stores an image (record_api_uploads), or POST /api/uploads issued: the
 * generation functions take only a key recorded for the user. A key already recorded is left as it is.
 */
export async function recordUpload(sql: postgres.Sql, userId: string, key: string): Promise<string> {
  await sql`insert into public.direct_uploads (key, user_id, purpose, content_type, declared_bytes, expires_at, source)
            values (${key}, ${userId}, 'paid', 'image/png', 1, now() + interval '10 minutes',
                    case when ${key} ~ '^uploads/[0-9a-f-]{36}/' then 'direct' else 'api' end)
            on conflict (key) do nothing`;
  return key;
}

/** What POST /api/generations does after storing the upload: create_generation as the user. */
export async function createGenerationAs(
  sql: postgres.Sql,
  userId: string,
  inputKey: string,
  options: { kind?: 'model' | 'video'; format?: string; topology?: 'low' | 'high' } = {},
): Promise<string> {
  await recordUpload(sql, userId, inputKey);
  const rows = await sql.begin(async (tx) => {
    await tx`select set_config('role', 'authenticated', true),
                    set_config('request.jwt.claims', ${JSON.stringify({ sub: userId, role: 'authenticated' })}, true)`;
    return tx`select id from public.create_generation(${options.kind ?? 'model'}, ${options.format ?? 'glb'},
              ${options.topology ?? 'low'}, ${inputKey}, 'image/png', 1000, null)`;
  });
  return rows[0].id as string;
}

export async function ledger(sql: postgres.Sql, userId: string) {
  return sql`select reason, delta, reference from public.credit_ledger where user_id = ${userId} order by id`;
}
