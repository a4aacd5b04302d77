/**
 * The convert task run in the test's own process, for tests that steer one attempt from inside (a storage
 * that holds a read, cancels on a write): a fresh PostgreSQL database, disk storage in a temporary folder,
 * one engine, and a user's photo turned into a queued generation. Registers its own beforeAll/afterAll.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createTestDatabase, type TestDatabase } from '@lift3d/local/testing/databases';
import { createDiskStorage, type Storage } from '@lift3d/storage';
import type { Task } from 'graphile-worker';
import { afterAll, beforeAll } from 'vitest';
import { createBackends } from '../../src/backends/index.ts';
import { loadWorkerConfig } from '../../src/config.ts';
import { createEnginePool, type EngineRunner } from '../../src/convert/engine-runner.ts';
import { installQueue } from '../../src/queue.ts';
import { type ConvertDeps, convertTask } from '../../src/tasks/convert.ts';
import { createGenerationAs, createUserWithCredits, drawTestImage } from './generation-harness.ts';

export interface DirectConvert {
  readonly db: TestDatabase;
  /** The storage folder (disk storage). */
  readonly dir: string;
  /** A user with 100 credits and a queued generation of a drawn photo stored on disk. */
  photoGeneration(): Promise<{ user: string; id: string; disk: Storage }>;
  /** The convert task over `storage`, with the worker's configured backends and generous limits. */
  task(options: Pick<ConvertDeps, 'storage' | 'heartbeatMs' | 'log' | 'stopping'>): Task;
}

export function useDirectConvert(name: string, options: { queue?: boolean } = {}): DirectConvert {
  let db: TestDatabase | undefined;
  let dir = '';
  let engine: EngineRunner | undefined;
  beforeAll(async () => {
    db = await createTestDatabase('postgres');
    if (options.queue) await installQueue({ databaseUrl: db.url, embeddedDatabase: false });
    dir = await mkdtemp(join(tmpdir(), `lift3d-${name}-`));
    engine = createEnginePool(1);
  }, 120_000);
  afterAll(async () => {
    await engine?.close();
    await db?.stop();
    if (dir) await rm(dir, { recursive: true, force: true });
  });
  const ready = () => {
    if (!db || !engine) throw new Error(`direct-convert: ${name} used outside its tests`);
    return { db, engine };
  };
  return {
    get db() {
      return ready().db;
    },
    get dir() {
      return dir;
    },
    async photoGeneration() {
      const { sql } = ready().db;
      const disk = createDiskStorage(dir);
      const user = await createUserWithCredits(sql, 100);
      const key = `uploads/${crypto.randomUUID()}.png`;
      await disk.put(key, await drawTestImage(), 'image/png');
      return { user, id: await createGenerationAs(sql, user, key), disk };
    },
    task(deps) {
      const { db: database, engine: runner } = ready();
      const config = loadWorkerConfig({ DATABASE_URL: database.url, STORAGE_DIR: dir });
      return convertTask({
        sql: database.sql,
        engine: runner,
        renderThreads: 1,
        backends: createBackends(config.backends),
        hostedRun: config.backends.run,
        jobTimeoutMs: 600_000,
        ...deps,
      });
    },
  };
}
