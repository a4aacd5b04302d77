/**
 * The local stack as its own process group (for the restart test and the API benchmark): started with
 * node + tsx's loader, stopped with SIGTERM, or killed outright with SIGKILL to the whole group (stack,
 * Deno api, worker), as a crash or a power cut would.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { getPriority } from 'node:os';
import { join, resolve } from 'node:path';
import { freePort } from '../../src/ports.ts';

const repoRoot = resolve(import.meta.dirname, '../../..');

export interface StackProcess {
  url: string;
  child: ChildProcess;
  logs: string[];
  databaseUrl: string;
  anonKey: string;
  stop(): Promise<void>;
  kill(): Promise<void>;
}

export async function startStackProcess(options: {
  dataDir: string;
  port?: number;
  env?: Record<string, string>;
  /** Run the stack at this CPU priority (`nice -n`); its worker still lowers itself to WORKER_NICE. */
  nice?: number;
}): Promise<StackProcess> {
  const port = options.port ?? (await freePort());
  const distDir = join(options.dataDir, 'dist');
  mkdirSync(distDir, { recursive: true });
  writeFileSync(join(distDir, 'index.html'), '<!doctype html><title>Lift3D</title>');
  const command = [process.execPath, '--import', 'tsx', join(repoRoot, 'local/src/main.ts')];
  // `nice -n` is relative to this process's own value: a bench run under `nice -n 19` asking for -10
  // would otherwise get 9.
  if (options.nice !== undefined) command.unshift('nice', '-n', String(options.nice - getPriority()));
  const child = spawn(command[0], command.slice(1), {
    cwd: repoRoot,
    env: { ...process.env, PORT: String(port), DATA_DIR: options.dataDir, DIST_DIR: distDir, ...options.env },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  const logs: string[] = [];
  const collect = (chunk: Buffer) => {
    for (const line of chunk.toString().split('\n')) if (line.trim()) logs.push(line);
  };
  child.stdout?.on('data', collect);
  child.stderr?.on('data', collect);
  const exited = new Promise<void>((done) => child.once('exit', () => done()));
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 180_000;
  for (;;) {
    if (child.exitCode !== null)
      throw new Error(`stack exited during start-up:\n${logs.slice(-30).join('\n')}`);
    if (logs.some((l) => l.includes('Lift3D is ready'))) break;
    if (Date.now() > deadline) throw new Error(`stack did not start:\n${logs.slice(-30).join('\n')}`);
    await new Promise((r) => setTimeout(r, 250));
  }
  // With DATABASE_URL the stack uses that one; otherwise stack.json names its embedded database.
  const databaseUrl: string =
    options.env?.DATABASE_URL ??
    JSON.parse(readFileSync(join(options.dataDir, 'stack.json'), 'utf8')).databaseUrl;
  const { supabaseAnonKey } = (await (await fetch(`${url}/config.json`)).json()) as {
    supabaseAnonKey: string;
  };
  return {
    url,
    child,
    logs,
    databaseUrl,
    anonKey: supabaseAnonKey,
    async stop() {
      if (child.exitCode === null && child.signalCode === null) process.kill(child.pid!, 'SIGTERM');
      // A stack that does not stop within a minute is killed with its whole group: clean-up never hangs.
      const timer = setTimeout(() => {
        try {
          process.kill(-child.pid!, 'SIGKILL');
        } catch {
          // The group is gone already.
        }
      }, 60_000);
      await exited;
      clearTimeout(timer);
    },
    async kill() {
      process.kill(-child.pid!, 'SIGKILL');
      await exited;
      // Give the children of the group (Deno, the worker) a moment to be reaped.
      await new Promise((r) => setTimeout(r, 500));
    },
  };
}

/** Signs a new user up through the Auth API and returns their access token and id. */
export async function signUp(stack: StackProcess): Promise<{ id: string; token: string }> {
  const email = `bench-${crypto.randomUUID().slice(0, 8)}@example.test`;
  const res = await fetch(`${stack.url}/auth/v1/signup`, {
    method: 'POST',
    headers: { apikey: stack.anonKey, 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: 'correct-horse-42', data: { name: 'Studio Test' } }),
  });
  const body = (await res.json()) as { access_token?: string; user: { id: string } };
  if (!res.ok || !body.access_token) throw new Error(`sign-up failed: ${JSON.stringify(body)}`);
  return { id: body.user.id, token: body.access_token };
}

export async function postGeneration(
  stack: StackProcess,
  token: string,
  image: Uint8Array,
  fields: Record<string, string>,
): Promise<{ id: string; status: string }> {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) form.set(k, v);
  form.set('image', new Blob([image as Uint8Array<ArrayBuffer>], { type: 'image/png' }), 'sample.png');
  const res = await fetch(`${stack.url}/api/generations`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}` },
    body: form,
  });
  const body = (await res.json()) as { generation: { id: string; status: string } };
  if (res.status !== 202) throw new Error(`POST /api/generations: ${res.status} ${JSON.stringify(body)}`);
  return body.generation;
}

export interface GenerationJson {
  id: string;
  status: 'queued' | 'processing' | 'completed' | 'failed';
  progress: number;
  stage: string;
  error: string | null;
  files: string[];
}

export async function getGeneration(stack: StackProcess, token: string, id: string) {
  const res = await fetch(`${stack.url}/api/generations/${id}`, {
    headers: { authorization: `Bearer ${token}` },
  });
  if (!res.ok) throw new Error(`GET /api/generations/${id}: ${res.status} ${await res.text()}`);
  return ((await res.json()) as { generation: GenerationJson }).generation;
}

/** Waits until GET /api/health says a conversion can happen (the worker heartbeats a few s after start). */
export async function waitUntilHealthy(stack: StackProcess, timeoutMs = 120_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  let last = '';
  while (Date.now() < deadline) {
    const res = await fetch(`${stack.url}/api/health`).catch((e: Error) => e);
    if (!(res instanceof Error) && res.ok) return;
    last = res instanceof Error ? res.message : `${res.status} ${await res.text()}`;
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`the stack did not become healthy within ${timeoutMs} ms: ${last}`);
}
