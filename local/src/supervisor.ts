/**
 * Keeps one child process of the local stack running: a process that exits without being asked to is
 * started again after a growing pause, and one that keeps crashing gives up with a clear message
 * (the stack then stops as a whole rather than serve half a product without saying so).
 */
import type { ChildProcess } from 'node:child_process';
import type { Log } from './log.ts';

export interface SupervisorOptions {
  /** Pause before the first restart; doubled after each further crash in the window. */
  initialBackoffMs: number;
  maxBackoffMs: number;
  /** More restarts than this within `crashWindowMs` is a crash loop: stop trying. */
  maxRestarts: number;
  crashWindowMs: number;
  /** After SIGTERM, how long `stop()` waits before SIGKILL. */
  stopTimeoutMs: number;
}

const SUPERVISOR_DEFAULTS: SupervisorOptions = {
  initialBackoffMs: 500,
  maxBackoffMs: 10_000,
  maxRestarts: 5,
  crashWindowMs: 60_000,
  stopTimeoutMs: 30_000,
};

export interface Supervised {
  /** The running process's id (null between a crash and its restart). */
  readonly pid: number | null;
  readonly restarts: number;
  /**
   * The stack is stopping: an exit from now on is expected, never restarted. Ctrl-C in a terminal
   * signals every process of the group at once, so a part may exit before its own `stop()` is reached.
   */
  halt(): void;
  stop(): Promise<void>;
}

export class StackFailure extends Error {}

export function supervise(
  part: string,
  spawnChild: () => ChildProcess,
  options: {
    log: Log;
    /** Called once when the part is in a crash loop; the supervisor has stopped restarting it. */
    onGiveUp: (failure: StackFailure) => void;
    /** Runs after each restart (e.g. wait until the part answers). */
    afterRestart?: (child: ChildProcess) => Promise<void>;
  } & Partial<SupervisorOptions>,
  first: ChildProcess = spawnChild(),
): Supervised {
  const o = { ...SUPERVISOR_DEFAULTS, ...options };
  let child: ChildProcess | null = first;
  let stopping = false;
  let restarts = 0;
  const crashes: number[] = [];
  let pending: ReturnType<typeof setTimeout> | null = null;

  const watch = (proc: ChildProcess) => {
    options.log(`${part} started (pid ${proc.pid})`);
    proc.once('exit', (code, signal) => {
      if (child === proc) child = null;
      if (stopping) return;
      const now = Date.now();
      crashes.push(now);
      while (crashes.length && crashes[0] < now - o.crashWindowMs) crashes.shift();
      const how = signal ? `signal ${signal}` : `code ${code}`;
      if (crashes.length > o.maxRestarts) {
        const failure = new StackFailure(
          `stack: the ${part} exited ${crashes.length} times within ${Math.round(o.crashWindowMs / 1000)} s ` +
            `(last: ${how}); it is not restarted again. Its log lines above say why; fix that and start the stack again.`,
        );
        options.log(failure.message);
        options.onGiveUp(failure);
        return;
      }
      const delay = Math.min(o.maxBackoffMs, o.initialBackoffMs * 2 ** (crashes.length - 1));
      options.log(`${part} exited unexpectedly (${how}); restarting in ${(delay / 1000).toFixed(1)} s`);
      pending = setTimeout(() => {
        pending = null;
        if (stopping) return;
        restarts++;
        const next = spawnChild();
        child = next;
        watch(next);
        options
          .afterRestart?.(next)
          .catch((error: Error) => options.log(`${part} did not come back: ${error.message}`));
      }, delay);
    });
  };
  watch(first);

  return {
    get pid() {
      return child?.pid ?? null;
    },
    get restarts() {
      return restarts;
    },
    halt: () => {
      stopping = true;
      if (pending) clearTimeout(pending);
      pending = null;
    },
    stop: () =>
      new Promise<void>((resolve) => {
        stopping = true;
        if (pending) clearTimeout(pending);
        const proc = child;
        if (!proc || proc.exitCode !== null || proc.signalCode !== null) return resolve();
        const kill = setTimeout(() => {
          options.log(`${part} did not stop within ${o.stopTimeoutMs / 1000} s; killing it`);
          proc.kill('SIGKILL');
        }, o.stopTimeoutMs);
        proc.once('exit', () => {
          clearTimeout(kill);
          resolve();
        });
        proc.kill('SIGTERM');
      }),
  };
}
