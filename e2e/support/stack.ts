// Starts the real local stack for the browser tests, in a throw-away DATA_DIR so every run begins with an
// empty database. Playwright stops it (SIGTERM) when the run ends.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadConfig } from '../../local/src/config.ts';
import { startStack } from '../../local/src/stack.ts';

const dataDir = mkdtempSync(join(tmpdir(), 'lift3d-e2e-'));
const stack = await startStack(loadConfig({ ...process.env, DATA_DIR: dataDir, NODE_ENV: 'test' }));
const stop = async () => {
  await stack.stop();
  rmSync(dataDir, { recursive: true, force: true });
  process.exit(0);
};
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
