import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** The DATA_DIR of the stack under test: E2E_DATA_DIR when you run your own stack, else the one Playwright starts. */
export function e2eDataDir(): string {
  return (
    process.env.E2E_DATA_DIR ??
    join(tmpdir(), `lift3d-e2e-${process.env.E2E_PORT ?? process.env.PORT ?? 3100}`)
  );
}
