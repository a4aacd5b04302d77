// Each hosted backend against its local stand-in through the same runner: the GLB comes back, the key
// and rate limits and failures end the way the convert job relies on, and a stored task is resumed
// rather than paid for again.

import { makeSourceGlb } from '@lift3d/engine/testing/source-glb.ts';
import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest';
import { createFalBackend } from '../src/backends/fal.ts';
import { retryAfterMs } from '../src/backends/http.ts';
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
  standins.otherKeys = [];
  standins.fetchedImages.length = 0;
});

/** Short enough that a request left unanswered ends within the test. */
const requestTimeoutMs = 1500;
const backends: Record<string, (key: string) => HostedBackend> = {
  meshy: (apiKey) => createMeshyBackend({ apiKey, baseUrl: standins.url, requestTimeoutMs }),
  tripo: (apiKey) =>
    createTripoBackend({ apiKey, baseUrl: `${standins.url}/v2/openapi`, taskCost: 0.3, requestTimeoutMs }),
  fal: (apiKey) =>
    createFalBackend({ apiKey, baseUrl: standins.url, model: 'fal-ai/trellis', requestTimeoutMs }),
};

const fast: Partial<HostedRunOptions> = {
  pollIntervalMs: 20,
  backoffBaseMs: 10,
  queueWaitMs: 10,
  deadlineMs: 20_000,
};

function run(
  backend: HostedBackend,
  views: HostedJob['views'] = {},
  options = fast,
  existing: { taskId: string; submittedAt: number } | null = null,
  submitting = true,
  job: Partial<HostedJob> = {},
) {
  const recorded: string[] = [];
  const progress: number[] = [];
  const result = runHosted(
    backend,
    {
      job: async () => ({ image: png, views, topology: 'low', faces: 8000, ...job }),
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

describe.each(Object.keys(backends))('%s failure modes', (name) => {
  test('a create answered 500 after the task was made: never asked again, unknown_outcome, one task', async () => {
    standins.behaviour.failCreatesAfterPaying = 1;
    const { result, recorded } = run(backends[name](standins.key));
    const error = await failure(result);
    expect([error.code, error.retryable]).toEqual(['unknown_outcome', false]);
    expect(standins.tasks).toHaveLength(1);
    expect(recorded).toEqual([]);
  });

  test('a queue that is full waits its turn (Retry-After as an HTTP date), then one task', async () => {
    standins.behaviour.queueFullCreates = 2;
    standins.behaviour.retryAfter = 'date';
    const started = Date.now();
    const done = await run(backends[name](standins.key)).result;
    expect(standins.refused.rateLimited).toBe(2);
    expect(done.retries).toBe(2);
    expect(standins.tasks).toHaveLength(1);
    // The date is a second ahead (at one-second precision): each wait honoured it, not the 10 ms backoff.
    expect(Date.now() - started).toBeGreaterThan(500);
  });

  test('a poll that never answers ends at the request timeout and is polled again', async () => {
    standins.behaviour.hangPolls = 1;
    const started = Date.now();
    const done = await run(backends[name](standins.key)).result;
    expect(done.retries).toBe(1);
    expect(standins.tasks).toHaveLength(1);
    expect(Date.now() - started).toBeGreaterThanOrEqual(requestTimeoutMs);
  });

  test('a model URL that expired before the download: the task is polled again for a fresh one', async () => {
    standins.behaviour.urlTtlMs = -1;
    const error = await failure(
      run(backends[name](standins.key), {}, { ...fast, maxUrlRefreshes: 2 }).result,
    );
    expect(error.code).toBe('expired');
    const task = standins.tasks[0];
    // Three links handed out and tried, each a new one from a new poll.
    const links = task.fetched.filter((u) => u.startsWith('/files/'));
    expect(links).toHaveLength(3);
    expect(new Set(links).size).toBe(3);
  });

  test('signed photo URLs go to the service instead of data URIs', async () => {
    // The photo where a storage would sign it: another server the service fetches from.
    const { createServer } = await import('node:http');
    const server = createServer((_, res) => {
      res.writeHead(200, { 'Content-Type': 'image/png' });
      res.end(png);
    });
    await new Promise<void>((ok) => server.listen(0, '127.0.0.1', ok));
    const { port } = server.address() as { port: number };
    try {
      const url = `http://127.0.0.1:${port}/front.png?signature=abc`;
      await run(backends[name](standins.key), {}, fast, null, true, { imageUrls: { front: url } }).result;
      expect(standins.fetchedImages).toEqual([url]);
      expect(JSON.stringify(standins.tasks[0].body)).not.toContain('data:image');
    } finally {
      server.close();
    }
  });
});

test('Meshy: the face count is held to the documented 100–300,000', async () => {
  await run(backends.meshy(standins.key), {}, fast, null, true, { faces: 500_000 }).result;
  await run(backends.meshy(standins.key), {}, fast, null, true, { faces: 10 }).result;
  expect(standins.tasks.map((t) => t.body.target_polycount)).toEqual([300_000, 100]);
});

test('Meshy: a 429 for the request rate and one for a full queue are told apart', async () => {
  standins.behaviour.rateLimitCreates = 1;
  standins.behaviour.queueFullCreates = 1;
  const waits: number[] = [];
  const done = await run(
    backends.meshy(standins.key),
    {},
    {
      ...fast,
      queueWaitMs: 300,
      sleep: async (ms) => {
        waits.push(ms);
      },
    },
  ).result;
  expect(done.retries).toBe(2);
  // The full queue waits at least queueWaitMs; the rate limit only its Retry-After / backoff.
  expect(waits[0]).toBeGreaterThanOrEqual(300);
  expect(waits[1]).toBeLessThan(300);
});

test('Tripo: 2010 is an account without credits, not retried; a failed task carries its error_code', async () => {
  standins.behaviour.noCredits = true;
  const error = await failure(run(backends.tripo(standins.key)).result);
  expect(error.code).toBe('no_credits');
  expect(error.retryable).toBe(false);
  expect(error.message).toMatch(/needs credits.*code 2010/);
  standins.behaviour.noCredits = false;
  standins.behaviour.outcome = 'fail';
  const failed = await failure(run(backends.tripo(standins.key)).result);
  expect(failed.message).toMatch(/the task ended failed: error_code 1001/);
});

test('Tripo: after a key rotation the previous key still polls the task it started', async () => {
  const first = run(backends.tripo(standins.key), {}, { ...fast, deadlineMs: 60_000 });
  await first.result;
  const oldKey = standins.key;
  standins.otherKeys = [oldKey];
  standins.key = 'rotated-key';
  const rotated = createTripoBackend({
    apiKey: 'rotated-key',
    previousKeys: [oldKey],
    baseUrl: `${standins.url}/v2/openapi`,
  });
  const again = await run(rotated, {}, fast, { taskId: first.recorded[0], submittedAt: Date.now() }).result;
  expect(again.taskId).toBe(first.recorded[0]);
  expect(standins.tasks).toHaveLength(1);
  standins.key = oldKey;
});

describe('fal models, each with its documented schema', () => {
  const fal = (model: string) => createFalBackend({ apiKey: standins.key, baseUrl: standins.url, model });

  test.each(['fal-ai/hunyuan3d/v2', 'fal-ai/hunyuan3d/v2/mini', 'fal-ai/trellis'])(
    '%s: accepted by its own schema, polled through the URLs fal returned',
    async (model) => {
      const done = await run(fal(model)).result;
      expect(Buffer.from(done.model).equals(Buffer.from(glb))).toBe(true);
      const task = standins.tasks[0];
      expect(task.via).toBe(model);
      const queue = task.fetched.filter((u) => !u.startsWith('/files/'));
      expect(queue.length).toBeGreaterThan(1);
      // Only the URLs fal handed out (they carry ?from=queue), none built by us.
      expect(queue.every((u) => u.endsWith('?from=queue'))).toBe(true);
    },
  );

  test('extra views go to TRELLIS multi as image_urls', async () => {
    const view = await drawTestImage(96);
    await run(fal('fal-ai/trellis'), { back: view, left: view }).result;
    expect(standins.tasks.map((t) => [t.via, t.images])).toEqual([['fal-ai/trellis/multi', 3]]);
  });

  test('a model this worker does not speak is refused at start, naming the ones it does', () => {
    expect(() => fal('fal-ai/some-other-model')).toThrow(/not one this worker speaks.*hunyuan3d/);
  });

  test('a request error (504, error_type) after fal’s own retries is a failure with its detail, at once', async () => {
    standins.behaviour.outcome = 'fail';
    standins.behaviour.falFailure = 'request';
    const started = Date.now();
    const error = await failure(run(fal('fal-ai/trellis'), {}, { ...fast, deadlineMs: 30_000 }).result);
    expect(error.code).toBe('failed');
    expect(error.message).toMatch(/Request timed out — code request_timeout/);
    expect(Date.now() - started).toBeLessThan(10_000);
  });

  test('a model error (422, detail list) is a failure with the model’s message', async () => {
    standins.behaviour.outcome = 'fail';
    const error = await failure(run(fal('fal-ai/hunyuan3d/v2')).result);
    expect(error.code).toBe('failed');
    expect(error.message).toMatch(/Could not generate a mesh from this image/);
  });
});

test('Retry-After is read as delay-seconds or as an HTTP date', () => {
  const now = Date.parse('Fri, 27 Nov 2026 06:00:00 GMT');
  expect(retryAfterMs('7', now)).toBe(7000);
  expect(retryAfterMs('Fri, 27 Nov 2026 06:00:30 GMT', now)).toBe(30_000);
  expect(retryAfterMs('Fri, 27 Nov 2026 05:00:00 GMT', now)).toBe(0);
  expect(retryAfterMs('soon', now)).toBeUndefined();
  expect(retryAfterMs(null, now)).toBeUndefined();
});
