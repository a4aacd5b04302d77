/** Starts the worker workspace (conversions, mail) as a child process when it is present. */
import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { LocalConfig } from './config.ts';
import { repoRoot } from './db/migrate.ts';
import { type Log, pipeLines } from './log.ts';

export interface WorkerProcess {
  stop(): Promise<void>;
}

export async function startWorkerProcess(options: {
  config: LocalConfig;
  databaseUrl: string;
  log: Log;
}): Promise<WorkerProcess | null> {
  const entry = join(repoRoot, 'worker/src/main.ts');
  if (!existsSync(entry)) return null;
  const child: ChildProcess = spawn(join(repoRoot, 'node_modules/.bin/tsx'), [entry], {
    cwd: repoRoot,
    env: {
      ...process.env,
      DATABASE_URL: options.databaseUrl,
      DATA_DIR: options.config.dataDir,
      STORAGE_DIR: join(options.config.dataDir, 'storage'),
      WORKER_EMBEDDED_DB: options.config.databaseUrl ? '0' : '1',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  pipeLines(child.stdout, options.log);
  pipeLines(child.stderr, options.log);
  let exited = false;
  child.on('exit', (code, signal) => {
    exited = true;
    options.log(`worker exited (code ${code}, signal ${signal})`);
  });
  return {
    stop: () =>
      new Promise<void>((resolve) => {
        if (exited) return resolve();
        // SIGTERM lets the worker finish its current job; the stack waits for it.
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}
