// Meshy's account-level answers against its stand-in (written from docs.meshy.ai): a create whose answer
// was lost is found again in the documented task list instead of being paid for twice, the two 429s and
// the 402 each end the way they should, and the create asks for the PBR maps the exports now keep.

import { makeSourceGlb } from '@lift3d/engine/testing/source-glb.ts';
import { afterAll, beforeAll, beforeEach, expect, test } from 'vitest';
import { createMeshyBackend } from '../src/backends/meshy.ts';
import type { AdoptTask } from '../src/backends/reconcile.ts';
import { type HostedRunOptions, runHosted } from '../src/backends/run-hosted.ts';
import { ProviderError } from '../src/backends/types.ts';
import { drawTestImage } from './support/generation-harness.ts';
import { STANDIN_DEFAULTS, type Standins, startStandins } from './support/provider-standins.ts';

let standins: Standins;
let png: Uint8Array;

beforeAll(async () => {
  png = await drawTestImage(128);
  standins = await startStandins(await makeSourceGlb());
});
afterAll(() => standins?.stop());
beforeEach(() => {
  standins.behaviour = { ...STANDIN_DEFAULTS };
  standins.tasks.length = 0;
  standins.refused = { auth: 0, rateLimited: 0 };
});

const fast: Partial<HostedRunOptions> = {
  pollIntervalMs: 20,
  backoffBaseMs: 10,
  queueWaitMs: 10,
  deadlineMs: 20_000,
  reconcileSkewMs: 1000,
};
const meshy = () =>
  createMeshyBackend({ apiKey: standins.key, baseUrl: standins.url, requestTimeoutMs: 1500 });

/**
 * The database's side of adoption for these adapter-level runs (the real rule, generation_provider_adopt,
 * is tested in SQL and end to end in convert-hosted.test.ts): tasks in `held` belong to other generations.
 */
function adopter(held: Set<string>): { adopt: AdoptTask; calls: string[][] } {
  const calls: string[][] = [];
  return {
    calls,
    adopt: async (candidates) => {
      calls.push(candidates);
      const free = candidates.filter((c) => !held.has(c));
      if (free.length === 0) return { outcome: 'none' };
      if (free.length > 1) return { outcome: 'ambiguous' };
      held.add(free[0]);
      return { outcome: 'adopted', taskId: free[0] };
    },
  };
}

function run(options: {
  adopt?: AdoptTask;
  submitting?: boolean;
  submittingSince?: number | null;
  run?: Partial<HostedRunOptions>;
}) {
  const recorded: string[] = [];
  const result = runHosted(
    meshy(),
    {
      job: async () => ({ image: png, views: {}, topology: 'low', faces: 8000 }),
      existing: null,
      markSubmitting: async () => options.submitting ?? true,
      recordTask: async (id) => {
        recorded.push(id);
        return id;
      },
      submittingSince: options.submittingSince ?? null,
      adoptTask: options.adopt,
      onProgress: () => {},
      signal: new AbortController().signal,
    },
    { ...fast, ...options.run },
  );
  return { result, recorded };
}

const failure = async (promise: Promise<unknown>) => {
  const error = await promise.catch((e: unknown) => e);
  expect(error).toBeInstanceOf(ProviderError);
  return error as ProviderError;
};

test('a create answered 500 after Meshy made the task: found in the task list and adopted, one task paid', async () => {
  standins.behaviour.failCreatesAfterPaying = 1;
  const { adopt, calls } = adopter(new Set());
  const { result, recorded } = run({ adopt });
  const done = await result;
  expect(standins.tasks).toHaveLength(1);
  expect(done.taskId).toBe(`image-to-3d/${standins.tasks[0].id}`);
  expect(calls).toEqual([[done.taskId]]);
  // Adopted through the database, never recorded as a fresh create.
  expect(recorded).toEqual([]);
  expect(done.model.byteLength).toBeGreaterThan(1000);
});

test('a create never answered (request timeout): the task is found in the list, not asked for again', async () => {
  standins.behaviour.holdCreates = true;
  const { adopt } = adopter(new Set());
  const pending = run({ adopt }).result;
  // The held create made its task; the list finds it once the request has timed out.
  const done = await pending;
  expect(standins.tasks).toHaveLength(1);
  expect(done.taskId).toContain(standins.tasks[0].id);
});

test('an earlier attempt that died with its answer: this attempt finds that task from the mark’s time', async () => {
  // What the earlier attempt made before it died.
  standins.behaviour.holdCreates = true;
  const since = Date.now();
  await failure(run({}).result);
  standins.behaviour.holdCreates = false;
  expect(standins.tasks).toHaveLength(1);
  const { adopt } = adopter(new Set());
  const done = await run({ adopt, submitting: false, submittingSince: since }).result;
  expect(standins.tasks).toHaveLength(1);
  expect(done.taskId).toContain(standins.tasks[0].id);
});

test('a task another generation holds is never taken; our own, made beside it, is', async () => {
  const other = await run({}).result;
  standins.behaviour.failCreatesAfterPaying = 1;
  const { adopt, calls } = adopter(new Set([other.taskId]));
  const done = await run({ adopt }).result;
  expect(standins.tasks).toHaveLength(2);
  expect(calls[0]).toHaveLength(2);
  expect(done.taskId).not.toBe(other.taskId);
  expect(done.taskId).toContain(standins.tasks[1].id);
});

test('two unheld tasks in the window are not guessed between: unknown_outcome, no third task', async () => {
  // A stray task nobody stored (its create's answer was lost and never reconciled).
  standins.behaviour.holdCreates = true;
  await failure(run({}).result);
  standins.behaviour.holdCreates = false;
  standins.behaviour.failCreatesAfterPaying = 1;
  // The window reaches back over the stray task (made a request timeout earlier).
  const error = await failure(
    run({ adopt: adopter(new Set()).adopt, run: { reconcileSkewMs: 60_000 } }).result,
  );
  expect([error.code, error.retryable]).toEqual(['unknown_outcome', false]);
  expect(error.message).toMatch(/could be another generation’s/);
  expect(standins.tasks).toHaveLength(2);
});

test('a 500 that made no task: the list is read a few times, then unknown_outcome and nothing paid', async () => {
  standins.behaviour.failCreatesUnpaid = 1;
  const { adopt, calls } = adopter(new Set());
  const error = await failure(run({ adopt, run: { reconcileAttempts: 3 } }).result);
  expect(error.code).toBe('unknown_outcome');
  expect(error.message).toMatch(/lists no task of ours/);
  expect(calls).toEqual([[], [], []]);
  expect(standins.tasks).toHaveLength(0);
});

test('402 is an account out of funds: no_credits at once, not retried, no task', async () => {
  standins.behaviour.noCredits = true;
  const error = await failure(run({}).result);
  expect([error.code, error.retryable, error.options.status]).toEqual(['no_credits', false, 402]);
  expect(error.message).toMatch(/out of funds/);
  expect(standins.tasks).toHaveLength(0);
});

test('the documented 429 messages: RateLimitExceeded is retried after its backoff, NoMoreConcurrentTasks waits its turn', async () => {
  standins.behaviour.queueFullCreates = 1;
  standins.behaviour.rateLimitCreates = 1;
  const waits: number[] = [];
  const done = await run({
    run: {
      queueWaitMs: 5000,
      sleep: async (ms) => {
        waits.push(ms);
      },
    },
  }).result;
  expect(done.retries).toBe(2);
  expect(waits[0]).toBeGreaterThanOrEqual(5000);
  expect(waits[1]).toBeLessThan(5000);
  expect(standins.tasks).toHaveLength(1);
});

test('the create asks for PBR maps, and the PBR model the service then makes is the one downloaded', async () => {
  const pbr = new Uint8Array([...(await makeSourceGlb({ segments: 12 }))]);
  standins.pbrModels = [pbr];
  try {
    const done = await run({}).result;
    expect(standins.tasks[0].body.enable_pbr).toBe(true);
    expect(Buffer.from(done.model).equals(Buffer.from(pbr))).toBe(true);
  } finally {
    standins.pbrModels = [];
  }
});
