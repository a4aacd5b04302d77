/** Starts the worker workspace (conversions, mail) as a supervised child process when it is present. */
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { LocalConfig } from './config.ts';
import { repoRoot } from './db/migrate.ts';
import { type Log, pipeLines } from './log.ts';
import { type StackFailure, type Supervised, type SupervisorOptions, supervise } from './supervisor.ts';

export type WorkerProcess = Supervised;

export async function startWorkerProcess(options: {
  config: LocalConfig;
  databaseUrl: string;
  /** Where the outbox is delivered: SMTP_URL, or the local inbox's catcher. */
  smtpUrl: string | null;
  log: Log;
  onGiveUp: (failure: StackFailure) => void;
  supervisor?: Partial<SupervisorOptions>;
}): Promise<WorkerProcess | null> {
  const entry = join(repoRoot, 'worker/src/main.ts');
  if (!existsSync(entry)) return null;
  // node with tsx's loader rather than the tsx CLI: the CLI is a wrapper process, and a signal (or a crash)
  // must reach the worker itself.
  const spawnWorker = () => {
    const child = spawn(process.execPath, ['--import', 'tsx', entry], {
      cwd: repoRoot,
      env: {
        ...process.env,
        DATABASE_URL: options.databaseUrl,
        DATA_DIR: options.config.dataDir,
        STORAGE_DIR: join(options.config.dataDir, 'storage'),
        ...(options.config.s3?.env ?? {}),
        ...(options.smtpUrl ? { SMTP_URL: options.smtpUrl } : {}),
        WORKER_EMBEDDED_DB: options.config.databaseUrl ? '0' : '1',
        // As the api function: the local stack may deliver webhooks to a receiver on this machine.
        WEBHOOK_ALLOW_PRIVATE_TARGETS: process.env.WEBHOOK_ALLOW_PRIVATE_TARGETS ?? '1',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    pipeLines(child.stdout, options.log);
    pipeLines(child.stderr, options.log);
    return child;
  };
  // The worker finishes or hands back its job on SIGTERM within seconds (worker/src/shutdown.ts).
  return supervise('worker', spawnWorker, {
    log: options.log,
    onGiveUp: options.onGiveUp,
    ...options.supervisor,
  });
}
