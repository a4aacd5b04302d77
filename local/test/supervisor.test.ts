// The local stack's supervisor with real child processes: a crash is restarted after a pause, a crash
// loop gives up with a message naming the part, and a requested stop is never mistaken for a crash.
import { spawn } from 'node:child_process';
import { expect, test } from 'vitest';
import { type StackFailure, supervise } from '../src/supervisor.ts';

const node = (script: string) => () => spawn(process.execPath, ['-e', script], { stdio: 'ignore' });
const sleeper = 'setInterval(() => {}, 1000)';

async function until(what: string, check: () => boolean, timeoutMs = 30_000) {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

test('a killed process is started again after the backoff, with a new pid', async () => {
  const lines: string[] = [];
  const part = supervise('sleeper', node(sleeper), {
    log: (l) => lines.push(l),
    onGiveUp: () => lines.push('gave up'),
    initialBackoffMs: 300,
  });
  const firstPid = part.pid!;
  expect(firstPid).toBeGreaterThan(0);
  process.kill(firstPid, 'SIGKILL');
  await until('the restart', () => part.restarts === 1 && part.pid !== null);
  expect(part.pid).not.toBe(firstPid);
  expect(lines).toContain('sleeper exited unexpectedly (signal SIGKILL); restarting in 0.3 s');
  expect(lines.filter((l) => l.startsWith('sleeper started (pid'))).toHaveLength(2);
  await part.stop();
  expect(lines).not.toContain('gave up');
});

test('a crash loop stops restarting and reports which part failed', async () => {
  const lines: string[] = [];
  let failure: StackFailure | null = null;
  let spawned = 0;
  const part = supervise(
    'worker',
    () => {
      spawned++;
      return node('process.exit(3)')();
    },
    {
      log: (l) => lines.push(l),
      onGiveUp: (f) => {
        failure = f;
      },
      initialBackoffMs: 20,
      maxBackoffMs: 80,
      maxRestarts: 3,
      crashWindowMs: 60_000,
    },
  );
  await until('the supervisor to give up', () => failure !== null);
  expect(spawned).toBe(4);
  expect(part.restarts).toBe(3);
  expect(String((failure as StackFailure | null)?.message)).toMatch(
    /^stack: the worker exited 4 times within 60 s \(last: code 3\); it is not restarted again/,
  );
  // Backoff doubles: 20, 40, 80 ms (capped).
  expect(lines.filter((l) => l.includes('restarting in'))).toEqual([
    'worker exited unexpectedly (code 3); restarting in 0.0 s',
    'worker exited unexpectedly (code 3); restarting in 0.0 s',
    'worker exited unexpectedly (code 3); restarting in 0.1 s',
  ]);
  await new Promise((r) => setTimeout(r, 300));
  expect(spawned).toBe(4);
  await part.stop();
});

test('stop() is not a crash; a process that ignores SIGTERM is killed after the timeout', async () => {
  const lines: string[] = [];
  const stubborn = `process.on('SIGTERM', () => {}); console.log('ready'); ${sleeper}`;
  let ready = false;
  const part = supervise(
    'api function',
    () => {
      const child = spawn(process.execPath, ['-e', stubborn], { stdio: ['ignore', 'pipe', 'ignore'] });
      child.stdout.on('data', () => {
        ready = true;
      });
      return child;
    },
    { log: (l) => lines.push(l), onGiveUp: () => lines.push('gave up'), stopTimeoutMs: 500 },
  );
  await until('the SIGTERM handler to be installed', () => ready);
  await part.stop();
  expect(lines).toContain('api function did not stop within 0.5 s; killing it');
  await new Promise((r) => setTimeout(r, 300));
  expect(part.restarts).toBe(0);
  expect(lines.some((l) => l.includes('exited unexpectedly'))).toBe(false);
});

test('after halt() an exit is not a crash: Ctrl-C reaching the part before its stop() restarts nothing', async () => {
  const lines: string[] = [];
  const part = supervise('api function', node(sleeper), {
    log: (l) => lines.push(l),
    onGiveUp: () => lines.push('gave up'),
    initialBackoffMs: 100,
  });
  const pid = part.pid!;
  part.halt();
  // What a terminal's Ctrl-C does: SIGINT to every process of the group, the part included.
  process.kill(pid, 'SIGINT');
  await until('the exit', () => part.pid === null);
  await new Promise((r) => setTimeout(r, 400));
  expect(part.restarts).toBe(0);
  expect(lines.some((l) => l.includes('exited unexpectedly'))).toBe(false);
  await part.stop();
});
