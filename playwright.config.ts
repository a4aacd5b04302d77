import { defineConfig, devices } from '@playwright/test';
import { chromiumArgs, chromiumPath } from './e2e/support/chromium.ts';

// Browser journeys run against the real local stack (SPA + auth + api + worker on one origin).
// E2E_BASE_URL lets a developer point them at a stack that is already running.
//
// E2E_WORKERS workers (2) run spec files at once, each against a stack of its own on E2E_PORT + its index,
// so no test sees another's rows, mail or worker queue. This file is read again in every worker, where
// TEST_PARALLEL_INDEX names it (e2e/support/paths.ts finds the worker's stack the same way).
const port = Number(process.env.E2E_PORT ?? 3100);
const external = process.env.E2E_BASE_URL;
const workers = external ? 1 : Math.max(1, Number(process.env.E2E_WORKERS ?? 2));
const workerPort = port + Number(process.env.TEST_PARALLEL_INDEX ?? 0);

const chromium = { ...devices['Desktop Chrome'] };
const LONGEST_FIRST = [
  'guided-capture',
  'direct-uploads',
  'google',
  'studio',
  'model-video',
  'share',
  'ar',
].map((name) => `**/${name}.spec.ts`);

export default defineConfig({
  testDir: 'e2e',
  globalSetup: './e2e/support/global-setup.ts',
  // Ceilings, not expected times: a passing step returns as soon as it holds. On a loaded machine (CI, or
  // the two cores shared with other runs) sign-up alone took over 10 s and plain page tests over 60 s, so
  // the old 10 s / 60 s limits failed tests that were only slow.
  timeout: 180_000,
  expect: { timeout: 30_000 },
  fullyParallel: false,
  workers,
  retries: 0,
  reporter: [['list']],
  use: {
    baseURL: external ?? `http://127.0.0.1:${workerPort}`,
    trace: 'off',
    // As a visitor who asked for less motion: viewers do not turn, spinners do not spin. A turning viewer is
    // software WebGL at 60 frames a second on the CI's two cores (its GPU process alone took 0.4–0.7 core).
    // e2e/motion.spec.ts shows the turntable to a visitor without that setting.
    reducedMotion: 'reduce',
    launchOptions: {
      executablePath: chromiumPath,
      args: chromiumArgs,
    },
  },
  // Longest spec files first, each its own project (all named chromium) since Playwright hands out files in
  // the order of the projects, then alphabetically: otherwise the longest files came last and one worker ran
  // alone at the end. Measured on the two cores (each waits on real conversions or stacks of its own).
  projects: [
    ...LONGEST_FIRST.map((file) => ({ name: 'chromium', testMatch: file, use: chromium })),
    { name: 'chromium', testIgnore: LONGEST_FIRST, use: chromium },
  ],
  webServer: external
    ? undefined
    : Array.from({ length: workers }, (_, index) => ({
        command: `npx tsx e2e/support/stack.ts`,
        url: `http://127.0.0.1:${port + index}/api/health`,
        reuseExistingServer: false,
        // A stack starts in about 15 s on a quiet machine; at a load average of 40 it missed 180 s.
        timeout: 300_000,
        env: { PORT: String(port + index) },
        stdout: 'pipe' as const,
        stderr: 'pipe' as const,
      })),
});
