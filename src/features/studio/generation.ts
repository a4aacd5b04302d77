import type { GenerationKind, ModelFormat, Topology } from './variants';

/** A generation as the API returns it (DESIGN §6; extra fields from worker/README.md are optional). */
export interface Generation {
  id: string;
  kind: GenerationKind;
  status: 'queued' | 'processing' | 'completed' | 'failed';
  /** 0…1 (fraction done) */
  progress: number;
  stage: string | null;
  error: string | null;
  format: ModelFormat;
  topology: Topology;
  cost: number;
  createdAt: string;
  completedAt: string | null;
  startedAt?: string | null;
  /** Formats (and mp4) whose files exist, once completed. */
  files?: string[];
  /** Signed links relative to the API root (config apiUrl), present once completed. */
  thumbnailUrl?: string | null;
  posterUrl?: string | null;
  videoUrl?: string | null;
  /** Signed download link without its format: append `glb`, `usdz`… (works without a token). */
  downloadUrl?: string | null;
  /** The extra sides sent with the main photo (`right`, `back`, `left`); empty for a single view. */
  views?: string[];
}

/** The studio's job states (SPEC §3 Studio state, §4 Generation status). */
export type JobStatus = 'idle' | 'processing' | 'completed' | 'error';

export const STATUS_LABELS: Readonly<Record<JobStatus, string>> = {
  idle: 'Ready',
  processing: 'Processing...',
  completed: 'Completed',
  error: 'Error',
};

export function jobStatusOf(generation: Pick<Generation, 'status'>): JobStatus {
  switch (generation.status) {
    case 'completed':
      return 'completed';
    case 'failed':
      return 'error';
    default:
      return 'processing';
  }
}

export function isTerminal(generation: Pick<Generation, 'status'>): boolean {
  return generation.status === 'completed' || generation.status === 'failed';
}

/** Human wording for the worker's stage names ("isolate" → "Isolating the subject"). Unknown stages pass through. */
export const STAGE_LABELS: Readonly<Record<string, string>> = {
  queued: 'Waiting for a worker',
  starting: 'Starting',
  // A hosted backend (Meshy, Tripo, fal) making the shape, before our engine takes over.
  generating: 'Generating the 3D shape',
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
