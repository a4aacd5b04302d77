/**
 * bcrypt off the event loop. bcryptjs is JavaScript: even its "async" functions compute in slices of up to
 * 100 ms on the calling thread, and the auth server shares its process with the gateway, so every sign-in
 * used to hold every api call passing through the gateway for that long (the load benchmark's p99). Here
 * the hashing runs on worker threads; the gateway only passes messages.
 */
import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';

type Job = { op: 'hash'; password: string; cost: number } | { op: 'compare'; password: string; hash: string };
type Reply = { id: number; value?: string | boolean; error?: string };

// Plain JavaScript (no loader needed, whatever runs the stack: tsx, vitest), bcryptjs by absolute path.
const SOURCE = `
const { parentPort } = require('node:worker_threads');
const bcrypt = require(${JSON.stringify(createRequire(import.meta.url).resolve('bcryptjs'))});
parentPort.on('message', ({ id, job }) => {
  try {
    const value = job.op === 'hash' ? bcrypt.hashSync(job.password, job.cost) : bcrypt.compareSync(job.password, job.hash);
    parentPort.postMessage({ id, value });
  } catch (error) {
    parentPort.postMessage({ id, error: String(error && error.message || error) });
  }
});`;

/** Two threads: a sign-in does not wait for another's hash, and two cores are what the stack has. */
const THREADS = 2;

interface Thread {
  worker: Worker;
  pending: Map<number, { resolve: (value: string | boolean) => void; reject: (error: Error) => void }>;
}

const threads: (Thread | null)[] = Array.from({ length: THREADS }, () => null);
let nextId = 0;

function thread(slot: number): Thread {
  const existing = threads[slot];
  if (existing) return existing;
  const worker = new Worker(SOURCE, { eval: true });
  // An idle thread must not keep the stack (or a test) alive; one with work does (run, below).
  worker.unref();
  const made: Thread = { worker, pending: new Map() };
  worker.on('message', ({ id, value, error }: Reply) => {
    const waiting = made.pending.get(id);
    made.pending.delete(id);
    if (made.pending.size === 0) worker.unref();
    if (!waiting) return;
    if (error !== undefined) waiting.reject(new Error(`bcrypt: ${error}`));
    else waiting.resolve(value as string | boolean);
  });
  const fail = (error: Error) => {
    if (threads[slot] === made) threads[slot] = null;
    for (const waiting of made.pending.values()) waiting.reject(error);
    made.pending.clear();
  };
  worker.on('error', fail);
  worker.on('exit', (code) => fail(new Error(`bcrypt: its thread exited (code ${code})`)));
  threads[slot] = made;
  return made;
}

function run(job: Job): Promise<string | boolean> {
  const id = nextId++;
  const t = thread(id % THREADS);
  return new Promise((resolve, reject) => {
    t.pending.set(id, { resolve, reject });
    t.worker.ref();
    t.worker.postMessage({ id, job });
  });
}

export const bcryptHash = (password: string, cost: number) =>
  run({ op: 'hash', password, cost }) as Promise<string>;

export const bcryptCompare = (password: string, hash: string) =>
  run({ op: 'compare', password, hash }) as Promise<boolean>;
