/**
 * CPU priority of the worker and its engine processes, so that a machine shared with the api and the
 * database keeps answering quickly while it converts.
 *
 * notes — measured with `npm run bench:load` (50 authenticated calls/s on PostgreSQL during four
 * conversions, 2 cores shared with other sessions' jobs at load average 17–30; BENCH_NICE=-10 raises the
 * stack's session, the client and the database sessions above them; runs of each arm alternated):
 * - engines at nice 10 in the worker's session (as before): p50 44–318 ms, p99 0.78–3.2 s (9 runs).
 * - SCHED_IDLE engines in the worker's session (the default now), each run paired with one of the above
 *   just before it: p99 2.54 → 0.98, 2.36 → 1.19, 2.63 → 1.46, 1.52 → 0.80 s; the p50 moved both ways
 *   (156 → 92, 97 → 129, 292 → 142, 44 → 98 ms). The api preempts an engine thread at once instead of
 *   waiting out its slice; conversions used as much CPU as before (0.9–1.1 core, 37–48 finished a minute).
 * - Linux shares the CPU between sessions first when autogroups are on (sched_autogroup_enabled=1: this
 *   machine, most distributions' kernels; not inside cgroups such as containers or systemd services), and
 *   a nice value or SCHED_IDLE only counts inside a session. An engine in the api's session spends the
 *   api's share: one reason the p99 above stays far from 20 ms (the other sessions are the other).
 * - engines in sessions of their own at autogroup nice 10–20 below the stack's: p50 12–24 ms, p99 0.12–0.58 s,
 *   but conversions got 0.09–0.70 core where other sessions were busy (none finished in one run). Only for
 *   a machine that converts beside the api and nothing else: WORKER_ENGINE_GROUP_NICE.
 * - engines in sessions of their own at the stack's level: p50 642 ms, p99 2.1 s; four sessions take four
 *   shares against the api's one. Never.
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { setPriority } from 'node:os';

/**
 * Lowers the CPU priority of the whole worker process. On Linux the nice value belongs to each thread and
 * new threads inherit it from the thread that creates them, so threads that already exist when the worker
 * starts (V8's GC and compiler helpers, libuv's pool that later starts libvips' threads) must be changed
 * one by one; after that every engine, render and ffmpeg thread is born with the lower priority.
 */
export function lowerPriority(nice: number): void {
  let tasks: string[] = [];
  try {
    tasks = readdirSync('/proc/self/task');
  } catch {
    // Not Linux: the process-wide call is all there is.
  }
  setPriority(nice);
  for (const tid of tasks) {
    try {
      setPriority(Number(tid), nice);
    } catch (error) {
      // A thread that ended meanwhile is fine; anything else is worth knowing.
      if ((error as { code?: string }).code !== 'ESRCH') throw error;
    }
  }
}

/**
 * Puts every thread of this process under SCHED_IDLE (Linux), so that threads and processes it starts later
 * (onnxruntime's, the render threads, ffmpeg) inherit it. Node has no call for the policy: util-linux's
 * `chrt` sets it (present on Debian, the worker image's base included). Returns why it could not, or null.
 */
export function idleScheduling(pid: number = process.pid): string | null {
  if (process.platform !== 'linux') return `not on Linux (${process.platform})`;
  try {
    execFileSync('chrt', ['--idle', '--all-tasks', '--pid', '0', String(pid)], { stdio: 'pipe' });
    return null;
  } catch (error) {
    const e = error as { code?: string; stderr?: Buffer; message: string };
    return e.code === 'ENOENT'
      ? 'chrt (util-linux) is not installed'
      : (e.stderr?.toString().trim() ?? e.message);
  }
}

/**
 * Sets the autogroup nice value of this process's session (Linux with autogroups: the CPU is shared
 * between sessions first, then between the threads of each). Only for a process that leads a session of
 * its own: the value is the whole session's. Returns why it could not, or null (also when there are no
 * autogroups, where the thread's own priority is all there is).
 */
export async function autogroupNice(nice: number): Promise<string | null> {
  try {
    if (readFileSync('/proc/sys/kernel/sched_autogroup_enabled', 'utf8').trim() !== '1') return null;
    // A new session's autogroup starts at 0: nothing to write then (and nothing to race with).
    if (readFileSync('/proc/self/autogroup', 'utf8').trim().endsWith(` nice ${nice}`)) return null;
  } catch {
    return null; // not Linux, or a kernel without autogroups
  }
  // Without CAP_SYS_ADMIN the kernel takes one such change per 100 ms, machine-wide (EAGAIN otherwise):
  // four engines starting together retry.
  for (let attempt = 0; ; attempt++) {
    try {
      writeFileSync('/proc/self/autogroup', String(nice));
      return null;
    } catch (error) {
      const e = error as { code?: string; message: string };
      if (e.code !== 'EAGAIN' || attempt >= 50) return e.message;
      await new Promise((r) => setTimeout(r, 25));
    }
  }
}

/** The CPU control group engines share (a child of the worker's own): its `cpu.idle` is set. */
export const ENGINE_CPU_GROUP = 'lift3d-engines';

/**
 * Moves this process (every thread, and those it starts later) into a CPU control group marked idle
 * (`cpu.idle` = 1, Linux 5.15 and later, cgroup v1 or v2), a child of the one it is in. SCHED_IDLE alone
 * yields only to threads of the same session: with autogroups the kernel first weighs whole sessions, and
 * the database server's session (or any other) woke behind an engine for a full time slice. A group marked
 * idle is idle to every other task on the machine, so anything that wakes takes the CPU at once. Returns
 * why it could not (no cpu controller, a read-only hierarchy, an older kernel), or null.
 *
 * notes — `npm run bench:load`, quiet machine, four pairs alternated (2026-11-28): p99 21.7 → 20.9,
 * 20.3 → 13.3, 21.0 → 17.6, 24.2 → 19.5 ms, p95 11.5–12.7 → 7.1–8.8 ms; conversions ended in the minute
 * 87–95 → 88–92. Where other work keeps the machine busy, an idle group gets almost no CPU: the test suite
 * turns engines' idling off (WORKER_ENGINE_IDLE=0), as it does SCHED_IDLE.
 */
export function idleCpuGroup(name = ENGINE_CPU_GROUP): string | null {
  if (process.platform !== 'linux') return `not on Linux (${process.platform})`;
  try {
    const dir = cpuGroupDir(
      readFileSync('/proc/self/cgroup', 'utf8'),
      readFileSync('/proc/self/mountinfo', 'utf8'),
    );
    if (!dir) return 'no cpu controller is mounted for this process';
    const group = `${dir}/${name}`;
    mkdirSync(group, { recursive: true });
    writeFileSync(`${group}/cpu.idle`, '1');
    writeFileSync(`${group}/cgroup.procs`, String(process.pid));
    return null;
  } catch (error) {
    return (error as Error).message;
  }
}

/**
 * The directory of this process's CPU control group: on cgroup v1 the hierarchy whose controllers include
 * `cpu`, on v2 the unified one when `cpu` is enabled for its children. Exported for its test.
 */
export function cpuGroupDir(cgroupFile: string, mountinfo: string): string | null {
  const lines = cgroupFile.trim().split('\n');
  const mounts = mountinfo
    .trim()
    .split('\n')
    .map((line) => {
      // id parent major:minor root mountpoint options … - fstype source superoptions
      const [before, after = ''] = line.split(' - ');
      const fields = before.split(' ');
      const [fstype, , superOptions = ''] = after.split(' ');
      return { root: fields[3], point: fields[4], fstype, superOptions: superOptions.split(',') };
    });
  // A hierarchy mounted from a group of its own (a container's) shows paths below that group's root.
  const join = (mount: { root: string; point: string }, path: string) => {
    const below = mount.root !== '/' && path.startsWith(mount.root) ? path.slice(mount.root.length) : path;
    return `${mount.point}${below}`.replace(/\/+$/, '');
  };
  for (const line of lines) {
    const [, controllers, path] = line.split(/:(.*?):/);
    if (!controllers?.split(',').includes('cpu')) continue;
    const mount = mounts.find((m) => m.fstype === 'cgroup' && m.superOptions.includes('cpu'));
    if (mount) return join(mount, path);
  }
  const unified = lines.find((line) => line.startsWith('0::'));
  const mount = mounts.find((m) => m.fstype === 'cgroup2');
  if (!unified || !mount) return null;
  const dir = join(mount, unified.slice(3));
  try {
    return readFileSync(`${dir}/cgroup.subtree_control`, 'utf8').split(/\s+/).includes('cpu') ? dir : null;
  } catch {
    return null;
  }
}

/** A process's cpu control group path (cgroup v1's cpu hierarchy, else the unified one), as /proc shows it. */
export function cpuGroupPath(pid: number | 'self'): string {
  const lines = readFileSync(`/proc/${pid}/cgroup`, 'utf8').trim().split('\n');
  const line =
    lines.find((l) => l.split(':')[1]?.split(',').includes('cpu')) ?? lines.find((l) => l.startsWith('0::'));
  return (line ?? '').split(':').slice(2).join(':');
}
