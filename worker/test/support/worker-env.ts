/**
 * The setup every worker-process test shares: a fresh database on the PostgreSQL server with the queue
 * installed, a disk storage folder the workers and the test both use, worker processes started against them
 * (and all killed at the end), uploads, and the invariant check of support/invariants.ts on that database
 * and folder.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createTestDatabase, type TestDatabase } from '@lift3d/local/testing/databases';
import { createDiskStorage, type Storage } from '@lift3d/storage';
import { installQueue } from '../../src/queue.ts';
import { startWorker, type WorkerHandle } from './generation-harness.ts';
import { checkInvariants, settledInvariants } from './invariants.ts';

export interface WorkerTestEnv {
  db: TestDatabase;
  storageDir: string;
  storage: Storage;
  workers: WorkerHandle[];
  /** A worker process on this database and folder; `env` adds to or overrides the defaults. */
  worker(name: string, env?: Record<string, string>): WorkerHandle;
  /** Stores bytes as an upload would and returns the key. */
  upload(bytes: Uint8Array, type?: string): Promise<string>;
  /** Every worker's log, for waitFor's failure message. */
  logs(): string[][];
  /** The violations of the fault invariants once settled (empty when all hold). */
  invariants(): Promise<string[]>;
  stop(): Promise<void>;
}

export const isAlive = (w: WorkerHandle) => w.child.exitCode === null && w.child.signalCode === null;

export async function startWorkerTestEnv(options: {
  name: string;
  leaseSeconds?: number;
  env?: Record<string, string>;
}): Promise<WorkerTestEnv> {
  const db = await createTestDatabase('postgres');
  await installQueue({ databaseUrl: db.url, embeddedDatabase: false });
  const storageDir = await mkdtemp(join(tmpdir(), `lift3d-${options.name}-`));
  const storage = createDiskStorage(storageDir);
  const workers: WorkerHandle[] = [];
  return {
    db,
    storageDir,
    storage,
    workers,
    worker(name, env = {}) {
      const handle = startWorker(
        {
          DATABASE_URL: db.url,
          STORAGE_DIR: storageDir,
          WORKER_LEASE_SECONDS: String(options.leaseSeconds ?? 4),
          ...options.env,
          ...env,
        },
        name,
      );
      workers.push(handle);
      return handle;
    },
    async upload(bytes, type = 'image/png') {
      const ext = type === 'image/svg+xml' ? 'svg' : type.split('/')[1];
      const key = `uploads/${crypto.randomUUID()}.${ext}`;
      await storage.put(key, bytes, type);
      return key;
    },
    logs: () => workers.map((w) => w.logs),
    invariants: () => settledInvariants(() => checkInvariants(db.sql, storageDir)),
    async stop() {
      for (const w of workers) if (isAlive(w)) w.child.kill('SIGKILL');
      await Promise.all(workers.map((w) => w.exited));
      await db.stop();
      await rm(storageDir, { recursive: true, force: true });
    },
  };
}
