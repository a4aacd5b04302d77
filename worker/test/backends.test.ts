// Each hosted backend against its local stand-in through the same runner: the GLB comes back, the key
// and rate limits and failures end the way the convert job relies on, and a stored task is resumed
// rather than paid for again.

import { makeSourceGlb } from '@lift3d/engine/testing/source-glb.ts';
import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest';
import { createFalBackend } from '../src/backends/fal.ts';
import { createMeshyBackend } from '../src/backends/meshy.ts';
import { type HostedRunOptions, runHosted } from '../src/backends/run-hosted.ts';
import { createTripoBackend } from '../src/backends/tripo.ts';
import { type HostedBackend, type HostedJob, ProviderError } from '../src/backends/types.ts';
import { drawTestImage } from './support/generation-harness.ts';
import { STANDIN_DEFAULTS, type Standins, startStandins } from './support/provider-standins.ts';

let standins: Standins;
let glb: Uint8Array;
let png: Uint8Array;

beforeAll(async () => {
  glb = await makeSourceGlb();
  png = await drawTestImage(128);
  standins = await startStandins(glb);
});
afterAll(() => standins?.stop());
beforeEach(() => {
  standins.behaviour = { ...STANDIN_DEFAULTS };
  standins.tasks.length = 0;
  standins.refused = { auth: 0, rateLimited: 0 };
});

const backends: Record<string, (key: string) => HostedBackend> = {
  meshy: (apiKey) => createMeshyBackend({ apiKey, baseUrl: standins.url }),
  tripo: (apiKey) => createTripoBackend({ apiKey, baseUrl: `${standins.url}/v2/openapi`, taskCost: 0.3 }),
  fal: (apiKey) => createFalBackend({ apiKey, baseUrl: standins.url, model: 'fal-ai/trellis' }),
};

const fast: Partial<HostedRunOptions> = { pollIntervalMs: 20, backoffBaseMs: 10, deadlineMs: 20_000 };

function run(
  backend: HostedBackend,
  views: HostedJob['views'] = {},
  options = fast,
  existing: { taskId: string; submittedAt: number } | null = null,
  submitting = true,
) {
  const recorded: string[] = [];
  const progress: number[] = [];
  const result = runHosted(
    backend,
    {
      job: async () => ({ image: png, views, topology: 'low', faces: 8000 }),
      existing,
      markSubmitting: async () => submitting,
      recordTask: async (id) => {
        recorded.push(id);
        return id;
      },
      onProgress: (f) => progress.push(f),
      signal: new AbortController().signal,
    },
    options,
  );
  return { result, recorded, progress };
}

const failure = async (promise: Promise<unknown>) => {
  const error = await promise.catch((e: unknown) => e);
  expect(error).toBeInstanceOf(ProviderError);
  return error as ProviderError;
};

describe.each(Object.keys(backends))('%s', (name) => {
  test('an earlier ask whose answer was lost: no second task, a lost_task failure', async () => {
    const { result, recorded } = run(backends[name](standins.key), {}, fast, null, false);
    const error = await failure(result);
    expect([error.code, error.retryable]).toEqual(['lost_task', false]);
    expect(standins.tasks).toHaveLength(0);
    expect(recorded).toEqual([]);
  });

  test('creates one task, records its id before polling, reports progress and returns the served GLB', async () => {
    const { result, recorded, progress } = run(backends[name](standins.key));
    const done = await result;
    expect(Buffer.from(done.model).equals(Buffer.from(glb))).toBe(true);
    expect(standins.tasks).toHaveLength(1);
    expect(recorded).toHaveLength(1);
    expect(recorded[0]).toContain(standins.tasks[0].id);
    expect(progress.length).toBeGreaterThanOrEqual(2);
    expect(done.retries).toBe(0);
    if (name === 'tripo') expect(done.cost).toBe(0.3);
  });

  test('a refused key is an auth error at once, no retry, no task', async () => {
    const error = await failure(run(backends[name]('wrong-key')).result);
    expect(error.code).toBe('auth');
    expect(error.options.status).toBe(401);
    expect(standins.refused.auth).toBe(1);
    expect(standins.tasks).toHaveLength(0);
  });

  test('rate limited twice, then accepted: retried with backoff, still one task', async () => {
    standins.behaviour.rateLimitCreates = 2;
    const done = await run(backends[name](standins.key)).result;
    expect(standins.refused.rateLimited).toBe(2);
    expect(done.retries).toBe(2);
    expect(standins.tasks).toHaveLength(1);
  });

  test('a failed task ends in a failed error, not a retry', async () => {
    standins.behaviour.outcome = 'fail';
    const error = await failure(run(backends[name](standins.key)).result);
    expect(error.code).toBe('failed');
    expect(standins.tasks).toHaveLength(1);
  });

  test('a task that never ends times out at the deadline', async () => {
    standins.behaviour.outcome = 'never';
    const error = await failure(run(backends[name](standins.key), {}, { ...fast, deadlineMs: 400 }).result);
    expect(error.code).toBe('timeout');
    expect(standins.tasks).toHaveLength(1);
  });

  test('an oversized model is refused while it streams', async () => {
    standins.behaviour.model = 'huge';
    const error = await failure(
      run(backends[name](standins.key), {}, { ...fast, maxModelBytes: 1024 * 1024 }).result,
    );
    expect(error.code).toBe('too_large');
  });

  test('a stored task is polled again, never submitted twice', async () => {
    const first = run(backends[name](standins.key));
    await first.result;
    const again = run(backends[name](standins.key), {}, fast, {
      taskId: first.recorded[0],
      submittedAt: Date.now(),
    });
    const done = await again.result;
    expect(again.recorded).toHaveLength(0);
    expect(standins.tasks).toHaveLength(1);
    expect(done.taskId).toBe(first.recorded[0]);
  });
});

test('extra views go to Meshy multi-image-to-3d and Tripo multiview_to_model', async () => {
  const view = await drawTestImage(96);
  await run(backends.meshy(standins.key), { right: view, back: view }).result;
  await run(backends.tripo(standins.key), { back: view }).result;
  expect(standins.tasks.map((t) => [t.provider, t.images])).toEqual([
    ['meshy', 3],
    ['tripo', 2],
  ]);
  expect(standins.tasks[1].body.type).toBe('multiview_to_model');
});
