/**
 * What makes a generation's shape. `builtin` is our engine (run in the engine thread); the hosted
 * backends are image-to-3D services behind their documented HTTP APIs, each in its own module with its
 * own typed options, all driven the same way by run-hosted.ts: submit once, poll, download the GLB.
 */
import { GENERATION_BACKENDS, type GenerationBackend } from '@lift3d/contract';
import type { Topology, ViewName } from '@lift3d/engine';

export type BackendName = GenerationBackend;
export type HostedBackendName = Exclude<BackendName, 'builtin'>;

export function isBackendName(value: unknown): value is BackendName {
  return typeof value === 'string' && (GENERATION_BACKENDS as readonly string[]).includes(value);
}

/** One generation as a service receives it. */
export interface HostedJob {
  /** The photo as PNG. */
  image: Uint8Array;
  /** Extra views of the same subject (PNG) by the side they were taken from, when the generation has them. */
  views: Partial<Record<ViewName, Uint8Array>>;
  topology: Topology;
  /** The face count asked of the service (admin setting per topology). */
  faces: number;
  /**
   * Short-lived signed URLs of the same PNGs (`front` and each extra view) when the storage can make
   * them: services fetch a URL more reliably than they decode a large data URI.
   */
  imageUrls?: { front: string } & Partial<Record<ViewName, string>>;
}

type HostedPoll =
  | { state: 'running'; progress: number }
  | { state: 'succeeded'; modelUrl: string; cost: number | null }
  | { state: 'failed'; message: string };

export interface HostedBackend {
  readonly name: HostedBackendName;
  /** Starts the provider's task; returns its id (stored before polling begins). */
  submit(job: HostedJob, signal: AbortSignal): Promise<string>;
  poll(taskId: string, signal: AbortSignal): Promise<HostedPoll>;
  /** Headers the model URL needs (none for the services' signed CDN links). */
  downloadHeaders(url: string): Record<string, string>;
  /**
   * Ids (as `submit` returns them) of the account's tasks of this job's kind created within the window
   * (ms since the epoch, the service's clock), where the service documents a list of its tasks (Meshy);
   * absent where it does not (Tripo, fal). Used to find a task whose create answer was lost.
   */
  listTasks?(job: HostedJob, window: { from: number; to: number }, signal: AbortSignal): Promise<string[]>;
}

export type FetchLike = typeof fetch;

export type ProviderErrorCode =
  | 'auth'
  | 'rate_limited'
  | 'unavailable'
  | 'rejected'
  | 'failed'
  | 'timeout'
  | 'bad_response'
  | 'too_large'
  | 'not_configured'
  /** An earlier attempt asked for a task and lost the answer: asking again could pay for a second one. */
  | 'lost_task'
  /** A create answered 5xx, timed out or lost its connection: a task may exist, so it is never asked again. */
  | 'unknown_outcome'
  /** The account's queue of running tasks is full (Meshy's queue tasks, Tripo's concurrency): wait a turn. */
  | 'queue_full'
  /** The account has no credits left at the service (Meshy 402, Tripo 2010). */
  | 'no_credits'
  /** The model URL no longer answers (signed links expire): poll the task again for a fresh one. */
  | 'expired';

/** The one error type of the backends: `retryable` failures are retried with backoff until the deadline. */
export class ProviderError extends Error {
  constructor(
    readonly backend: string,
    readonly code: ProviderErrorCode,
    message: string,
    readonly options: {
      status?: number;
      retryAfterMs?: number;
      cause?: unknown;
      /** The service's parsed error body, for adapters that read their own codes from it. */
      body?: unknown;
    } = {},
  ) {
    super(`${backend}: ${message}`, { cause: options.cause });
    this.name = 'ProviderError';
  }

  get retryable(): boolean {
    return this.code === 'rate_limited' || this.code === 'unavailable' || this.code === 'queue_full';
  }
}
