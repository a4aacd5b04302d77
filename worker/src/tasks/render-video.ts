/**
 * The `render_video` job: the turntable MP4 of a model that already exists (public.model_videos), rendered
 * in the engine process from the model's stored GLB. No conversion runs and no credit moves.
 *
 * Safe to re-run: model_video_start returns nothing for a ready, failed or deleted one; the MP4 is written
 * under a fixed key in the model's folder (a retry overwrites it) and joins the model's outputs in one
 * guarded SQL update. Each attempt has its own token; the row takes progress and the result only from the
 * token that holds it. The row is heartbeated while the engine renders, so reap_stale_model_videos()
 * (lease.ts) hands the job to another worker when a worker is killed; a stopping worker hands it back.
 */

import type { Storage } from '@lift3d/storage';
import type { Task } from 'graphile-worker';
import type { Sql } from 'postgres';
import { EngineJobError, type EngineRunner } from '../convert/engine-runner.ts';
import type { JobPayloads } from '../registry.ts';

export interface RenderVideoDeps {
  sql: Sql;
  storage: Storage;
  engine: EngineRunner;
  heartbeatMs: number;
  renderThreads: number;
  /** Wall-clock limit of one attempt (WORKER_JOB_TIMEOUT_SECONDS). */
  jobTimeoutMs: number;
  log: (line: string) => void;
  /** Aborted when the worker stops and its grace period is over: the render is handed back. */
  stopping?: AbortSignal;
}

export const RENDER_VIDEO_DEFAULTS = {
  /** At most one progress write per this many ms (the heartbeat covers the rest). */
  progressIntervalMs: 750,
  missingModel:
    "This model's file is no longer available, so its video cannot be made. Nothing was charged. Please convert the image again.",
  unreadable: "This model's file could not be read to make its video. Nothing was charged.",
  internalError: 'The video could not be made on our side. Nothing was charged. Please try again.',
  timedOut: 'The video took too long to render, so it was stopped. Nothing was charged. Please try again.',
};

class Lost extends Error {
  constructor(id: string) {
    super(`render_video: the video of ${id} is no longer this attempt's (lease lost, or the model deleted)`);
  }
}

export function renderVideoTask(deps: RenderVideoDeps): Task {
  const { sql, storage, engine, log } = deps;
  return async (payload, helpers) => {
    const { id } = payload as JobPayloads['render_video'];
    const job = helpers.job;
    const token = `${job.locked_by ?? 'worker'}:${job.id}:${job.attempts}`;
    const [gen] = await sql<{ id: string | null; outputs: Record<string, { key?: string }> | null }[]>`
      select id, outputs from public.model_video_start(${id}, ${token}, ${job.attempts})`;
    if (!gen?.id) return; // ready, failed or deleted already: nothing to do
    const fail = async (message: string) => {
      await sql`select public.model_video_fail(${id}, ${token}, ${message})`;
      log(`render_video: the video of ${id} failed: ${message}`);
    };

    let lost = false;
    let handingBack = false;
    let timedOut = false;
    let cancel = () => {};
    let writes: Promise<unknown> = Promise.resolve();
    const write = (fraction: number | null) => {
      writes = writes
        .then(async () => {
          if (lost) return;
          const [row] =
            await sql`select public.model_video_progress(${id}, ${token}, ${fraction}::real) as ok`;
          if (!row?.ok) {
            lost = true;
            cancel();
          }
        })
        .catch((error: Error) => log(`render_video: progress of ${id} not written: ${error.message}`));
      return writes;
    };
    let lastWrite = 0;
    const onProgress = (_stage: string, fraction: number) => {
      const now = Date.now();
      if (now - lastWrite < RENDER_VIDEO_DEFAULTS.progressIntervalMs) return;
      lastWrite = now;
      // 1 is the row's "ready", written with the result.
      void write(Math.min(0.99, fraction));
    };
    const onStop = () => {
      handingBack = true;
      cancel();
    };
    // The heartbeat starts with the claim, before the model is fetched: a download slower than the lease
    // (a big model, a busy storage) would otherwise let the reaper hand the render to a second worker.
    const heartbeat = setInterval(() => void write(null), deps.heartbeatMs);
    let glb: Uint8Array | null;
    try {
      const glbKey = gen.outputs?.glb?.key;
      glb = glbKey ? await storage.getBytes(glbKey) : null;
    } catch (error) {
      clearInterval(heartbeat);
      throw error;
    }
    if (!glb || deps.stopping?.aborted) {
      clearInterval(heartbeat);
      await writes;
      if (!glb) return fail(RENDER_VIDEO_DEFAULTS.missingModel);
      return void (await sql`select public.model_video_hand_back(${id}, ${token})`);
    }
    deps.stopping?.addEventListener('abort', onStop, { once: true });
    const deadline = setTimeout(() => {
      timedOut = true;
      cancel();
    }, deps.jobTimeoutMs);

    const name = `lift3d-${id.slice(0, 8)}.mp4`;
    const key = `generations/${id}/${name}`;
    let stored = false;
    try {
      const run = engine.run(
        {
          input: new Uint8Array(0),
          topology: 'low',
          kind: 'video',
          baseName: `lift3d-${id.slice(0, 8)}`,
          renderThreads: deps.renderThreads,
          storedModel: glb,
        },
        onProgress,
      );
      cancel = run.cancel;
      if (handingBack || lost) cancel();
      const produced = await run.result;
      if (lost) throw new Lost(id);
      const mp4 = produced.files.find((f) => f.role === 'mp4');
      if (!mp4) throw new Error(`render_video: the engine made no MP4 for ${id}`);
      await storage.put(key, mp4.data, mp4.contentType);
      stored = true;
      await writes;
      const [done] = await sql`select public.model_video_complete(${id}, ${token}, ${sql.json({
        key,
        contentType: mp4.contentType,
        bytes: mp4.data.byteLength,
        name,
      })}) as ok`;
      if (!done.ok) throw new Lost(id);
      log(`render_video: the video of ${id} is ready ${JSON.stringify(produced.stats)}`);
    } catch (error) {
      if (handingBack) {
        await writes;
        const [row] = await sql`select public.model_video_hand_back(${id}, ${token}) as ok`;
        log(
          `render_video: the video of ${id} ${row?.ok ? 'was handed back to the queue' : 'was no longer ours'}`,
        );
        return;
      }
      const deleted = error instanceof Error && (error as { code?: string }).code === 'P0002';
      if (lost || deleted || error instanceof Lost) {
        const [row] = await sql`
          select g.deleted_at, v.status from public.generations g
            left join public.model_videos v on v.generation_id = g.id where g.id = ${id}`;
        // The key is fixed: another attempt that holds the render writes the same file, so it stays
        // unless the model itself is gone.
        if (stored && (!row || row.deleted_at)) await storage.delete(key);
        log(
          `render_video: the video of ${id} stopped: ${row?.deleted_at ? 'the model was deleted' : 'another attempt holds it'}`,
        );
        return;
      }
      if (timedOut) return fail(RENDER_VIDEO_DEFAULTS.timedOut);
      // A file of ours that the importer refuses will not read better the next time.
      if (error instanceof EngineJobError && error.code === 'corrupt_model')
        return fail(RENDER_VIDEO_DEFAULTS.unreadable);
      if (job.attempts >= job.max_attempts) {
        log(`render_video: the last attempt for ${id} failed: ${(error as Error).message}`);
        return fail(RENDER_VIDEO_DEFAULTS.internalError);
      }
      throw error;
    } finally {
      clearInterval(heartbeat);
      clearTimeout(deadline);
      deps.stopping?.removeEventListener('abort', onStop);
    }
  };
}
