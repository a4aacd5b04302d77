/**
 * The local inbox: MailDev catches every mail the worker delivers over SMTP and shows it in a web inbox,
 * as Supabase's local stack does with its own catcher. It runs as a supervised child process on loopback
 * ports; the gateway serves its inbox at `/mail/` on the stack's origin.
 */
import { spawn } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { LocalConfig } from './config.ts';
import { type Log, pipeLines } from './log.ts';
import { freePort, waitForHttp } from './ports.ts';
import { type StackFailure, type Supervised, type SupervisorOptions, supervise } from './supervisor.ts';

/** Where the gateway serves the inbox; MailDev is told the same base path so its links and assets match. */
export const MAIL_INBOX_PATH = '/mail';

export interface MailCatcher extends Supervised {
  /** What the worker delivers the outbox to. */
  smtpUrl: string;
  /** MailDev's own web server (loopback), which the gateway proxies `/mail/` to. */
  webOrigin: string;
}

const STARTUP_TIMEOUT_MS = 60_000;

export async function startMailCatcher(options: {
  catcher: NonNullable<LocalConfig['mailCatcher']>;
  dataDir: string;
  log: Log;
  onGiveUp: (failure: StackFailure) => void;
  supervisor?: Partial<SupervisorOptions>;
}): Promise<MailCatcher> {
  // Ports are chosen once, so a restarted catcher answers where the worker and the gateway already point.
  const smtpPort = options.catcher.smtpPort || (await freePort());
  const webPort = options.catcher.webPort || (await freePort());
  const mailDir = join(options.dataDir, 'mail');
  mkdirSync(mailDir, { recursive: true });
  const bin = join(dirname(fileURLToPath(import.meta.resolve('maildev'))), 'bin/maildev.js');
  const args = [
    bin,
    ['--smtp', String(smtpPort)],
    ['--ip', '127.0.0.1'],
    ['--web', String(webPort)],
    ['--web-ip', '127.0.0.1'],
    ['--base-pathname', MAIL_INBOX_PATH],
    // Kept in the data folder: a restart of the catcher (or of the stack) keeps the inbox.
    ['--mail-directory', mailDir],
  ].flat();
  const spawnCatcher = () => {
    const child = spawn(process.execPath, args, { stdio: ['ignore', 'pipe', 'pipe'] });
    pipeLines(child.stdout, options.log);
    pipeLines(child.stderr, options.log);
    return child;
  };
  const webOrigin = `http://127.0.0.1:${webPort}`;
  const health = `${webOrigin}${MAIL_INBOX_PATH}/api/healthz`;
  const first = spawnCatcher();
  const alive = () => first.exitCode === null && first.signalCode === null;
  const supervised = supervise(
    'mail inbox',
    spawnCatcher,
    {
      log: options.log,
      onGiveUp: options.onGiveUp,
      afterRestart: () => waitForHttp(health, STARTUP_TIMEOUT_MS),
      ...options.supervisor,
    },
    first,
  );
  try {
    await waitForHttp(health, STARTUP_TIMEOUT_MS, alive);
  } catch (error) {
    await supervised.stop();
    throw error;
  }
  return {
    get pid() {
      return supervised.pid;
    },
    get restarts() {
      return supervised.restarts;
    },
    halt: supervised.halt,
    stop: supervised.stop,
    smtpUrl: `smtp://127.0.0.1:${smtpPort}`,
    webOrigin,
  };
}
