import { type Generation, type JobStatus, jobStatusOf, videoJobOf } from './generation';
import type { GenerationKind, ModelFormat, StudioVariant, Topology } from './variants';

/**
 * Studio state (SPEC §3): the selected image(s), the preview (video) and model job states, the chosen format
 * and topology. A reducer so the rules — above all "a new image resets both states and hides the viewer" —
 * live in one tested place.
 */

export interface JobState {
  status: JobStatus;
  /** The generation this state follows (null when idle or when the model came from a dropped video). */
  generation: Generation | null;
  /** Failure text for the server-error dialog and the panel. */
  error: string | null;
}

export interface StudioState {
  /** The selected images; the first is shown and is the "selected image file" of the spec. */
  files: File[];
  format: ModelFormat;
  topology: Topology;
  model: JobState;
  preview: JobState;
  /** A local video dropped into the model panel (object URL), in variants that allow it. */
  droppedVideo: { url: string; name: string } | null;
  /** Generations started by a batch, in the order of `files`. */
  batch: Generation[];
}

export type StudioAction =
  | { type: 'select-files'; files: File[] }
  | { type: 'set-format'; format: ModelFormat }
  | { type: 'set-topology'; topology: Topology }
  | { type: 'job-started'; kind: GenerationKind; generation: Generation }
  | { type: 'job-updated'; generation: Generation }
  | { type: 'job-failed'; kind: GenerationKind; error: string }
  | { type: 'batch-started'; generations: Generation[] }
  | { type: 'drop-video'; url: string; name: string };

const IDLE_JOB: JobState = { status: 'idle', generation: null, error: null };

export function initialStudioState(variant: Pick<StudioVariant, 'formats' | 'topologies'>): StudioState {
  return {
    files: [],
    format: variant.formats[0] ?? 'glb',
    topology: variant.topologies[0] ?? 'low',
    model: IDLE_JOB,
    preview: IDLE_JOB,
    droppedVideo: null,
    batch: [],
  };
}

const FINISHED = new Set<Generation['status']>(['completed', 'failed']);

/**
 * The newer of two readings of one generation, so what the user sees never goes backwards: a late poll
 * answer or a retried attempt starting again from 0 must not pull the bar from 55% down to 0%.
 */
function forward(known: Generation, next: Generation): Generation {
  if (FINISHED.has(known.status) && !FINISHED.has(next.status)) return known;
  if (FINISHED.has(next.status) || next.progress >= known.progress) return next;
  return { ...next, progress: known.progress, stage: known.stage ?? next.stage };
}

function jobFrom(generation: Generation): JobState {
  const status = jobStatusOf(generation);
  return {
    status,
    generation,
    error: status === 'error' || status === 'cancelled' ? generation.error || 'The conversion failed.' : null,
  };
}

function slot(kind: GenerationKind): 'model' | 'preview' {
  return kind === 'video' ? 'preview' : 'model';
}

/**
 * The job a slot shows for a generation: the 3D Preview slot following a finished model (its video made
 * from the stored model) shows that video's state, every other case the generation's own.
 */
function jobFor(key: 'model' | 'preview', generation: Generation): JobState {
  return key === 'preview' && generation.kind === 'model' ? videoJobOf(generation) : jobFrom(generation);
}

export function studioReducer(state: StudioState, action: StudioAction): StudioState {
  switch (action.type) {
    case 'select-files': {
      if (action.files.length === 0) return state;
      // A new image resets both states and hides the viewer (SPEC §4).
      return {
        ...state,
        files: action.files,
        model: IDLE_JOB,
        preview: IDLE_JOB,
        droppedVideo: null,
        batch: [],
      };
    }
    case 'set-format':
      return { ...state, format: action.format };
    case 'set-topology':
      return { ...state, topology: action.topology };
    case 'job-started':
      return { ...state, [slot(action.kind)]: jobFor(slot(action.kind), action.generation) };
    case 'job-updated': {
      const g = action.generation;
      const batch = state.batch.map((b) => (b.id === g.id ? forward(b, g) : b));
      let next: StudioState = { ...state, batch };
      // Updates for a job the studio no longer follows (a new image was chosen meanwhile) are dropped. One
      // model may be followed twice: as the 3D Model, and as the 3D Preview rendering its video.
      for (const key of ['model', 'preview'] as const) {
        const known = state[key].generation;
        if (known?.id !== g.id) continue;
        const video = key === 'preview' && g.kind === 'model';
        next = { ...next, [key]: video ? videoJobOf(g) : jobFrom(forward(known, g)) };
      }
      return next;
    }
    case 'job-failed':
      return { ...state, [slot(action.kind)]: { status: 'error', generation: null, error: action.error } };
    case 'batch-started': {
      const [first] = action.generations;
      return {
        ...state,
        batch: action.generations,
        model: first ? jobFrom(first) : state.model,
      };
    }
    case 'drop-video':
      // A dropped video counts as a finished model in the variants that allow it (SPEC §4).
      return {
        ...state,
        droppedVideo: { url: action.url, name: action.name },
        model: { status: 'completed', generation: null, error: null },
      };
  }
}

/**
 * The finished generation whose model files the studio offers: the 3D model job, or else a finished 3D
 * Preview (a video job makes every model format too, exactly as My models lists it).
 */
export function downloadableModel(state: Pick<StudioState, 'model' | 'preview'>): Generation | null {
  if (state.model.status === 'completed' && state.model.generation) return state.model.generation;
  if (state.model.status === 'idle' && state.preview.status === 'completed') return state.preview.generation;
  return null;
}

/** Whether any job of the studio is running (the Generate button is disabled meanwhile, SPEC §4). */
export function isBusy(state: StudioState): boolean {
  return state.model.status === 'processing' || state.preview.status === 'processing';
}
