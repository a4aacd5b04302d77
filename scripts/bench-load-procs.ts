/**
 * What the load benchmark reports of the stack's own processes: each one's role, CPU priority (nice and
 * scheduling policy, from /proc/<pid>/stat) and the CPU it used, so a figure says under which conditions
 * it was measured (Linux only; elsewhere the list is empty).
 */
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { cpuGroupDir, cpuGroupPath } from '@lift3d/worker/priority';

export type Role = 'stack' | 'api' | 'worker' | 'engine' | 'other';

export interface ProcInfo {
  pid: number;
  role: Role;
  nice: number;
  /** 0 SCHED_OTHER (normal), 3 SCHED_BATCH, 5 SCHED_IDLE. */
  policy: number;
  /** User + system CPU time in clock ticks (100 a second on Linux). */
  cpuTicks: number;
  /** It leads a session of its own (and so has an autogroup of its own). */
  ownSession: boolean;
}

export const POLICY_NAMES: Record<number, string> = { 0: 'normal', 3: 'batch', 5: 'idle' };

/** Fields after the command name of /proc/<pid>/stat (field n of `man proc_pid_stat` is at [n - 3]). */
export function statFields(path: string): string[] | null {
  try {
    const text = readFileSync(path, 'utf8');
    return text.slice(text.lastIndexOf(')') + 2).split(' ');
  } catch {
    return null; // the process or thread ended meanwhile
  }
}

function roleOf(pid: number): Role {
  let cmd = '';
  try {
    cmd = readFileSync(`/proc/${pid}/cmdline`, 'utf8').replaceAll('\0', ' ');
  } catch {
    return 'other';
  }
  if (cmd.includes('engine-process-boot')) return 'engine';
  if (cmd.includes('worker/src/main.ts')) return 'worker';
  if (/\bdeno\b/.test(cmd)) return 'api';
  if (cmd.includes('local/src/main.ts')) return 'stack';
  return 'other';
}

/**
 * Every process of a process group (the stack runs as its own group: gateway, auth, api, worker) and their
 * descendants (engine processes lead sessions of their own, ffmpeg is an engine's child).
 */
export function groupProcesses(pgid: number): ProcInfo[] {
  let pids: string[] = [];
  try {
    pids = readdirSync('/proc').filter((name) => /^\d+$/.test(name));
  } catch {
    return [];
  }
  const all = pids.flatMap((name) => {
    const f = statFields(`/proc/${name}/stat`);
    return f ? [{ pid: Number(name), ppid: Number(f[1]), pgrp: Number(f[2]), f }] : [];
  });
  const members = new Set(all.filter((p) => p.pgrp === pgid).map((p) => p.pid));
  for (let grew = true; grew; ) {
    grew = false;
    for (const p of all)
      if (!members.has(p.pid) && members.has(p.ppid)) {
        members.add(p.pid);
        grew = true;
      }
  }
  return all
    .filter((p) => members.has(p.pid))
    .map(({ pid, f }) => ({
      pid,
      role: roleOf(pid),
      nice: Number(f[16]),
      policy: Number(f[38]),
      cpuTicks: Number(f[11]) + Number(f[12]),
      ownSession: Number(f[3]) === pid,
    }));
}

/** One line per role: "worker nice 10 normal", "engine ×4 nice 10 idle", …; "nice 0–10" when threads differ. */
export function describePriorities(procs: ProcInfo[]): string {
  const byRole = new Map<Role, ProcInfo[]>();
  for (const p of procs) byRole.set(p.role, [...(byRole.get(p.role) ?? []), p]);
  const parts: string[] = [];
  for (const [role, list] of byRole) {
    if (role === 'other') continue;
    const nices = [...new Set(list.map((p) => p.nice))].sort((a, b) => a - b);
    const policies = [...new Set(list.map((p) => POLICY_NAMES[p.policy] ?? String(p.policy)))];
    const count = list.length > 1 ? ` ×${list.length}` : '';
    const nice = nices.length > 1 ? `${nices[0]}–${nices.at(-1)}` : String(nices[0]);
    parts.push(`${role}${count} nice ${nice} ${policies.join('/')}`);
  }
  return parts.join(', ');
}

/** CPU ticks used per role since `before` (processes started meanwhile count from zero). */
export function cpuSince(before: ProcInfo[], after: ProcInfo[]): Map<Role, number> {
  const start = new Map(before.map((p) => [p.pid, p.cpuTicks]));
  const used = new Map<Role, number>();
  for (const p of after) used.set(p.role, (used.get(p.role) ?? 0) + p.cpuTicks - (start.get(p.pid) ?? 0));
  return used;
}

/**
 * With autogroup scheduling (/proc/sys/kernel/sched_autogroup_enabled = 1, most desktop and Debian
 * kernels) the CPU is shared fairly between sessions first, and a nice value only counts inside its own
 * session: `nice -n -10` on the stack does nothing against another session's jobs. Sets the autogroup
 * nice of `pid`'s session and returns how to put the old value back (null when there are no autogroups).
 */
export function setAutogroupNice(pid: number | 'self', nice: number): (() => void) | null {
  const path = `/proc/${pid}/autogroup`;
  let before: number;
  try {
    if (readFileSync('/proc/sys/kernel/sched_autogroup_enabled', 'utf8').trim() !== '1') return null;
    before = Number(/nice (-?\d+)/.exec(readFileSync(path, 'utf8'))?.[1] ?? 0);
    writeFileSync(path, String(nice));
  } catch {
    return null;
  }
  return () => {
    try {
      writeFileSync(path, String(before));
    } catch {
      // The session ended meanwhile.
    }
  };
}

/** "autogroup-96 nice 0" of a process, or null without autogroups. */
export function autogroupOf(pid: number | 'self'): string | null {
  try {
    return readFileSync(`/proc/${pid}/autogroup`, 'utf8').trim().replace(/^\//, '');
  } catch {
    return null;
  }
}

/** Adds `by` to the autogroup nice value of `pid`'s session (kept within -20..19). */
export function shiftAutogroupNice(pid: number, by: number): void {
  const current = Number(/nice (-?\d+)/.exec(autogroupOf(pid) ?? '')?.[1] ?? Number.NaN);
  if (Number.isFinite(current)) setAutogroupNice(pid, Math.min(19, Math.max(-20, current + by)));
}

/** A process's cpu control group (cgroup v1's cpu hierarchy, else the unified one), " idle" when marked. */
export function cpuGroupOf(pid: number): string {
  try {
    const path = cpuGroupPath(pid);
    // The hierarchy's own directory: its mount point, as for a process at its root.
    const dir = cpuGroupDir('1:cpu:/\n0::/', readFileSync('/proc/self/mountinfo', 'utf8'));
    const idle = dir && readFileSync(`${dir}${path === '/' ? '' : path}/cpu.idle`, 'utf8').trim() === '1';
    return `${path}${idle ? ' (idle)' : ''}`;
  } catch {
    return '(ended)';
  }
}
