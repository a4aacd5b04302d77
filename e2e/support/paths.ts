import { tmpdir } from 'node:os';
import { join } from 'node:path';

/**
 * Each Playwright worker has its own stack (playwright.config.ts): worker N talks to the stack on
 * E2E_PORT + N. TEST_PARALLEL_INDEX is Playwright's number for the worker (0 outside a worker).
 */
function e2ePort(): number {
  return Number(process.env.E2E_PORT ?? 3100) + Number(process.env.TEST_PARALLEL_INDEX ?? 0);
}

/**
 * The DATA_DIR of the stack under test: E2E_DATA_DIR when you run your own stack, else the one Playwright
 * starts on `port` (this worker's by default; stack.ts passes its own PORT).
 */
export function e2eDataDir(port = e2ePort()): string {
  return process.env.E2E_DATA_DIR ?? join(tmpdir(), `lift3d-e2e-${port}`);
}
