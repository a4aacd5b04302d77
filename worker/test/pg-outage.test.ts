// PostgreSQL stopped for a few seconds under load, mid-conversion, on a throwaway cluster of the test's own
// (never the shared server). The stack rides it out without a restart by hand: /api/health says 503 while
// the database is down, the parts reconnect (the supervisor restarts what exits), the interrupted
// conversion ends completed or failed-and-refunded, a new one completes, and the invariants hold.

import { getGeneration, postGeneration, waitUntilHealthy } from '@lift3d/local/testing/stack-process';
import { startThrowawayPostgres, type ThrowawayPostgres } from '@lift3d/local/testing/throwaway-postgres';
import { afterAll, expect, test } from 'vitest';
import { type FaultStack, startFaultStack } from './support/fault-stack.ts';
import { drawTestImage } from './support/generation-harness.ts';
import { type Phases, phases } from './support/phases.ts';

let pg: ThrowawayPostgres | null = null;
let faults: FaultStack | null = null;

afterAll(async () => {
  await faults?.stop();
  pg?.destroy();
});

const OUTAGE_MS = 4000;
/** The simulated users poll while this is true (set false when the test ends, however it ends). */
let polling = false;

test('PostgreSQL down for a few seconds under load: health says so, then everything recovers by itself', async () => {
  const t = phases('PostgreSQL outage');
  try {
    await outage(t);
  } finally {
    polling = false;
    console.log(t.summary());
  }
}, 300_000);

async function outage(t: Phases) {
  pg = await startThrowawayPostgres();
  t.mark('cluster started');
  faults = await startFaultStack({ name: 'pg-outage', databaseUrl: pg.url });
  t.mark('stack started');
  const f = faults;
  const s = f.stack;
  const users = [await f.user(100), await f.user(100)];
  const image = await drawTestImage(256);
  const interrupted = await postGeneration(s, users[0].token, image, { format: 'glb' });

  // Load: both users poll My models until told to stop; failures during the outage are expected.
  polling = true;
  const outcomes = { ok: 0, failed: 0, hung: 0 };
  const pollers = users.map(async (u) => {
    while (polling) {
      // A request the outage caught must still be answered (an error is fine), never left waiting.
      const res = await fetch(`${s.url}/api/generations`, {
        headers: { authorization: `Bearer ${u.token}` },
        signal: AbortSignal.timeout(60_000),
      }).catch((error: Error) => {
        if (error.name === 'TimeoutError') outcomes.hung++;
        return null;
      });
      if (res?.ok) outcomes.ok++;
      else outcomes.failed++;
      await res?.arrayBuffer();
      await new Promise((r) => setTimeout(r, 200));
    }
  });

  await f.waitFor(
    'the conversion to be under way',
    async () => {
      const g = await getGeneration(s, users[0].token, interrupted.id);
      return g.status === 'processing' && g.progress > 0.05;
    },
    120_000,
    {
      hopeless: async () => {
        const g = await getGeneration(s, users[0].token, interrupted.id);
        return g.status === 'completed' || g.status === 'failed'
          ? `the conversion ended ${g.status} before the database could be stopped under it`
          : null;
      },
    },
  );
  t.mark('under way');
  pg.stop();
  const down = await fetch(`${s.url}/api/health`);
  const downBody = (await down.json()) as { database: { status: string }; canConvert: boolean };
  expect(down.status).toBe(503);
  expect(downBody.database.status).toBe('unreachable');
  expect(downBody.canConvert).toBe(false);
  await new Promise((r) => setTimeout(r, OUTAGE_MS));
  pg.start();
  t.mark('outage');
  const okBefore = outcomes.ok;

  await waitUntilHealthy(s, 90_000);
  t.mark('healthy again');
  const ended = await f.waitFor(
    'the interrupted conversion to end',
    async () => {
      const g = await getGeneration(s, users[0].token, interrupted.id).catch(() => null);
      return g && (g.status === 'completed' || g.status === 'failed') ? g : null;
    },
    120_000,
  );
  t.mark('interrupted one ended');
  // A new conversion after the outage completes: the stack converts again without a restart by hand.
  const after = await postGeneration(s, users[1].token, image, { format: 'stl' });
  const done = await f.waitFor(
    'a conversion started after the outage to complete',
    async () => {
      const g = await getGeneration(s, users[1].token, after.id);
      return g.status === 'completed' || g.status === 'failed' ? g : null;
    },
    120_000,
  );
  t.mark('new one completed');
  polling = false;
  await Promise.all(pollers);
  expect(done.status, done.error ?? '').toBe('completed');
  expect(outcomes.ok).toBeGreaterThan(okBefore);
  expect(outcomes.hung, 'api requests left unanswered by the outage').toBe(0);
  expect(await f.invariants()).toEqual([]);
  console.log(
    `PostgreSQL outage of ${OUTAGE_MS / 1000} s: interrupted conversion ${ended.status}; polls ok ${outcomes.ok}, failed ${outcomes.failed}; ` +
      `worker restarts ${s.logs.filter((l) => l.includes('worker exited unexpectedly')).length}, ` +
      `api restarts ${s.logs.filter((l) => l.includes('api function exited unexpectedly')).length}`,
  );
}
