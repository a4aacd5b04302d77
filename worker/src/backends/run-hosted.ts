/**
 * Drives one generation through a hosted backend: submit once (or resume the stored task), poll until it
 * ends, download its GLB with a size limit. Polls and downloads that meet 429, 5xx, a network failure or
 * a request timeout are retried with exponential backoff (Retry-After honoured) until the deadline, which
 * counts from the task's submission so a resumed attempt does not get a fresh one. A create is retried
 * only when the service said it made no task (429, a full queue); a create whose outcome is unknown (5xx,
 * lost connection, timeout) is never asked again, because none of the services documents an idempotency
 * key. Where the service documents a list of its tasks (Meshy), such a create — or an earlier attempt's
 * whose answer was lost with its worker — is looked up in that list instead (reconcile.ts) and the one
 * task that can be no one else's is adopted; otherwise it ends as unknown_outcome (lost_task) for the
 * caller's fallback-or-refund. A model URL that has expired is fetched fresh by polling the task again.
 * Everything else ends in a ProviderError.
 */
import { withTimeout } from './http.ts';
import { type AdoptTask, reconcileTask } from './reconcile.ts';
import { type FetchLike, type HostedBackend, type HostedJob, ProviderError } from './types.ts';

export interface HostedRunOptions {
  pollIntervalMs: number;
  /** From submission to downloaded model. */
  deadlineMs: number;
  backoffBaseMs: number;
  backoffMaxMs: number;
  maxModelBytes: number;
  /** Least wait before asking again when the account's queue of tasks is full. */
  queueWaitMs: number;
  /** The whole model download, headers to last byte. */
  downloadTimeoutMs: number;
  /** Times an expired model URL is replaced by polling the task again. */
  maxUrlRefreshes: number;
  /** Clock difference allowed between us and the service when listing its tasks around our ask. */
  reconcileSkewMs: number;
  /** Lists of the service's tasks read (pollIntervalMs apart) before a lost create counts as none. */
  reconcileAttempts: number;
  fetch: FetchLike;
  sleep: (ms: number, signal: AbortSignal) => Promise<void>;
  now: () => number;
}

const HOSTED_RUN_DEFAULTS: HostedRunOptions = {
  pollIntervalMs: 4000,
  deadlineMs: 20 * 60_000,
  backoffBaseMs: 1000,
  backoffMaxMs: 30_000,
  maxModelBytes: 200 * 1024 * 1024,
  queueWaitMs: 15_000,
  downloadTimeoutMs: 5 * 60_000,
  maxUrlRefreshes: 3,
  reconcileSkewMs: 60_000,
  reconcileAttempts: 3,
  fetch,
  sleep: (ms, signal) =>
    new Promise((resolve, reject) => {
      const timer = setTimeout(resolve, ms);
      signal.addEventListener(
        'abort',
        () => {
          clearTimeout(timer);
          reject(signal.reason);
        },
        { once: true },
      );
    }),
  now: () => Date.now(),
};

export interface HostedRunContext {
  job: () => Promise<HostedJob>;
  /** The stored task id of an earlier attempt, and when it was submitted. */
  existing: { taskId: string; submittedAt: number } | null;
  /**
   * Marks the generation just before asking for a task; false when an earlier attempt asked and its task
   * id was never stored (it may have created a paid task: this attempt must not ask again).
   */
  markSubmitting: () => Promise<boolean>;
  /** Stores a new task id before polling; returns the id stored (an earlier one wins). */
  recordTask: (taskId: string) => Promise<string>;
  /** When an earlier attempt marked its ask (ms), so a lost answer can be looked for in the service's list. */
  submittingSince?: number | null;
  /** Stores a task found in the service's list when it can be no one else's (generation_provider_adopt). */
  adoptTask?: AdoptTask;
  onProgress: (fraction: number) => void;
  /** The account's queue at the service is full and this task waits its turn (not a failure). */
  onQueued?: () => void;
  signal: AbortSignal;
}

export interface HostedRunResult {
  model: Uint8Array;
  taskId: string;
  providerMs: number;
  cost: number | null;
  /** Requests retried after 429/5xx. */
  retries: number;
}

export async function runHosted(
  backend: HostedBackend,
  ctx: HostedRunContext,
  options: Partial<HostedRunOptions> = {},
): Promise<HostedRunResult> {
  const o = { ...HOSTED_RUN_DEFAULTS, ...options };
  const submittedAt = ctx.existing?.submittedAt ?? o.now();
  const deadline = submittedAt + o.deadlineMs;
  let retries = 0;
  const timeout = (last?: ProviderError) =>
    new ProviderError(
      backend.name,
      'timeout',
      `no model within ${Math.round(o.deadlineMs / 1000)} s${last ? ` (last: ${last.message})` : ''}`,
    );

  const withRetry = async <T>(step: () => Promise<T>, retryable = (e: ProviderError) => e.retryable) => {
    for (let attempt = 0; ; attempt++) {
      try {
        return await step();
      } catch (error) {
        if (!(error instanceof ProviderError) || !retryable(error)) throw error;
        const backoff = Math.min(o.backoffMaxMs, o.backoffBaseMs * 2 ** attempt);
        const floor = error.code === 'queue_full' ? o.queueWaitMs : 0;
        const wait = Math.max(error.options.retryAfterMs ?? 0, floor, backoff);
        if (o.now() + wait > deadline) throw timeout(error);
        if (error.code === 'queue_full') ctx.onQueued?.();
        retries++;
        await o.sleep(wait, ctx.signal);
      }
    }
  };

  /** A new task's id, stored before the first poll (or the one found again in the service's list). */
  const start = async (): Promise<string> => {
    const job = await ctx.job();
    const reconcile = (since: number | null, failure: ProviderError) =>
      reconcileTask(backend, job, since, failure, {
        adopt: ctx.adoptTask,
        signal: ctx.signal,
        options: o,
        retry: (step) => withRetry(step),
      });
    if (!(await ctx.markSubmitting()))
      return reconcile(
        ctx.submittingSince ?? null,
        new ProviderError(
          backend.name,
          'lost_task',
          'an earlier attempt asked for a task and its answer was lost; not paying for a second one',
        ),
      );
    const asked = o.now();
    let created: string;
    try {
      // Only a refusal that made no task is asked again.
      created = await withRetry(
        () =>
          backend.submit(job, ctx.signal).catch((error: unknown) => {
            if (error instanceof ProviderError && error.code === 'unavailable')
              throw new ProviderError(
                backend.name,
                'unknown_outcome',
                `the create request failed with its outcome unknown (${error.message}); not asking again, a task may exist`,
                { ...error.options, cause: error },
              );
            throw error;
          }),
        (e) => e.code === 'rate_limited' || e.code === 'queue_full',
      );
    } catch (error) {
      if (!(error instanceof ProviderError && error.code === 'unknown_outcome')) throw error;
      return reconcile(asked, error);
    }
    return ctx.recordTask(created);
  };
  const id = ctx.existing?.taskId ?? (await start());
  let refreshes = 0;
  for (;;) {
    const state = await withRetry(() => backend.poll(id, ctx.signal));
    if (state.state === 'failed')
      throw new ProviderError(backend.name, 'failed', `the task failed: ${state.message}`);
    if (state.state === 'succeeded') {
      try {
        const model = await withRetry(() => download(backend, state.modelUrl, o, ctx.signal));
        return { model, taskId: id, providerMs: o.now() - submittedAt, cost: state.cost, retries };
      } catch (error) {
        // Signed model links expire (Tripo's after five minutes): the task hands out a fresh one.
        if (!(error instanceof ProviderError && error.code === 'expired') || refreshes >= o.maxUrlRefreshes)
          throw error;
        refreshes++;
        continue;
      }
    }
    ctx.onProgress(state.progress);
    if (o.now() + o.pollIntervalMs > deadline) throw timeout();
    await o.sleep(o.pollIntervalMs, ctx.signal);
  }
}

/** The model file, refused as soon as it announces or reaches more than maxModelBytes. */
async function download(
  backend: HostedBackend,
  url: string,
  o: HostedRunOptions,
  signal: AbortSignal,
): Promise<Uint8Array> {
  const limit = withTimeout(signal, o.downloadTimeoutMs);
  const unreachable = (cause: unknown) => {
    if (signal.aborted) return cause;
    const why = limit.timedOut()
      ? `not done within ${Math.round(o.downloadTimeoutMs / 1000)} s`
      : (cause as Error).message;
    return new ProviderError(backend.name, 'unavailable', `cannot download the model (${why})`, { cause });
  };
  let res: Response;
  try {
    res = await o.fetch(url, { headers: backend.downloadHeaders(url), signal: limit.signal });
  } catch (cause) {
    throw unreachable(cause);
  }
  if (!res.ok) {
    await res.body?.cancel();
    // 403/404/410 from a signed link that worked when the task handed it out: it has expired.
    const code =
      res.status === 429
        ? 'rate_limited'
        : res.status >= 500
          ? 'unavailable'
          : [403, 404, 410].includes(res.status)
            ? 'expired'
            : 'rejected';
    throw new ProviderError(backend.name, code, `the model download answered ${res.status}`, {
      status: res.status,
    });
  }
  const tooLarge = () =>
    new ProviderError(
      backend.name,
      'too_large',
      `the model is larger than ${Math.round(o.maxModelBytes / 1048576)} MB`,
    );
  const announced = Number(res.headers.get('content-length'));
  if (Number.isFinite(announced) && announced > o.maxModelBytes) {
    await res.body?.cancel();
    throw tooLarge();
  }
  const chunks: Uint8Array[] = [];
  let total = 0;
  const reader = res.body?.getReader();
  if (!reader) throw new ProviderError(backend.name, 'bad_response', 'the model download has no body');
  for (;;) {
    let chunk: Awaited<ReturnType<typeof reader.read>>;
    try {
      chunk = await reader.read();
    } catch (cause) {
      throw unreachable(cause);
    }
    const { done, value } = chunk;
    if (done) break;
    total += value.byteLength;
    if (total > o.maxModelBytes) {
      await reader.cancel();
      throw tooLarge();
    }
    chunks.push(value);
  }
  const out = new Uint8Array(total);
  let at = 0;
  for (const c of chunks) {
    out.set(c, at);
    at += c.byteLength;
  }
  return out;
}
