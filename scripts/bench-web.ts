/**
 * `npm run bench:web`: Lighthouse (mobile) on the landing page and the landing page's initial JavaScript.
 * Targets: performance, accessibility, best practices and SEO each ≥ 95; initial JS ≤ 150 KB gzipped.
 * Exits 1 when a target is missed.
 *
 * Builds nothing: it serves the SPA already built in DIST_DIR (default ./dist, `npm run build`) from a
 * local stack started in-process on a free port with a temporary DATA_DIR (no worker).
 *
 * notes:
 * - "Initial JavaScript" = every script the built index.html loads up front (the module entry and its
 *   modulepreloads), gzipped at level 9 as the gateway would send them. Lazy chunks (the 3D viewer, admin,
 *   dialogs) are not in it; the script fails if a chunk named like the viewer or admin code is.
 * - Lighthouse runs its default mobile config (simulated slow 4G, 4× CPU slowdown). Its docs calibrate
 *   the 4× for a high-end desktop (benchmarkIndex ≥ 1500); on a slower or shared host (our build machines
 *   measure 800–900 under load) the 4× over-throttles, so a second run scales the slowdown by
 *   benchmarkIndex / 1500. Both are printed; the calibrated one gates the exit code unless
 *   LIGHTHOUSE_CALIBRATE=0. RUNS=3 reports the median run (by performance) of each.
 * - LIGHTHOUSE_JSON=file writes the last run's full report.
 * - Each run also prints the page's main-thread work as thread (CPU) time, which other processes on a shared
 *   machine hardly change, unlike the wall time Lighthouse simulates from: "blocking at 4x" is the sum over
 *   tasks of 4 x thread time - 50 ms (what TBT would be on an idle host), then the longest tasks.
 * - VS_DIST=dir compares two builds: runs alternate between the build in dir (before) and DIST_DIR (after)
 *   on one stack, so both see the same minutes of load; standard 4x only, the after median gates.
 * - Chrome: CHROME_PATH or /usr/bin/chromium, headless, no sandbox, no GPU.
 */
import { readFileSync, statSync, symlinkSync, unlinkSync, writeFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { loadavg, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { gzipSync } from 'node:zlib';
import { loadConfig } from '@lift3d/local/config';
import { freePort } from '@lift3d/local/ports';
import { startStack } from '@lift3d/local/stack';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';

const DEFAULTS = {
  minScore: 95,
  /** The public-pages goal: every run of a series at least this performance, the other three at 100. */
  goalPerformance: 98,
  maxInitialJsKb: 150,
  runs: 1,
  path: '/',
  chromeFlags: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'],
  /** Chunks that must never load up front on the landing page. */
  forbiddenInitial: /ModelViewer|three|admin|PayPal/i,
  /**
   * Lighthouse's 4x CPU slowdown assumes a high-end desktop host (benchmarkIndex about 1500 and up, per its
   * throttling docs). On a slower or busy host the same 4x emulates a much slower phone than intended, so
   * the slowdown is scaled by benchmarkIndex / 1500 and both results are printed.
   */
  referenceBenchmarkIndex: 1500,
};

const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const;
type Category = (typeof CATEGORIES)[number];

const distDir = resolve(process.env.DIST_DIR ?? './dist');
const runs = Math.max(1, Number(process.env.RUNS ?? DEFAULTS.runs));

/** The scripts index.html loads before anything else, with their gzipped sizes. */
export function initialJavaScript(dir: string) {
  let html: string;
  try {
    html = readFileSync(join(dir, 'index.html'), 'utf8');
  } catch {
    throw new Error(`bench-web: no built SPA in ${dir}. Run \`npm run build\` (or set DIST_DIR) first.`);
  }
  const srcs = new Set<string>();
  for (const m of html.matchAll(/<script[^>]*type="module"[^>]*src="([^"]+\.js)"/g)) srcs.add(m[1]);
  for (const m of html.matchAll(/<link[^>]*rel="modulepreload"[^>]*href="([^"]+\.js)"/g)) srcs.add(m[1]);
  const files = [...srcs].map((src) => {
    const file = join(dir, src.replace(/^\//, ''));
    const raw = readFileSync(file);
    return { src, bytes: statSync(file).size, gzip: gzipSync(raw, { level: 9 }).length };
  });
  return { files, gzipTotal: files.reduce((sum, f) => sum + f.gzip, 0) };
}

/**
 * Thread (CPU) time of each top-level task on the page's main thread, longest first. The page's renderer is
 * the one whose main thread ran the most tasks (the trace also holds the browser's and helpers' threads).
 */
function mainThreadTasks(events: readonly TraceEvent[]): number[] {
  const mains = events.filter((e) => e.name === 'thread_name' && e.args?.name === 'CrRendererMain');
  const tasksOf = (t: TraceEvent) =>
    events.filter(
      (e) =>
        e.pid === t.pid && e.tid === t.tid && e.name === 'RunTask' && e.ph === 'X' && e.tdur !== undefined,
    );
  const tasks = mains.map(tasksOf).sort((a, b) => b.length - a.length)[0] ?? [];
  return tasks.map((e) => (e.tdur ?? 0) / 1000).sort((a, b) => b - a);
}
interface TraceEvent {
  name: string;
  ph: string;
  pid: number;
  tid: number;
  tdur?: number;
  args?: { name?: string };
}

async function audit(url: string, cpuSlowdownMultiplier = 4) {
  const chrome = await chromeLauncher.launch({
    chromePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
    chromeFlags: DEFAULTS.chromeFlags,
  });
  try {
    const result = await lighthouse(url, {
      port: chrome.port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: [...CATEGORIES],
      throttling: {
        rttMs: 150,
        throughputKbps: 1.6 * 1024,
        requestLatencyMs: 150 * 3.75,
        downloadThroughputKbps: 1.6 * 1024 * 0.9,
        uploadThroughputKbps: 750 * 0.9,
        cpuSlowdownMultiplier,
      },
    });
    if (!result) throw new Error('bench-web: Lighthouse returned no result');
    const { lhr } = result;
    const threadTime = mainThreadTasks(result.artifacts.Trace.traceEvents);
    // LIGHTHOUSE_JSON=file keeps the full report of the last run for a closer look.
    if (process.env.LIGHTHOUSE_JSON) writeFileSync(process.env.LIGHTHOUSE_JSON, JSON.stringify(lhr));
    if (lhr.runtimeError) throw new Error(`bench-web: Lighthouse: ${lhr.runtimeError.message}`);
    const scores = Object.fromEntries(
      CATEGORIES.map((c) => [c, Math.round((lhr.categories[c]?.score ?? 0) * 100)]),
    ) as Record<Category, number>;
    // What cost points, so a failing run says what to fix.
    const failing = CATEGORIES.flatMap((c) =>
      (lhr.categories[c]?.auditRefs ?? [])
        .filter((ref) => ref.weight > 0)
        .map((ref) => lhr.audits[ref.id])
        .filter((a) => a && a.score !== null && a.score < 0.9)
        .map((a) => `${c}: ${a.id} (${a.score}) ${a.displayValue ?? ''}`.trim()),
    );
    const metrics = [
      'first-contentful-paint',
      'largest-contentful-paint',
      'total-blocking-time',
      'cumulative-layout-shift',
      'speed-index',
    ]
      .map((id) => `${id} ${lhr.audits[id]?.displayValue ?? '-'}`)
      .join(', ');
    return {
      scores,
      failing,
      metrics,
      benchmarkIndex: lhr.environment.benchmarkIndex,
      cpuSlowdownMultiplier,
      threadTime: `blocking at 4x ${Math.round(threadTime.reduce((sum, ms) => sum + Math.max(0, 4 * ms - 50), 0))} ms, longest tasks ${threadTime
        .slice(0, 4)
        .map((ms) => ms.toFixed(0))
        .join(', ')} ms (thread time)`,
    };
  } finally {
    chrome.kill();
  }
}

/**
 * Lighthouse now and then fails to record a page load's trace (NO_NAVSTART, seen on a fresh Chromium's
 * first launch); that run measured nothing, so it is run again once. Any other error stands.
 */
async function auditOnce(url: string, cpuSlowdownMultiplier = 4) {
  try {
    return await audit(url, cpuSlowdownMultiplier);
  } catch (error) {
    if (!String(error).includes('NO_NAVSTART')) throw error;
    console.log('Lighthouse recorded no navigation (NO_NAVSTART); running that one again');
    return audit(url, cpuSlowdownMultiplier);
  }
}

const js = initialJavaScript(distDir);
const forbidden = js.files.filter((f) => DEFAULTS.forbiddenInitial.test(f.src));

const dataDir = await mkdtemp(join(tmpdir(), 'lift3d-bench-web-'));
const port = await freePort();
const vsDir = process.env.VS_DIST ? resolve(process.env.VS_DIST) : null;
if (vsDir) initialJavaScript(vsDir);
// Comparing: the stack serves a link that each run points at the build it measures.
const servedDir = vsDir ? join(dataDir, 'served-dist') : distDir;
if (vsDir) symlinkSync(distDir, servedDir);
const serve = (dir: string) => {
  unlinkSync(servedDir);
  symlinkSync(dir, servedDir);
};
const stack = await startStack(
  loadConfig({
    ...process.env,
    PORT: String(port),
    DATA_DIR: dataDir,
    DIST_DIR: servedDir,
    START_WORKER: '0',
  }),
);
let failed = false;
try {
  const url = `${stack.url}${DEFAULTS.path}`;
  const median = async (
    multiplier?: (index: number) => number,
    first?: Awaited<ReturnType<typeof audit>>,
  ) => {
    const results: Awaited<ReturnType<typeof audit>>[] = [];
    for (let i = 0; i < runs; i++) {
      const index: number =
        first?.benchmarkIndex ?? results[0]?.benchmarkIndex ?? DEFAULTS.referenceBenchmarkIndex;
      const r = await auditOnce(url, multiplier ? multiplier(index) : 4);
      results.push(r);
      console.log(
        `run ${i + 1} (${r.cpuSlowdownMultiplier}x): ${CATEGORIES.map((c) => `${c} ${r.scores[c]}`).join(', ')}; benchmarkIndex ${Math.round(r.benchmarkIndex)}, load average ${loadavg()[0].toFixed(1)}`,
      );
    }
    const inARow = results.every(
      (r) =>
        r.scores.performance >= DEFAULTS.goalPerformance &&
        CATEGORIES.every((c) => c === 'performance' || r.scores[c] === 100),
    );
    if (runs > 1)
      console.log(
        `${runs} runs in a row at performance >= ${DEFAULTS.goalPerformance} and 100 elsewhere: ${inARow ? 'yes' : 'no'}`,
      );
    results.sort((a, b) => a.scores.performance - b.scores.performance);
    return results[Math.floor(results.length / 2)];
  };
  const print = (title: string, r: Awaited<ReturnType<typeof audit>>, gate: boolean) => {
    console.log(`\n${title}`);
    for (const c of CATEGORIES) {
      const ok = r.scores[c] >= DEFAULTS.minScore;
      if (gate) failed ||= !ok;
      console.log(
        `  ${c.padEnd(15)} ${String(r.scores[c]).padStart(3)}  ${ok ? 'ok' : `< ${DEFAULTS.minScore}`}`,
      );
    }
    console.log(`  metrics: ${r.metrics}`);
    console.log(`  main thread: ${r.threadTime}`);
    if (r.failing.length) console.log(`  audits below 0.9:\n    ${r.failing.join('\n    ')}`);
  };

  if (vsDir) {
    const before: Awaited<ReturnType<typeof audit>>[] = [];
    const after: typeof before = [];
    for (let i = 0; i < runs; i++) {
      for (const [dir, list, name] of [
        [vsDir, before, 'before'],
        [distDir, after, 'after '],
      ] as const) {
        serve(dir);
        const r = await auditOnce(url);
        list.push(r);
        console.log(
          `run ${i + 1} ${name} performance ${r.scores.performance}, ${r.metrics}; ${r.threadTime}; benchmarkIndex ${Math.round(r.benchmarkIndex)}, load average ${loadavg()[0].toFixed(1)}`,
        );
      }
    }
    const mid = (list: typeof before) =>
      [...list].sort((a, b) => a.scores.performance - b.scores.performance)[Math.floor(list.length / 2)];
    print(`Before (${vsDir}), median of ${runs}, standard 4x`, mid(before), false);
    print(`After (${distDir}), median of ${runs}, standard 4x`, mid(after), true);
  }
  const standard = vsDir ? null : await median();
  const label = `Lighthouse (mobile) on ${DEFAULTS.path}${runs > 1 ? `, median of ${runs} runs` : ''}`;
  const calibrate =
    standard !== null &&
    process.env.LIGHTHOUSE_CALIBRATE !== '0' &&
    standard.benchmarkIndex < DEFAULTS.referenceBenchmarkIndex;
  if (standard)
    print(
      `${label}: standard 4x CPU slowdown (this machine's benchmarkIndex ${Math.round(standard.benchmarkIndex)})`,
      standard,
      !calibrate,
    );
  if (calibrate) {
    const calibrated = await median(
      (index) => Math.max(1, Math.round((4 * index * 10) / DEFAULTS.referenceBenchmarkIndex) / 10),
      standard ?? undefined,
    );
    print(
      `${label}: CPU slowdown calibrated to this machine, ${calibrated.cpuSlowdownMultiplier}x (gates the exit code; LIGHTHOUSE_CALIBRATE=0 gates on the standard run)`,
      calibrated,
      true,
    );
  }

  const kb = js.gzipTotal / 1024;
  const jsOk = kb <= DEFAULTS.maxInitialJsKb && forbidden.length === 0;
  failed ||= !jsOk;
  console.log(`\nInitial JavaScript of the landing page (${js.files.length} files from ${distDir}):`);
  for (const f of js.files)
    console.log(`  ${f.src.padEnd(44)} ${(f.gzip / 1024).toFixed(1).padStart(6)} KB gzip`);
  console.log(
    `  total ${kb.toFixed(1)} KB gzipped (limit ${DEFAULTS.maxInitialJsKb} KB) ${jsOk ? 'ok' : 'TOO BIG'}`,
  );
  if (forbidden.length) console.log(`  must load lazily: ${forbidden.map((f) => f.src).join(', ')}`);
} finally {
  await stack.stop();
  await rm(dataDir, { recursive: true, force: true });
}
process.exit(failed ? 1 : 0);
