import type { Generation } from '@lift3d/contract';
import { classifyFailure } from './failure';

/** A generation as the API returns it (DESIGN §6), declared once in @lift3d/contract. */
export type { Generation };

/**
 * The studio's job states (SPEC §3 Studio state, §4 Generation status), plus `cancelled`: the owner's or
 * an administrator's cancel is neither a success nor a fault.
 */
export type JobStatus = 'idle' | 'processing' | 'completed' | 'error' | 'cancelled';

export const STATUS_LABELS: Readonly<Record<JobStatus, string>> = {
  idle: 'Not started',
  processing: 'Processing...',
  completed: 'Completed',
  error: 'Error',
  cancelled: 'Cancelled',
};

export function jobStatusOf(generation: Pick<Generation, 'status' | 'error'>): JobStatus {
  switch (generation.status) {
    case 'completed':
      return 'completed';
    case 'failed':
      return classifyFailure(generation.error).kind === 'cancelled' ? 'cancelled' : 'error';
    default:
      return 'processing';
  }
}

/** Nothing more will change: failed, or completed with no turntable video still rendering. */
export function isTerminal(generation: Pick<Generation, 'status' | 'video'>): boolean {
  if (generation.status === 'completed') return generation.video?.status !== 'rendering';
  return generation.status === 'failed';
}

/**
 * A finished model's turntable video as the studio's 3D Preview job: the model's row seen through its
 * video (rendering → processing, ready → completed, failed with its reason), so the status line, the
 * poller and the MP4 download treat it like a 3D Preview's own.
 */
export function videoJobOf(model: Generation): {
  status: JobStatus;
  generation: Generation;
  error: string | null;
} {
  const video = model.video;
  if (!video) return { status: 'idle', generation: model, error: null };
  const status: JobStatus =
    video.status === 'ready' ? 'completed' : video.status === 'failed' ? 'error' : 'processing';
  return {
    status,
    generation: {
      ...model,
      status: status === 'processing' ? 'processing' : model.status,
      progress: video.progress,
      stage: status === 'processing' ? 'video' : model.stage,
      error: video.error,
    },
    error: status === 'error' ? video.error || 'The video could not be made.' : null,
  };
}

/** Human wording for the worker's stage names ("isolate" → "Isolating the subject"). Unknown stages pass through. */
export const STAGE_LABELS: Readonly<Record<string, string>> = {
  queued: 'Waiting for a worker',
  starting: 'Starting',
  // A hosted backend (Meshy, Tripo, fal) making the shape, before our engine takes over.
  generating: 'Generating the 3D shape',
  // The service's account is running as many tasks as it may (Meshy's queue tasks, Tripo's concurrency):
  // this one waits its turn there rather than failing.
  provider_queue: 'Waiting in the 3D service’s queue',
  decode: 'Reading the image',
  isolate: 'Isolating the subject',
  geometry: 'Building the geometry',
  texture: 'Painting the texture',
  topology: 'Optimising the mesh',
  export: 'Exporting the formats',
  render: 'Rendering the preview',
  video: 'Rendering the video',
  store: 'Saving the files',
  retrying: 'Retrying on another worker',
  failed: 'Failed',
  done: 'Done',
};

export function stageLabel(generation: Pick<Generation, 'status' | 'stage'>): string {
  // A job handed back or reaped after a worker died waits in the queue as `retrying` (issue #15: the
  // user sees that it is being retried, not that it has not started).
  if (generation.status === 'queued')
    return generation.stage?.trim() === 'retrying' ? STAGE_LABELS.retrying : STAGE_LABELS.queued;
  const stage = generation.stage?.trim();
  if (!stage) return generation.status === 'processing' ? 'Starting' : '';
  return STAGE_LABELS[stage.toLowerCase()] ?? stage.charAt(0).toUpperCase() + stage.slice(1);
}
