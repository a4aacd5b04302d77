/** Messages between the convert task (the worker) and its engine process. */
import type { GenerationKind } from '@lift3d/contract';
import type { ExportFormat, Topology } from '@lift3d/engine';

/** Set to '1' by the runner: the engine process puts itself under SCHED_IDLE before it loads anything. */
export const ENGINE_IDLE_ENV = 'LIFT3D_ENGINE_SCHED_IDLE';
/** Set to '1' by the runner: the engine process moves itself into the idle CPU group (priority.ts). */
export const ENGINE_IDLE_GROUP_ENV = 'LIFT3D_ENGINE_IDLE_GROUP';
/** The autogroup nice value of the engine's own session (it was forked detached), or empty. */
export const ENGINE_SESSION_NICE_ENV = 'LIFT3D_ENGINE_SESSION_NICE';

/** One conversion as the engine process runs it (convert/pipeline.ts). */
export interface PipelineInput {
  input: Uint8Array;
  /** Extra photos of the same object (a multi-view generation: public.generation_views). */
  views?: { right?: Uint8Array; back?: Uint8Array; left?: Uint8Array };
  topology: Topology;
  kind: GenerationKind;
  /** File names inside downloads, e.g. lift3d-1a2b3c4d. */
  baseName: string;
  /** Turntable render threads. */
  renderThreads: number;
  /** A GLB made by a hosted backend: brought to our convention (normalizeSourceModel) instead of converting `input`. */
  sourceModel?: Uint8Array;
  /** A free preview: the quick, untextured shape as one GLB (preview-pipeline.ts), nothing else. */
  preview?: boolean;
  /** A guided-capture shot check: `input` inspected (engine.inspect), the report as `stats`, no files. */
  inspect?: boolean;
  /** EXIF focal lengths (35 mm equivalent) of the photos that had one: the multi-view input's focalLength35mm. */
  focalLength35mm?: FocalLengths;
  /**
   * A finished model's stored GLB: only its turntable MP4 is rendered (the video of an existing model);
   * `input` is then empty and ignored.
   */
  storedModel?: Uint8Array;
}

export type FocalLengths = Partial<Record<'front' | 'right' | 'back' | 'left', number>>;

export interface ConvertRequest extends PipelineInput {
  type: 'convert';
}

/** Load the segmentation model now, before the first conversion needs it (the worker has just started). */
export interface WarmRequest {
  type: 'warm';
}

/** One produced file; `role` is a download format or an image of the result. */
export interface ProducedFile {
  role: ExportFormat | 'mp4' | 'poster' | 'thumbnail';
  name: string;
  contentType: string;
  data: Uint8Array;
}

/** What one conversion made: its files, figures for the log, and warnings for the user. */
export interface Produced {
  files: ProducedFile[];
  stats: Record<string, unknown>;
  /** What the engine could not use as given (a mismatched extra view), in words for the user. */
  warnings: string[];
}

export type EngineReply =
  /** The engine is loaded and listening. */
  | { type: 'ready' }
  /** Answer to a WarmRequest: the segmentation model is loaded (or failed to load: `error`). */
  | { type: 'warmed'; ms: number; error?: string }
  | { type: 'progress'; stage: string; fraction: number }
  | ({ type: 'result' } & Produced)
  /** `code` is the EngineError code; 'crash' when the process died, 'cancelled' when we stopped it. */
  | { type: 'error'; code: string; message: string; userFacing: boolean };
