// Fault injection on the real local stack (PostgreSQL, Deno api, supervised worker) with real processes:
// the worker SIGKILLed at each engine stage of one conversion, the api function SIGKILLed mid-upload.
// The stack itself notices and restarts what died; after each fault the invariants hold (support/invariants.ts).

import { mkdtemp, rm } from 'node:fs/promises';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../local/test/support/databases.ts';
import {
  getGeneration,
  postGeneration,
  type StackProcess,
  signUp,
  startStackProcess,
} from '../../scripts/support/stack-process.ts';
import { drawTestImage, waitFor } from './support/generation-harness.ts';
import { checkInvariants } from './support/invariants.ts';

let db: TestDatabase;
let dataDir = '';
let stack: StackProcess;
const LEASE_SECONDS = 5;

beforeAll(async () => {
  db = await createTestDatabase('postgres');
  dataDir = await mkdtemp(join(tmpdir(), 'lift3d-faults-'));
  stack = await startStackProcess({
    dataDir,
    env: { DATABASE_URL: db.url, WORKER_LEASE_SECONDS: String(LEASE_SECONDS), WORKER_POLL_MS: '300' },
  });
}, 240_000);

afterAll(async () => {
  await stack?.stop();
  await db?.stop();
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
});

/** The pid of the part's current process, from the supervisor's "… started (pid N)" log lines. */
function currentPid(part: 'worker' | 'api function'): number {
  const lines = stack.logs.filter((l) => l.includes(`${part} started (pid`));
  const pid = Number(/\(pid (\d+)\)/.exec(lines.at(-1) ?? '')?.[1]);
  if (!pid) throw new Error(`no ${part} pid in the stack's log`);
  return pid;
}

const startedCount = (part: string) => stack.logs.filter((l) => l.includes(`${part} started (pid`)).length;

test('the worker SIGKILLed at isolate, geometry, export and render: restarted by the stack, the job completes, charged once', async () => {
  const user = await signUp(stack);
  await db.sql`select public.apply_credit_change(${user.id}, 50, 'purchase', 'test:faults-stages')`;
  // One attempt per fault plus the one that finishes.
  await db.sql`update public.settings set value = '5' where key = 'generation.max_attempts'`;
  // No alpha: the isolate stage really runs the segmentation model, so it lasts long enough to be hit.
  const photo = new Uint8Array(
    await sharp(await drawTestImage(256))
      .flatten({ background: '#ffffff' })
      .png()
      .toBuffer(),
  );
  const created = await postGeneration(stack, user.token, photo, { format: 'glb', kind: 'video' });
  await db.sql`update public.settings set value = '3' where key = 'generation.max_attempts'`;

  for (const [attempt, stage] of ['isolate', 'geometry', 'export', 'render'].entries()) {
    const workersBefore = startedCount('worker');
    await waitFor(
      `attempt ${attempt + 1} to reach ${stage}`,
      async () => {
        const [g] =
          await db.sql`select status, stage, attempts from public.generations where id = ${created.id}`;
        return g.status === 'processing' && g.stage === stage && g.attempts === attempt + 1;
      },
      240_000,
      [stack.logs],
    );
    process.kill(currentPid('worker'), 'SIGKILL');
    // The stack restarts the worker on its own; the reaper frees the job after the lease.
    await waitFor(
      'the stack to restart the worker',
      async () => startedCount('worker') > workersBefore,
      30_000,
      [stack.logs],
    );
    // The studio shows "retrying" until another attempt takes it (that can be quick: either counts).
    const seen = await waitFor(
      'the generation to be retried',
      async () => {
        const g = await getGeneration(stack, user.token, created.id);
        const [row] = await db.sql`select attempts from public.generations where id = ${created.id}`;
        return g.stage === 'retrying' || row.attempts > attempt + 1 ? g : null;
      },
      120_000,
      [stack.logs],
    );
    expect(seen.status).not.toBe('failed');
  }

  const done = await waitFor(
    'the fifth attempt to complete',
    async () => {
      const g = await getGeneration(stack, user.token, created.id);
      return g.status === 'completed' || g.status === 'failed' ? g : null;
    },
    300_000,
    [stack.logs],
  );
  expect(done.status, done.error ?? '').toBe('completed');
  expect(done.files).toEqual(['glb', 'gltf', 'obj', 'fbx', 'stl', 'usdz', '3mf', 'mp4']);
  expect(stack.logs.filter((l) => l.includes('worker exited unexpectedly (signal SIGKILL)'))).toHaveLength(4);
  const ledger =
    await db.sql`select reason, delta from public.credit_ledger where user_id = ${user.id} order by id`;
  expect(ledger.map((r) => [r.reason, r.delta])).toEqual([
    ['purchase', 50],
    ['generation', -50],
  ]);
  expect(await checkInvariants(db.sql, join(dataDir, 'storage'))).toEqual([]);
  const health = await fetch(`${stack.url}/api/health`);
  expect(health.status).toBe(200);
}, 900_000);

test('the api function SIGKILLed mid-upload: the client gets an error, nothing is charged or stored, the api comes back', async () => {
  const user = await signUp(stack);
  await db.sql`select public.apply_credit_change(${user.id}, 50, 'purchase', 'test:faults-upload')`;
  const apiBefore = startedCount('api function');
  const boundary = '----lift3d-fault';
  const image = await drawTestImage(512);
  const head = `--${boundary}\r\nContent-Disposition: form-data; name="format"\r\n\r\nglb\r\n--${boundary}\r\nContent-Disposition: form-data; name="image"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n`;
  const tail = `\r\n--${boundary}--\r\n`;
  const url = new URL(`${stack.url}/api/generations`);
  const outcome = await new Promise<string>((resolve) => {
    const req = request(
      {
        host: url.hostname,
        port: url.port,
        path: url.pathname,
        method: 'POST',
        headers: {
          authorization: `Bearer ${user.token}`,
          'content-type': `multipart/form-data; boundary=${boundary}`,
          'content-length': String(head.length + image.byteLength + tail.length),
        },
      },
      (res) => {
        res.resume();
        res.on('end', () => resolve(`HTTP ${res.statusCode}`));
      },
    );
    req.on('error', (error) => resolve(`error ${error.message}`));
    // Half the image, then the api dies with the request open.
    req.write(head);
    req.write(image.subarray(0, image.byteLength >> 1), () => {
      setTimeout(() => process.kill(currentPid('api function'), 'SIGKILL'), 300);
    });
  });
  expect(outcome).toMatch(/^(HTTP 50[23]|error )/);

  await waitFor(
    'the stack to restart the api function',
    async () => startedCount('api function') > apiBefore,
    30_000,
    [stack.logs],
  );
  const list = await waitFor(
    'the api to answer again',
    async () => {
      const res = await fetch(`${stack.url}/api/generations`, {
        headers: { authorization: `Bearer ${user.token}` },
      });
      return res.ok ? ((await res.json()) as { generations: unknown[] }) : null;
    },
    120_000,
    [stack.logs],
  );
  expect(list.generations).toEqual([]);
  const [profile] = await db.sql`select credits from public.profiles where id = ${user.id}`;
  expect(profile.credits).toBe(50);
  expect(await checkInvariants(db.sql, join(dataDir, 'storage'))).toEqual([]);
}, 300_000);
