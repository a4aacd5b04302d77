// Starts the real local stack for the browser tests, in a throw-away DATA_DIR and a fresh database (see
// stack-database.ts), so every run begins empty. Playwright stops it (SIGTERM) when the run ends.
import { rmSync } from 'node:fs';
import { loadConfig } from '@lift3d/local/config';
import { startStack } from '@lift3d/local/stack';
import { startStacksFromSnapshot } from '@lift3d/local/testing/schema-copies';
import { e2eDataDir } from './paths.ts';
import { stackDatabase } from './stack-database.ts';

const port = Number(process.env.PORT);
const dataDir = e2eDataDir(port);
rmSync(dataDir, { recursive: true, force: true });
// An embedded database (E2E_DATABASE=pglite) starts from the migrated schema instead of replaying every
// migration.
await startStacksFromSnapshot();
const database = await stackDatabase(String(port));
// The worker runs niced (WORKER_NICE) on two cores shared with other runs: shot checks measured at
// 7.5–15.6 s there took 64 s once, past their 60 s limit. The tests' stack allows ten times the limits.
process.env.WORKER_SHOT_CHECK_TIMEOUT_SECONDS ??= '600';
process.env.WORKER_PREVIEW_TIMEOUT_SECONDS ??= '1200';
const stack = await startStack(
  loadConfig({
    AUTH_SIGN_IN_LIMIT: '1000',
    ...process.env,
    DATABASE_URL: database.url,
    DATA_DIR: dataDir,
    NODE_ENV: 'test',
  }),
);
const stop = async () => {
  await stack.stop();
  await database.drop();
  rmSync(dataDir, { recursive: true, force: true });
  process.exit(0);
};
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
