// A part of the local stack that keeps crashing stops the whole stack with a message naming it and its
// own reason, instead of leaving a half-stack that takes uploads it will never convert. Real processes:
// the stack on PostgreSQL, its worker started with a setting it refuses (GENERATION_BACKEND), so every
// start exits at once.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createTestDatabase, type TestDatabase } from '@lift3d/local/testing/databases';
import { type StackProcess, startStackProcess } from '@lift3d/local/testing/stack-process';
import { afterAll, expect, test } from 'vitest';
import { waitFor } from './support/generation-harness.ts';

let db: TestDatabase | null = null;
let stack: StackProcess | null = null;
let dataDir: string | null = null;

afterAll(async () => {
  await stack?.stop();
  await db?.stop();
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
});

test('a worker in a crash loop stops the whole stack with a clear message and exit code 1', async () => {
  db = await createTestDatabase('postgres');
  dataDir = await mkdtemp(join(tmpdir(), 'lift3d-crash-loop-'));
  const logs: string[] = [];
  try {
    stack = await startStackProcess({
      dataDir,
      env: { DATABASE_URL: db.url, GENERATION_BACKEND: 'no-such-backend' },
    });
    logs.push(...stack.logs);
  } catch (error) {
    // The loop may end before the stack has said it is ready: then start-up fails with the same log.
    logs.push((error as Error).message);
  }
  const child = stack?.child;
  if (child) {
    // Five restarts with a doubling pause (0.5 … 8 s) and the worker's own start-ups: well under 2 minutes.
    const exit = await waitFor(
      'the stack to stop itself',
      async () => (child.exitCode !== null ? { code: child.exitCode } : null),
      120_000,
      [stack!.logs],
    );
    expect(exit.code).toBe(1);
    logs.splice(0, logs.length, ...stack!.logs);
  }
  const text = logs.join('\n');
  expect(text).toMatch(
    /stack: the worker exited 6 times within 60 s \(last: code 1\); it is not restarted again\. Its log lines above say why/,
  );
  expect(text).toContain('Stopping the whole stack.');
  // The worker's own reason is in the log above the stack's message.
  expect(text).toContain('GENERATION_BACKEND must be builtin, meshy, tripo or fal, not "no-such-backend"');
  expect(text.match(/worker exited unexpectedly \(code 1\)/g)).toHaveLength(5);
}, 240_000);
