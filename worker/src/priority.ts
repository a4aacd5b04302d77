/**
 * Lowers the CPU priority of the whole worker process. On Linux the nice value belongs to each thread and
 * new threads inherit it from the thread that creates them, so threads that already exist when the worker
 * starts (V8's GC and compiler helpers, libuv's pool that later starts libvips' threads) must be changed
 * one by one; after that every engine, render and ffmpeg thread is born with the lower priority.
 */
import { readdirSync } from 'node:fs';
import { setPriority } from 'node:os';

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
