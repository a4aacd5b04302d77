// Conversions yield the CPU: with `idle`, the engine process and every thread it has started (onnxruntime's
// included, born after the model loaded) run under SCHED_IDLE, read back from /proc/<pid>/task/*/stat;
// with `sessionNice` it leads a session of its own whose autogroup has that nice value.
import { accessSync, constants, readdirSync, readFileSync } from 'node:fs';
import { afterEach, expect, test } from 'vitest';
import { createEngineRunner, type EngineRunner } from '../src/convert/engine-runner.ts';
import { cpuGroupDir, ENGINE_CPU_GROUP } from '../src/priority.ts';

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

/** The cpu control group path of a process (cgroup v1's cpu hierarchy, else the unified one). */
function cpuGroupOf(pid: number): string {
  const lines = readFileSync(`/proc/${pid}/cgroup`, 'utf8').trim().split('\n');
  const v1 = lines.find((line) => line.split(':')[1]?.split(',').includes('cpu'));
  return (v1 ?? lines.find((line) => line.startsWith('0::')) ?? '').split(':').slice(2).join(':');
}
const groupDir =
  process.platform === 'linux'
    ? cpuGroupDir(readFileSync('/proc/self/cgroup', 'utf8'), readFileSync('/proc/self/mountinfo', 'utf8'))
    : null;
const groupsWritable = (() => {
  if (!groupDir) return false;
  try {
    accessSync(groupDir, constants.W_OK);
    return true;
  } catch {
    return false;
  }
})();

test.runIf(groupsWritable)(
  'an engine asked for the idle group sits in a CPU group marked idle, its threads with it; without it, in the worker’s',
  async () => {
    runner = createEngineRunner({ idle: true, sessionNice: null, idleGroup: true });
    await runner.warm();
    const [pid] = engineChildren();
    expect(cpuGroupOf(pid)).toMatch(new RegExp(`/${ENGINE_CPU_GROUP}$`));
    expect(readFileSync(`${groupDir}/${ENGINE_CPU_GROUP}/cpu.idle`, 'utf8').trim()).toBe('1');
    // Threads started by loading the model went with it.
    const tasks = readFileSync(`${groupDir}/${ENGINE_CPU_GROUP}/tasks`, 'utf8')
      .trim()
      .split('\n')
      .map(Number);
    for (const tid of readdirSync(`/proc/${pid}/task`).map(Number)) expect(tasks).toContain(tid);
    await runner.close();
    runner = createEngineRunner({ idle: true, sessionNice: null, idleGroup: false });
    await runner.warm();
    const [plain] = engineChildren();
    expect(cpuGroupOf(plain)).toBe(cpuGroupOf(process.pid));
  },
  120_000,
);

test('finds the cpu group directory on cgroup v1 and on v2 with cpu enabled, and none without a cpu controller', () => {
  const v1Mounts = [
    '30 25 0:27 / /sys/fs/cgroup/cpu rw,relatime shared:9 - cgroup cgroup rw,cpu',
    '31 25 0:28 / /sys/fs/cgroup/cpuacct rw,relatime shared:10 - cgroup cgroup rw,cpuacct',
  ].join('\n');
  expect(cpuGroupDir('2:cpuacct:/\n1:cpu:/jobs/a\n0::/', v1Mounts)).toBe('/sys/fs/cgroup/cpu/jobs/a');
  expect(cpuGroupDir('1:cpu:/', v1Mounts)).toBe('/sys/fs/cgroup/cpu');
  // A container whose hierarchy is mounted from its own group: the path is relative to the mount's root.
  const inContainer = '40 35 0:27 /docker/abc /sys/fs/cgroup/cpu ro,relatime - cgroup cgroup rw,cpu';
  expect(cpuGroupDir('1:cpu:/docker/abc', inContainer)).toBe('/sys/fs/cgroup/cpu');
  // v2 without the cpu controller given to children (a file that cannot be read counts as not enabled).
  expect(
    cpuGroupDir('0::/user.slice', '50 25 0:30 / /nonexistent-cgroup rw - cgroup2 cgroup2 rw'),
  ).toBeNull();
  expect(
    cpuGroupDir('1:memory:/', '31 25 0:28 / /sys/fs/cgroup/memory rw - cgroup cgroup rw,memory'),
  ).toBeNull();
});
