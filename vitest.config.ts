import { defineConfig } from 'vitest/config';

// One runner for every Node-side and browser-less test. Deno runs the Edge Function's own tests and
// Playwright runs the browser journeys (see scripts/test.ts, which runs these projects side by side, each
// in its own process). The projects that start databases and stacks make the migrated schema once first.
const globalSetup = ['local/test/support/global-setup.ts'];
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          include: ['src/**/*.test.{ts,tsx}', 'scripts/**/*.test.ts'],
          environment: 'node',
        },
      },
      {
        test: {
          name: 'engine',
          include: ['engine/test/**/*.test.ts'],
          testTimeout: 120_000,
          hookTimeout: 120_000,
          fileParallelism: false,
          // One process for every file, each after the other: the engine's modules (onnxruntime, sharp, the
          // segmentation model) load once instead of 48 times. The engine keeps no state between calls that a
          // test could leak; measured 189 → 137 s of CPU for the project, all 230 tests passing.
          isolate: false,
          setupFiles: ['engine/test/support/setup-globals.ts'],
        },
      },
      {
        test: {
          name: 'local',
          include: ['local/test/**/*.test.ts'],
          globalSetup,
          testTimeout: 60_000,
          hookTimeout: 120_000,
          fileParallelism: false,
        },
      },
      {
        test: {
          name: 'worker',
          include: ['worker/test/**/*.test.ts'],
          globalSetup,
          testTimeout: 180_000,
          hookTimeout: 120_000,
          fileParallelism: false,
        },
      },
    ],
  },
});
