// Conversions yield the CPU: with `idle`, the engine process and every thread it has started (onnxruntime's
// included, born after the model loaded) run under SCHED_IDLE, read back from /proc/<pid>/task/*/stat;
// with `sessionNice` it leads a session of its own whose autogroup has that nice value.
import { readdirSync, readFileSync } from 'node:fs';
import { afterEach, expect, test } from 'vitest';
import { createEngineRunner, type EngineRunner } from '../src/convert/engine-runner.ts';

const SCHED_OTHER = 0;
const SCHED_IDLE = 5;

/** Field n of `man proc_pid_stat` is at [n - 3] after the command name. */
function stat(path: string): string[] {
  const text = readFileSync(path, 'utf8');
  return text.slice(text.lastIndexOf(')') + 2).split(' ');
}

/** The engine processes this test process forked (its children running engine-process-boot.mjs). */
function engineChildren(): number[] {
  return readdirSync('/proc')
    .filter((name) => /^\d+$/.test(name))
    .filter((name) => {
      try {
        return (
          Number(stat(`/proc/${name}/stat`)[1]) === process.pid &&
          readFileSync(`/proc/${name}/cmdline`, 'utf8').includes('engine-process-boot')
        );
      } catch {
        return false; // ended meanwhile
      }
    })
    .map(Number);
}

/** The scheduling policy (field 41) of each thread of `pid`. */
function threadPolicies(pid: number): number[] {
  return readdirSync(`/proc/${pid}/task`).map((tid) => Number(stat(`/proc/${pid}/task/${tid}/stat`)[38]));
}

let runner: EngineRunner | null = null;
afterEach(async () => {
  await runner?.close();
  runner = null;
});

const autogroups = (() => {
  try {
    return readFileSync('/proc/sys/kernel/sched_autogroup_enabled', 'utf8').trim() === '1';
  } catch {
    return false;
  }
})();
/** Session id (field 6) of a process. */
const sessionOf = (pid: number | 'self') => Number(stat(`/proc/${pid}/stat`)[3]);

test.runIf(process.platform === 'linux')(
  'an idle engine runs every thread under SCHED_IDLE, the ones started by loading the model too, in a session of its own',
  async () => {
    runner = createEngineRunner({ idle: true, sessionNice: 7 });
    await runner.warm();
    const [pid] = engineChildren();
    expect(pid).toBeGreaterThan(0);
    const policies = threadPolicies(pid);
    // The model's own thread pool exists by now: more threads than Node starts with.
    expect(policies.length).toBeGreaterThan(1);
    expect(new Set(policies)).toEqual(new Set([SCHED_IDLE]));
    expect(sessionOf(pid)).toBe(pid);
    if (autogroups) expect(readFileSync(`/proc/${pid}/autogroup`, 'utf8')).toMatch(/ nice 7$/m);
  },
  120_000,
);

test.runIf(process.platform === 'linux')(
  "without the options the engine keeps the normal policy and the worker's session (what the checks above tell apart)",
  async () => {
    runner = createEngineRunner({ idle: false, sessionNice: null });
    await runner.warm();
    const [pid] = engineChildren();
    expect(new Set(threadPolicies(pid))).toEqual(new Set([SCHED_OTHER]));
    expect(sessionOf(pid)).toBe(sessionOf('self'));
  },
  120_000,
);
