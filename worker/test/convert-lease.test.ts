// The lease holds from the claim on: a conversion whose photo takes longer than the lease to read (a large
// photo, a busy storage) keeps heartbeating meanwhile, so the reaper does not hand it to a second worker
// that would convert it again. The photo's read is held until the lease has passed by the database's clock;
// the database, the queue and the reaper's SQL are real.
import type { Storage } from '@lift3d/storage';
import type { JobHelpers } from 'graphile-worker';
import { expect, test } from 'vitest';
import { useDirectConvert } from './support/direct-convert.ts';
import { waitFor } from './support/generation-harness.ts';

const env = useDirectConvert('convert-lease', { queue: true });

test('a photo slower to read than the lease keeps the lease: the conversion is not handed to another worker', async () => {
  const sql = env.db.sql;
  const { id, disk } = await env.photoGeneration();
  let release = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  const storage: Storage = {
    ...disk,
    async get(k) {
      await held;
      return disk.get(k);
    },
  };
  const [job] = await sql<{ id: string; attempts: number; max_attempts: number }[]>`
    select id, attempts, max_attempts from graphile_worker.jobs where key = ${`generation:${id}`}`;
  const logs: string[] = [];
  const lease = 10;
  const stopping = new AbortController();
  const task = env.task({
    storage,
    heartbeatMs: 500,
    log: (line) => logs.push(line),
    stopping: stopping.signal,
  });
  const token = `slow-read:${job.id}:${job.attempts + 1}`;
  const running = task({ id }, {
    job: { ...job, attempts: job.attempts + 1, locked_by: 'slow-read' },
  } as unknown as JobHelpers);
  const row = async () => (await sql`select * from public.generations where id = ${id}`)[0];
  try {
    await waitFor('the conversion to be claimed', async () => (await row()).worker_id, 30_000, [logs]);
    await waitFor(
      'the lease to pass while the photo is read',
      async () =>
        (
          await sql`select now() > started_at + make_interval(secs => ${lease + 1}) as past
                      from public.generations where id = ${id}`
        )[0].past,
      60_000,
      [logs],
    );
    const reaped = await sql`select * from public.reap_stale_generations(${lease})`;
    expect(reaped.filter((r) => r.generation_id === id)).toEqual([]);
    expect([(await row()).status, (await row()).worker_id]).toEqual(['processing', token]);
  } finally {
    // The worker stops: the conversion goes back to the queue once its photo has arrived.
    stopping.abort();
    release();
    await running;
  }
  const after = await row();
  expect([after.status, after.worker_id]).toEqual(['queued', null]);
  expect(logs.join('\n')).toMatch(/handed back to the queue/);
}, 120_000);
