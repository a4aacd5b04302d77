/**
 * `npm test`: the whole suite. Types and lint (Biome and knip), every Vitest project (unit, engine, local
 * stack incl. SQL rules and the api function under Deno, worker), and the browser journeys with Playwright
 * against a freshly built SPA on the real local stack.
 *
 * Steps run TEST_JOBS at a time (3: the steps mostly wait — on leases, stacks, browsers — so three fit two
 * cores; measured in the README); the longest go first so the lanes end together. The worker's tests
 * are two steps: the fault files (processes killed, the database stopped) and the rest, so neither lane
 * carries the whole eleven minutes. Each line of a step's output is prefixed
 * with its name. Ends with a table of each step's wall and CPU time, so growth is seen the day it happens
 * (nothing fails on time), and one closing line: "N passed, N failed".
 *
 * `npm test -- vitest-local e2e` runs only the named steps.
 */
import { spawn } from 'node:child_process';
import { createInterface } from 'node:readline';
import { failureDigest } from './support/digest.ts';
import { formatTable, type StepTiming } from './support/timing.ts';

interface Step {
  name: string;
  command: string;
  args: string[];
  /** Steps that must have passed first. */
  needs?: string[];
}

const vitest = (
  project: string,
  files: { name?: string; only?: string[]; exclude?: string[] } = {},
): Step => ({
  name: files.name ?? `vitest-${project}`,
  command: 'npx',
  args: [
    'vitest',
    'run',
    '--project',
    project,
    ...(files.exclude ?? []).flatMap((file) => ['--exclude', file]),
    ...(files.only ?? []),
  ],
});

/**
 * The worker files about faults: processes killed, the database stopped, leases lost, work cancelled or
 * left behind. About half the worker's time; the split keeps `local` + the rest and these + `engine`
 * about equal (measured in the README).
 */
const WORKER_FAULT_FILES = [
  'worker/test/convert.test.ts',
  'worker/test/convert-lease.test.ts',
  'worker/test/convert-cancel-cleanup.test.ts',
  'worker/test/upload-sweep.test.ts',
  'worker/test/faults.test.ts',
  'worker/test/pg-outage.test.ts',
  'worker/test/crash-loop.test.ts',
  'worker/test/stack-restart.test.ts',
  'worker/test/shutdown.test.ts',
];

// Longest first (see the README's timing table), so neither lane waits at the end.
const ALL: Step[] = [
  { name: 'build', command: 'npm', args: ['run', '--silent', 'build'] },
  vitest('local'),
  vitest('worker', { name: 'vitest-worker-faults', only: WORKER_FAULT_FILES }),
  { name: 'e2e', command: 'npx', args: ['playwright', 'test'], needs: ['build'] },
  vitest('worker', { exclude: WORKER_FAULT_FILES }),
  vitest('engine'),
  { name: 'typecheck', command: 'npm', args: ['run', '--silent', 'typecheck'] },
  { name: 'lint', command: 'npm', args: ['run', '--silent', 'lint'] },
  vitest('unit'),
];

const only = process.argv.slice(2);
const unknown = only.filter((name) => !ALL.some((step) => step.name === name));
if (unknown.length) {
  console.error(`test: unknown step ${unknown.join(', ')}; steps: ${ALL.map((s) => s.name).join(', ')}`);
  process.exit(2);
}
const steps = ALL.filter((step) => only.length === 0 || only.includes(step.name));
const jobs = Math.max(1, Number(process.env.TEST_JOBS ?? 3));

function run(step: Step): Promise<StepTiming> {
  return new Promise((resolve) => {
    const started = Date.now();
    console.log(`=== ${step.name}: ${step.command} ${step.args.join(' ')}`);
    // bash's `times` reports the CPU time of the step's whole process tree (every child it reaped), on fd 3.
    const child = spawn(
      'bash',
      ['-c', '"$@"; status=$?; times >&3; exit $status', 'step', step.command, ...step.args],
      {
        stdio: ['ignore', 'pipe', 'pipe', 'pipe'],
        // Conversions in the suite run at nice 10, not SCHED_IDLE (WORKER_ENGINE_IDLE, on by default): every
        // step shares one session, where a browser drawing a spinning viewer in software would leave an idle-
        // class engine almost no CPU. worker/test/engine-priority.test.ts tests SCHED_IDLE itself.
        env: { WORKER_ENGINE_IDLE: '0', ...process.env, FORCE_COLOR: '0' },
      },
    );
    const drained: Promise<void>[] = [];
    const output: string[] = [];
    for (const stream of [child.stdout, child.stderr]) {
      if (!stream) continue;
      const lines = createInterface({ input: stream });
      lines.on('line', (line) => {
        output.push(line);
        console.log(`[${step.name}] ${line}`);
      });
      drained.push(new Promise((done) => lines.once('close', () => done())));
    }
    let times = '';
    const timesPipe = child.stdio[3];
    timesPipe?.on('data', (d) => {
      times += d;
    });
    if (timesPipe) drained.push(new Promise((done) => timesPipe.once('close', () => done())));
    child.on('exit', async (code) => {
      // The last lines, but a process the step left behind holding its output open must not hold the run.
      await Promise.race([Promise.all(drained), new Promise((done) => setTimeout(done, 5_000).unref())]);
      for (const stream of child.stdio) stream?.destroy();
      const wall = (Date.now() - started) / 1000;
      console.log(
        `=== ${step.name}: ${code === 0 ? 'passed' : `FAILED (exit ${code})`} in ${wall.toFixed(0)} s`,
      );
      if (code !== 0) digests.set(step.name, failureDigest(output));
      resolve({ name: step.name, ok: code === 0, wallSeconds: wall, cpuSeconds: parseTimes(times) });
    });
  });
}

/** The children's line of bash's `times` ("0m12.345s 0m1.234s"): user + system seconds. */
function parseTimes(output: string): number | null {
  const line = output.trim().split('\n').pop() ?? '';
  const parts = [...line.matchAll(/(\d+)m([\d.]+)s/g)].map((m) => Number(m[1]) * 60 + Number(m[2]));
  return parts.length === 2 ? parts[0] + parts[1] : null;
}

const results = new Map<string, StepTiming>();
const digests = new Map<string, string[]>();
const started = Date.now();
const pending = [...steps];
const running = new Set<Promise<void>>();

const ready = (step: Step) =>
  (step.needs ?? []).every((need) => !steps.some((s) => s.name === need) || results.has(need));

while (pending.length || running.size) {
  const index = pending.findIndex(ready);
  if (index >= 0 && running.size < jobs) {
    const [step] = pending.splice(index, 1);
    const failedNeed = (step.needs ?? []).find((need) => results.get(need)?.ok === false);
    if (failedNeed) {
      // Browser tests need the build; report them skipped rather than a confusing second failure.
      results.set(step.name, {
        name: `${step.name} (skipped: ${failedNeed} failed)`,
        ok: false,
        wallSeconds: 0,
        cpuSeconds: null,
      });
      continue;
    }
    const job = run(step).then((timing) => {
      results.set(step.name, timing);
      running.delete(job);
    });
    running.add(job);
    continue;
  }
  await Promise.race(running);
}

const timings = steps.map((step) => results.get(step.name)!);
for (const [name, lines] of digests) console.log(`\n--- why ${name} failed\n${lines.join('\n')}`);
console.log(`\n${formatTable(timings, (Date.now() - started) / 1000)}`);
const failures = timings.filter((t) => !t.ok);
if (failures.length) console.log(`\nFailed steps: ${failures.map((t) => t.name).join(', ')}`);
console.log(`\ntest: ${timings.length - failures.length} passed, ${failures.length} failed`);
process.exit(failures.length === 0 ? 0 : 1);
