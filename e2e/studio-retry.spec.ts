// A conversion whose worker dies: the studio says "Retrying on another worker" while the job waits for
// one, then the next worker completes it and the user is charged once. A stack of its own without a
// worker (START_WORKER=0); the test runs the worker processes itself so it can SIGKILL one mid-conversion
// and choose when the next one starts. The lease is taken back by public.reap_stale_generations, the
// SQL every worker's reaper runs (worker/src/lease.ts), once the dead worker's heartbeat is older than it.
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import postgres from 'postgres';
import sharp from 'sharp';
import { loadConfig } from '../local/src/config.ts';
import { freePort } from '../local/src/ports.ts';
import { type Stack, startStack } from '../local/src/stack.ts';
import { newIdentity, signInThroughDialog, signUpByApi } from './support/accounts.ts';
import { expect, test } from './support/test.ts';

const repoRoot = fileURLToPath(new URL('..', import.meta.url));
const LEASE_SECONDS = 5;

let stack: Stack;
let sql: postgres.Sql;
let dataDir: string;
const workers: ChildProcess[] = [];

test.beforeAll(async () => {
  test.setTimeout(240_000);
  const port = await freePort();
  dataDir = mkdtempSync(join(tmpdir(), 'lift3d-e2e-retry-'));
  stack = await startStack(
    loadConfig({
      AUTH_SIGN_IN_LIMIT: '1000',
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      SITE_URL: `http://127.0.0.1:${port}`,
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      START_WORKER: '0',
      NODE_ENV: 'test',
    }),
  );
  sql = postgres(stack.databaseUrl, { max: 1, prepare: false, onnotice: () => {} });
});

test.afterAll(async () => {
  for (const w of workers) if (w.exitCode === null && w.signalCode === null) w.kill('SIGKILL');
  await sql?.end();
  await stack?.stop();
  rmSync(dataDir, { recursive: true, force: true });
});

/** A worker process on the stack's embedded database and storage, as the stack would start it. */
function startWorker(): ChildProcess {
  const child = spawn(process.execPath, ['--import', 'tsx', join(repoRoot, 'worker/src/main.ts')], {
    cwd: repoRoot,
    env: {
      ...process.env,
      DATABASE_URL: stack.databaseUrl,
      WORKER_EMBEDDED_DB: '1',
      DATA_DIR: dataDir,
      STORAGE_DIR: join(dataDir, 'storage'),
      WORKER_LEASE_SECONDS: String(LEASE_SECONDS),
      WORKER_POLL_MS: '300',
    },
    stdio: 'ignore',
  });
  workers.push(child);
  return child;
}

const generationOf = async (userId: string) =>
  (await sql`select id, status, stage, attempts from public.generations where user_id = ${userId}`)[0];

test('a worker SIGKILLed mid-conversion: the studio says it is retrying on another worker, then the next one completes it', async ({
  page,
}, info) => {
  test.setTimeout(300_000);
  const who = newIdentity('retry');
  const userId = await signUpByApi(stack.url, who);
  await sql`select public.apply_credit_change(${userId}, 100, 'purchase', ${`test:${userId}`})`;
  await page.goto(`${stack.url}/app`);
  await signInThroughDialog(page, who.email, who.password);
  await expect(page.getByTestId('studio-credits')).toHaveText('100');

  // No alpha channel: the segmentation model runs, so the conversion is still going when the worker dies.
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="256" height="256"><rect width="256" height="256" fill="#fff"/>
    <circle cx="128" cy="140" r="70" fill="#2f7fd8"/><rect x="108" y="30" width="40" height="50" fill="#f2b233"/></svg>`;
  const png = await sharp(Buffer.from(svg)).png().toBuffer();
  await page
    .getByTestId('upload-input')
    .setInputFiles({ name: 'vase.png', mimeType: 'image/png', buffer: png });
  const first = startWorker();
  await page.getByTestId('generate-button').click();
  await expect(page.getByTestId('model-status-label')).toHaveText('Processing...');

  await expect
    .poll(async () => (await generationOf(userId))?.status, { timeout: 120_000, intervals: [100] })
    .toBe('processing');
  first.kill('SIGKILL');
  const dying = await generationOf(userId);
  expect([dying.status, dying.attempts]).toEqual(['processing', 1]);

  // The reaper's turn: once the dead worker's heartbeat is older than the lease, the job goes back to the queue.
  await expect
    .poll(
      async () =>
        (await sql`select action from public.reap_stale_generations(${LEASE_SECONDS})`).map((r) => r.action),
      { timeout: 60_000, intervals: [500] },
    )
    .toEqual(['retry']);
  const waiting = await generationOf(userId);
  expect([waiting.status, waiting.stage]).toEqual(['queued', 'retrying']);

  // What the user sees while no worker has taken it yet: still processing, retrying on another worker.
  await expect(page.getByTestId('model-status-stage')).toHaveText('Retrying on another worker', {
    timeout: 30_000,
  });
  await expect(page.getByTestId('model-status-label')).toHaveText('Processing...');
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: 900 });
    await page.screenshot({ path: info.outputPath(`studio-retrying-${width}.png`) });
  }
  await page.setViewportSize({ width: 1280, height: 900 });

  startWorker();
  await expect(page.getByTestId('model-status-label')).toHaveText('Completed', { timeout: 180_000 });
  const done = await generationOf(userId);
  expect([done.status, done.attempts]).toEqual(['completed', 2]);
  await expect(page.getByTestId('studio-credits')).toHaveText('50');
  const ledger =
    await sql`select reason, delta from public.credit_ledger where user_id = ${userId} order by id`;
  expect(ledger.map((r) => [r.reason, r.delta])).toEqual([
    ['purchase', 100],
    ['generation', -50],
  ]);
});
