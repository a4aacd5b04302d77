/**
 * The hosted part of a convert job: the photo (and extra views) prepared for the service, the task
 * submitted — or the stored task resumed, so a restarted worker never pays twice — polled, and its GLB
 * downloaded. The generation is marked before the task is asked for, and the task id written on it
 * (fenced) before the first poll: an attempt that finds the mark without a task id does not ask again,
 * but looks for its task in the service's list where there is one (backends/reconcile.ts).
 * Where the storage signs URLs (S3) the prepared photos are handed over as short-lived signed URLs.
 */
import type { Functions } from '@lift3d/contract';
import { imageForProvider, isEngineError, type ViewName } from '@lift3d/engine';
import type { Storage } from '@lift3d/storage';
import type { Sql } from 'postgres';
import type { HostedBackend } from '../backends/index.ts';
import { type HostedRunOptions, type HostedRunResult, runHosted } from '../backends/run-hosted.ts';
import type { HostedJob } from '../backends/types.ts';
import { EngineJobError } from '../convert/engine-runner.ts';
import type { ClaimedGeneration } from './generation-row.ts';

export interface HostedStepArgs {
  sql: Sql;
  storage: Storage;
  backend: HostedBackend;
  /** The generation row as generation_start returned it. */
  gen: ClaimedGeneration;
  token: string;
  input: Uint8Array;
  /** Extra views of the subject (public.generation_views), for the services' multi-image endpoints. */
  views: Partial<Record<ViewName, Uint8Array>>;
  onProgress: (fraction: number) => void;
  /** The service's queue for the account is full: the generation waits its turn there. */
  onQueued: () => void;
  signal: AbortSignal;
  run: Partial<HostedRunOptions>;
  /** Called when this worker no longer holds the generation. */
  lost: () => Error;
}

/** How long a service may take to fetch the photos we hand it as signed URLs. */
const PROVIDER_INPUT_URL_SECONDS = 3600;

export async function runHostedStep(a: HostedStepArgs): Promise<HostedRunResult> {
  const id = a.gen.id;
  const inputKeys: string[] = [];
  /**
   * The prepared photo stored where the service can fetch it by a short-lived signed URL (S3 storage);
   * undefined where the storage cannot sign (disk), and the photo goes inline instead.
   */
  const signedUrl = async (side: string, png: Uint8Array) => {
    if (!a.storage.presignGet) return undefined;
    const key = `provider-inputs/${id}/${side}.png`;
    await a.storage.put(key, png, 'image/png');
    inputKeys.push(key);
    return a.storage.presignGet(key, {
      expiresInSeconds: PROVIDER_INPUT_URL_SECONDS,
      contentType: 'image/png',
    });
  };
  const prepare = async (bytes: Uint8Array) => {
    try {
      return await imageForProvider(bytes);
    } catch (error) {
      // A bad upload is the user's to fix, exactly as with the built-in engine: fail before paying anyone.
      if (isEngineError(error))
        throw new EngineJobError(error.code, error.message, error.code !== 'internal');
      throw error;
    }
  };
  const taskId = a.gen.provider_task_id;
  const submittedAt = a.gen.provider_submitted_at;
  try {
    return await runHosted(
      a.backend,
      {
        existing: taskId ? { taskId, submittedAt: (submittedAt ?? new Date()).getTime() } : null,
        job: async () => {
          const views: HostedJob['views'] = {};
          for (const [side, bytes] of Object.entries(a.views) as Array<[ViewName, Uint8Array]>) {
            views[side] = await prepare(bytes);
          }
          const image = await prepare(a.input);
          const front = await signedUrl('front', image);
          let imageUrls: HostedJob['imageUrls'];
          if (front) {
            imageUrls = { front };
            for (const [side, png] of Object.entries(views) as Array<[ViewName, Uint8Array]>)
              imageUrls[side] = await signedUrl(side, png);
          }
          return {
            image,
            views,
            topology: a.gen.topology,
            faces: a.gen.provider_faces ?? (a.gen.topology === 'high' ? 60000 : 10000),
            ...(imageUrls ? { imageUrls } : {}),
          };
        },
        markSubmitting: async () => {
          const [row] = await a.sql<
            { allowed: Functions<'generation_provider_submitting'>['Returns'] | null }[]
          >`
          select public.generation_provider_submitting(${id}, ${a.token}, ${a.backend.name}) as allowed`;
          if (row?.allowed === null || row?.allowed === undefined) throw a.lost();
          return row.allowed;
        },
        submittingSince: a.gen.provider_submitting_at
          ? new Date(a.gen.provider_submitting_at).getTime()
          : null,
        // The database decides whether a listed task can be this generation's (never another user's).
        adoptTask: async (candidates, since) => {
          const [row] = await a.sql`
          select outcome, task_id from public.generation_provider_adopt(${id}, ${a.token}, ${a.backend.name}, ${candidates}::text[], ${new Date(since)})`;
          if (!row) throw a.lost();
          return row.outcome === 'adopted'
            ? { outcome: 'adopted', taskId: row.task_id as string }
            : { outcome: row.outcome === 'none' ? 'none' : 'ambiguous' };
        },
        recordTask: async (newId) => {
          const [row] = await a.sql<Functions<'generation_provider_task'>['Returns'][]>`
          select provider_task_id from public.generation_provider_task(${id}, ${a.token}, ${a.backend.name}, ${newId})`;
          if (!row?.provider_task_id) throw a.lost();
          return row.provider_task_id;
        },
        onProgress: a.onProgress,
        onQueued: a.onQueued,
        signal: a.signal,
      },
      a.run,
    );
  } finally {
    // The service has fetched them (or failed): the copies are not kept beyond the task.
    await Promise.all(inputKeys.map((key) => a.storage.delete(key)));
  }
}
