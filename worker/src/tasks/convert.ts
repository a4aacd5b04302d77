/**
 * The `convert` job: one generation from its stored upload to stored results.
 *
 * Safe to re-run: generation_start returns nothing for a finished or deleted generation, files are
 * written under fixed keys (a retry overwrites them), and completion is one guarded SQL update.
 * Each attempt has its own token (pool, job, attempt) on the row; the row only accepts progress and
 * results from the token that holds it, so an attempt whose lease was taken away cannot write anything.
 * While the engine works in its process, this event loop heartbeats the row; reap_stale_generations()
 * (lease.ts) hands the job to another worker when the heartbeats stop. A heartbeat that finds the row
 * cancelled, or the attempt's wall-clock limit, kills the engine process at once.
 *
 * Backends: the generation's backend (chosen per studio variant when it was created, else this worker's
 * GENERATION_BACKEND) is recorded first. A hosted backend makes the GLB (hosted-step.ts) that the engine
 * thread then normalises and exports like its own; when the service fails (refused key, task failed,
 * deadline, malformed or oversized model), the generation's fallback rule decides: the built-in engine
 * makes it instead, or it fails with exactly one refund.
 */

import type { Storage } from '@lift3d/storage';
import type { Task } from 'graphile-worker';
import type { Sql } from 'postgres';
import { type Backends, type HostedBackend, isBackendName, ProviderError } from '../backends/index.ts';
import type { HostedRunOptions } from '../backends/run-hosted.ts';
import { EngineJobError, type EngineRunner } from '../convert/engine-runner.ts';
import type { FocalLengths, Produced } from '../convert/protocol.ts';
import type { JobPayloads } from '../registry.ts';
import type { ClaimedGeneration } from './generation-row.ts';
import { runHostedStep } from './hosted-step.ts';

export interface ConvertDeps {
  sql: Sql;
  storage: Storage;
  engine: EngineRunner;
  heartbeatMs: number;
  renderThreads: number;
  backends: Backends;
  hostedRun: Partial<HostedRunOptions>;
  /** Wall-clock limit of one attempt (WORKER_JOB_TIMEOUT_SECONDS). */
  jobTimeoutMs: number;
  /** Largest input photo read (MAX_UPLOAD_BYTES); absent: 25 MB. */
  maxInputBytes?: number;
  log: (line: string) => void;
  /**
   * Aborted when the worker stops and its grace period is over: the engine thread is terminated and the
   * generation handed back to the queue (generation_hand_back) instead of finished.
   */
  stopping?: AbortSignal;
}

export const CONVERT_DEFAULTS = {
  /** At most one progress write per stage per this many ms (the heartbeat covers long stages). */
  progressIntervalMs: 750,
  internalError: 'The conversion failed on our side. Your credits have been refunded. Please try again.',
  missingInput:
    'The uploaded image is no longer available. Your credits have been refunded. Please upload it again.',
  inputTooLarge:
    'The uploaded image is larger than the upload limit. Your credits have been refunded. Please choose a smaller image.',
  maxInputBytes: 25 * 1024 * 1024,
  providerFailed:
    'The 3D generation service could not make this model. Your credits have been refunded. Please try again.',
  /** The service refused our account (out of credits, a refused key): trying the same image again now won't help. */
  providerUnavailable:
    'The 3D generation service is not available at the moment. Your credits have been refunded. Please try again later.',
  /** Share of the progress bar the hosted service's own progress fills. */
  hostedShare: 0.5,
  timedOut: (minutes: string) =>
    `This image took longer than ${minutes} to convert, so the conversion was stopped. Your credits have been refunded. Please try a simpler image.`,
};

/** "1 second", "90 seconds", "15 minutes". */
function duration(ms: number): string {
  const [n, unit] = ms >= 120_000 ? [Math.round(ms / 60_000), 'minute'] : [Math.round(ms / 1000), 'second'];
  return `${n} ${unit}${n === 1 ? '' : 's'}`;
}

class LeaseLost extends Error {
  constructor(id: string) {
    super(`convert: generation ${id} was handed to another worker (this worker missed its heartbeats)`);
  }
}

/** An input photo, or why it cannot be used: gone, or over the size limit (then never read into memory). */
async function readInput(storage: Storage, key: string, maxBytes: number): Promise<Uint8Array | string> {
  const object = await storage.get(key);
  if (!object) return CONVERT_DEFAULTS.missingInput;
  if (object.size > maxBytes) {
    await object.body.cancel();
    return CONVERT_DEFAULTS.inputTooLarge;
  }
  const bytes = new Uint8Array(await new Response(object.body).arrayBuffer());
  // A server that sent no length is held to the limit by what arrived.
  return bytes.byteLength > maxBytes ? CONVERT_DEFAULTS.inputTooLarge : bytes;
}

/** The photos' EXIF focal lengths (35 mm equivalent) recorded with the generation, when any. */
function focalLengths(gen: ClaimedGeneration): FocalLengths | undefined {
  const raw = (gen as { focal_lengths?: unknown }).focal_lengths;
  if (!raw || typeof raw !== 'object') return undefined;
  const out: FocalLengths = {};
  for (const side of ['front', 'right', 'back', 'left'] as const) {
    const v = (raw as Record<string, unknown>)[side];
    if (typeof v === 'number' && Number.isFinite(v)) out[side] = v;
  }
  return Object.keys(out).length ? out : undefined;
}

export function convertTask(deps: ConvertDeps): Task {
  const { sql, storage, engine, log } = deps;
  return async (payload, helpers) => {
    const { id } = payload as JobPayloads['convert'];
    const job = helpers.job;
    const token = `${job.locked_by ?? 'worker'}:${job.id}:${job.attempts}`;
    const [gen] = await sql<
      ClaimedGeneration[]
    >`select * from public.generation_start(${id}, ${token}, ${job.attempts})`;
    if (!gen?.id) return; // finished, failed or deleted already: nothing to do
    const fail = async (message: string) => {
      await sql`select public.generation_fail(${id}, ${token}, ${message})`;
      log(`convert: generation ${id} failed: ${message}`);
    };

    let lost = false;
    let handingBack = false;
    /** Result objects this attempt stored: removed again if the conversion was cancelled or deleted meanwhile. */
    const stored: string[] = [];
    let writes: Promise<unknown> = Promise.resolve();
    let cancel = () => {};
    const handBack = async () => {
      await writes;
      const [row] = await sql`select public.generation_hand_back(${id}, ${token}) as ok`;
      log(
        `convert: generation ${id} ${row?.ok ? 'handed back to the queue' : 'was no longer ours to hand back'}`,
      );
    };
    const onStop = () => {
      handingBack = true;
      cancel();
    };
    const write = (stage: string | null, fraction: number | null) => {
      writes = writes
        .then(async () => {
          if (lost) return;
          const [row] = await sql`
            select public.generation_progress(${id}, ${token}, ${stage}, ${fraction}::real) as ok`;
          if (!row?.ok) {
            lost = true;
            cancel();
          }
        })
        .catch((error: Error) => log(`convert: progress of ${id} not written: ${error.message}`));
      return writes;
    };
    let lastStage = '';
    let lastWrite = 0;
    // The furthest point reached: what the owner sees never goes back, even when a step starts its own
    // count again (the built-in engine taking over from a hosted service that failed half-way).
    let reached = 0;
    const onProgress = (stage: string, fraction: number) => {
      const value = Math.max(reached, Math.min(0.97, fraction));
      reached = value;
      const now = Date.now();
      if (stage === lastStage && now - lastWrite < CONVERT_DEFAULTS.progressIntervalMs) return;
      lastStage = stage;
      lastWrite = now;
      void write(stage, value);
    };
    // The heartbeat starts with the claim, before the photos are read: a download slower than the lease (large
    // photos, a busy storage) would otherwise let the reaper hand the conversion to a second worker.
    const heartbeat = setInterval(() => void write(null, null), deps.heartbeatMs);
    const maxBytes = deps.maxInputBytes ?? CONVERT_DEFAULTS.maxInputBytes;
    /** The photo and its extra views, or why one cannot be used. */
    const readInputs = async () => {
      const photo = await readInput(storage, gen.input_key, maxBytes);
      if (typeof photo === 'string') return photo;
      const views: Record<string, Uint8Array> = {};
      for (const v of await sql`select view, input_key from public.generation_views where generation_id = ${id}`) {
        const bytes = await readInput(storage, v.input_key, maxBytes);
        if (typeof bytes === 'string') return bytes;
        views[v.view] = bytes;
      }
      return { photo, views };
    };
    const inputs = await readInputs().catch((error: unknown) => {
      clearInterval(heartbeat);
      throw error;
    });
    if (typeof inputs === 'string' || deps.stopping?.aborted) {
      clearInterval(heartbeat);
      await writes;
      return typeof inputs === 'string' ? fail(inputs) : handBack();
    }
    const { photo: input, views } = inputs;
    deps.stopping?.addEventListener('abort', onStop, { once: true });
    // The same input would only time out again: past the limit the attempt is failed (refunded), not retried.
    let timedOut = false;
    const deadline = setTimeout(() => {
      timedOut = true;
      cancel();
    }, deps.jobTimeoutMs);

    const shortId = id.slice(0, 8);
    const backendName = isBackendName(gen.backend) ? gen.backend : deps.backends.defaultBackend;
    const abort = new AbortController();
    // Not a LeaseLost: a timed-out attempt must still be failed and refunded.
    cancel = () => abort.abort(new Error(`convert: generation ${id}: stopped`));

    const runEngine = async (sourceModel: Uint8Array | undefined, from: number) => {
      const run = engine.run(
        {
          input,
          views,
          topology: gen.topology,
          kind: gen.kind,
          baseName: `lift3d-${shortId}`,
          renderThreads: deps.renderThreads,
          sourceModel,
          focalLength35mm: focalLengths(gen),
        },
        (stage, fraction) => onProgress(stage, from + (1 - from) * fraction),
      );
      cancel = run.cancel;
      if (handingBack) cancel();
      return run.result;
    };

    try {
      const started = Date.now();
      const [claimed] =
        await sql`select id from public.generation_provider_task(${id}, ${token}, ${backendName}, ${null})`;
      if (!claimed?.id) throw new LeaseLost(id);
      let produced: Produced | null = null;
      let provider: { ms: number | null; cost: number | null; fellBack: boolean } | null = null;
      if (backendName !== 'builtin') {
        const failed = (error: unknown) => {
          if (lost || error instanceof LeaseLost) throw new LeaseLost(id);
          const providerFault =
            error instanceof ProviderError ||
            (error instanceof EngineJobError && error.code === 'corrupt_model');
          if (!providerFault) throw error;
          log(`convert: generation ${id}: ${backendName} failed: ${(error as Error).message}`);
          return error as Error;
        };
        let problem: Error | null = null;
        try {
          const hosted: HostedBackend = deps.backends.hosted(backendName);
          const result = await runHostedStep({
            sql,
            storage,
            backend: hosted,
            gen,
            token,
            input,
            views,
            onProgress: (f) => onProgress('generating', f * CONVERT_DEFAULTS.hostedShare),
            onQueued: () => onProgress('provider_queue', reached),
            signal: abort.signal,
            run: deps.hostedRun,
            lost: () => new LeaseLost(id),
          });
          provider = { ms: result.providerMs, cost: result.cost, fellBack: false };
          produced = await runEngine(result.model, CONVERT_DEFAULTS.hostedShare);
        } catch (error) {
          problem = failed(error);
        }
        if (problem) {
          const elapsed = gen.provider_submitted_at
            ? Date.now() - new Date(gen.provider_submitted_at).getTime()
            : null;
          provider = {
            ms: provider?.ms ?? elapsed,
            cost: provider?.cost ?? null,
            fellBack: gen.fallback === 'builtin',
          };
          // The provider's own words, for the admins (the user sees only the product's message).
          await sql`select public.generation_provider_done(${id}, ${token}, ${provider.ms}, ${provider.cost}, ${provider.fellBack}, ${problem.message})`;
          if (!provider.fellBack) {
            const account =
              problem instanceof ProviderError &&
              ['no_credits', 'auth', 'not_configured'].includes(problem.code);
            return fail(account ? CONVERT_DEFAULTS.providerUnavailable : CONVERT_DEFAULTS.providerFailed);
          }
          onProgress('starting', reached);
        }
      }
      // After a fallback the engine's share is what is left of the bar, so it continues from there.
      produced ??= await runEngine(undefined, reached);
      const { files, stats, warnings } = produced;
      if (lost) throw new LeaseLost(id);
      if (provider && !provider.fellBack) {
        await sql`select public.generation_provider_done(${id}, ${token}, ${provider.ms}, ${provider.cost}, ${false})`;
      }
      onProgress('store', 0.97);
      const outputs: Record<string, { key: string; contentType: string; bytes: number; name: string }> = {};
      await Promise.all(
        files.map(async (file) => {
          const key = `generations/${id}/${file.name}`;
          stored.push(key);
          await storage.put(key, file.data, file.contentType);
          outputs[file.role] = {
            key,
            contentType: file.contentType,
            bytes: file.data.byteLength,
            name: file.name,
          };
        }),
      );
      await writes;
      const [done] =
        await sql`select public.generation_complete(${id}, ${token}, ${sql.json(outputs)}, ${warnings}::text[]) as ok`;
      if (!done.ok) throw new LeaseLost(id);
      log(
        `convert: generation ${id} completed by ${provider?.fellBack ? `builtin (after ${backendName})` : backendName} in ${Date.now() - started} ms ${JSON.stringify(stats)}`,
      );
    } catch (error) {
      if (handingBack) return handBack();
      if (lost || error instanceof LeaseLost) {
        // Cancelled by its owner or an admin (already failed and refunded) or deleted: nothing left to do.
        const [row] = await sql`select status, deleted_at from public.generations where id = ${id}`;
        if (!row || row.deleted_at || row.status === 'failed') {
          // Nobody will ever read what this attempt stored (no other attempt runs a cancelled or deleted
          // conversion): it goes now, not never.
          const removed = await Promise.allSettled(stored.map((key) => storage.delete(key)));
          const kept = stored.filter((_, i) => removed[i].status === 'rejected');
          if (kept.length) log(`convert: generation ${id}: could not remove its results ${kept.join(', ')}`);
        }
        if (!row || row.deleted_at || row.status === 'failed' || row.status === 'completed') {
          log(
            `convert: generation ${id} was ${row?.status === 'failed' ? 'cancelled' : 'finished elsewhere'}; stopped`,
          );
          return;
        }
        throw error instanceof LeaseLost ? error : new LeaseLost(id);
      }
      if (timedOut) {
        log(`convert: generation ${id} stopped after the ${deps.jobTimeoutMs} ms limit`);
        return fail(CONVERT_DEFAULTS.timedOut(duration(deps.jobTimeoutMs)));
      }
      if (error instanceof EngineJobError && error.userFacing) return fail(error.message);
      // Our side failed (thread crash, storage, database): retried by the queue, refunded after the last try.
      if (job.attempts >= job.max_attempts) {
        log(`convert: generation ${id}: last attempt failed: ${(error as Error).message}`);
        return fail(CONVERT_DEFAULTS.internalError);
      }
      await write('retrying', null);
      throw error;
    } finally {
      clearInterval(heartbeat);
      clearTimeout(deadline);
      deps.stopping?.removeEventListener('abort', onStop);
    }
  };
}
