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
 * - Chrome: CHROME_PATH or /usr/bin/chromium, headless, no sandbox, no GPU.
 */
import { readFileSync, statSync, writeFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { gzipSync } from 'node:zlib';
import { loadConfig } from '@lift3d/local/config';
import { freePort } from '@lift3d/local/ports';
import { startStack } from '@lift3d/local/stack';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';

const DEFAULTS = {
  minScore: 95,
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
    };
  } finally {
    chrome.kill();
  }
}

const js = initialJavaScript(distDir);
const forbidden = js.files.filter((f) => DEFAULTS.forbiddenInitial.test(f.src));

const dataDir = await mkdtemp(join(tmpdir(), 'lift3d-bench-web-'));
const port = await freePort();
const stack = await startStack(
  loadConfig({ ...process.env, PORT: String(port), DATA_DIR: dataDir, DIST_DIR: distDir, START_WORKER: '0' }),
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
      results.push(await audit(url, multiplier ? multiplier(index) : 4));
    }
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
    if (r.failing.length) console.log(`  audits below 0.9:\n    ${r.failing.join('\n    ')}`);
  };

  const standard = await median();
  const label = `Lighthouse (mobile) on ${DEFAULTS.path}${runs > 1 ? `, median of ${runs} runs` : ''}`;
  const calibrate =
    process.env.LIGHTHOUSE_CALIBRATE !== '0' && standard.benchmarkIndex < DEFAULTS.referenceBenchmarkIndex;
  print(
    `${label}: standard 4x CPU slowdown (this machine's benchmarkIndex ${Math.round(standard.benchmarkIndex)})`,
    standard,
    !calibrate,
  );
  if (calibrate) {
    const calibrated = await median(
      (index) => Math.max(1, Math.round((4 * index * 10) / DEFAULTS.referenceBenchmarkIndex) / 10),
      standard,
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
