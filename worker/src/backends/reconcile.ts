/**
 * A create whose answer was lost (a 5xx, a timeout, a worker that died before storing the task id) may
 * have made a paid task. None of the services documents an idempotency key, so instead of asking again
 * we look for that task in the service's own list of recent tasks, where it documents one (Meshy), and
 * adopt it only when it can be no one else's: the database decides (generation_provider_adopt: not held
 * by another generation, the only one of the window, no other ask in flight in it). Anything less certain
 * keeps the original failure, so the generation falls back or is refunded once — never a guess that
 * could hand one user another's model, never a second paid task.
 */
import { type HostedBackend, type HostedJob, ProviderError } from './types.ts';

type AdoptOutcome = { outcome: 'adopted'; taskId: string } | { outcome: 'none' | 'ambiguous' };

/** Candidate ids listed by the service, and the start of the window of our ask (ms). */
export type AdoptTask = (candidates: string[], since: number) => Promise<AdoptOutcome>;

interface ReconcileContext {
  adopt: AdoptTask | undefined;
  signal: AbortSignal;
  /** The runner's options of the same names (run-hosted.ts). */
  options: {
    reconcileSkewMs: number;
    reconcileAttempts: number;
    pollIntervalMs: number;
    sleep: (ms: number, signal: AbortSignal) => Promise<void>;
    now: () => number;
  };
  /** The runner's retry of 429s and 5xx for the list requests. */
  retry: <T>(step: () => Promise<T>) => Promise<T>;
}

/** The adopted task id; else throws `failure` with what the list showed. */
export async function reconcileTask(
  backend: HostedBackend,
  job: HostedJob,
  since: number | null,
  failure: ProviderError,
  ctx: ReconcileContext,
): Promise<string> {
  const list = backend.listTasks?.bind(backend);
  if (!list || !ctx.adopt || since === null) throw failure;
  const o = ctx.options;
  const from = since - o.reconcileSkewMs;
  const keep = (why: string) =>
    new ProviderError(backend.name, failure.code, `${failure.message.replace(/^[^:]+: /, '')}; ${why}`, {
      ...failure.options,
      cause: failure,
    });
  for (let attempt = 1; ; attempt++) {
    const ids = await ctx.retry(() => list(job, { from, to: o.now() + o.reconcileSkewMs }, ctx.signal));
    const found = await ctx.adopt(ids, from);
    if (found.outcome === 'adopted') return found.taskId;
    if (found.outcome === 'ambiguous')
      throw keep('the service lists tasks that could be another generation’s, so none is adopted');
    // The service may list a task a moment after making it.
    if (attempt >= o.reconcileAttempts) throw keep('the service lists no task of ours, so none was made');
    await o.sleep(o.pollIntervalMs, ctx.signal);
  }
}
