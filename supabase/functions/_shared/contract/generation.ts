/** A generation as `/api/generations` answers it (DESIGN §6), with signed links to its files. */
import * as z from 'zod/mini';
import { GenerationKind, ModelFormat, Topology, ViewName } from './formats.ts';

/** Signed links to a generation's photos (`/generations/{id}/photos/{side}?…`), one per photo it has. */
export const PhotoUrls = z.object({
  front: z.optional(z.string()),
  right: z.optional(z.string()),
  back: z.optional(z.string()),
  left: z.optional(z.string()),
});
export type PhotoUrls = z.infer<typeof PhotoUrls>;

export const GENERATION_STATUSES = ['queued', 'processing', 'completed', 'failed'] as const;
export const GenerationStatus = z.enum(GENERATION_STATUSES);
export type GenerationStatus = z.infer<typeof GenerationStatus>;

/**
 * The worker's stage names, in the order a conversion passes them (`retrying`: handed back to the queue
 * for another worker). The column is free text, so readers pass unknown stages through.
 */
export const GENERATION_STAGES = [
  'queued',
  'starting',
  'decode',
  'isolate',
  'geometry',
  'texture',
  'topology',
  'export',
  'render',
  'video',
  'store',
  'retrying',
  'failed',
  'done',
] as const;
export const GenerationStage = z.enum(GENERATION_STAGES);
export type GenerationStage = z.infer<typeof GenerationStage>;

/** What makes a generation's shape: our engine, or a hosted image-to-3D service (worker/src/backends). */
export const GENERATION_BACKENDS = ['builtin', 'meshy', 'tripo', 'fal'] as const;
export const GenerationBackend = z.enum(GENERATION_BACKENDS);
export type GenerationBackend = z.infer<typeof GenerationBackend>;

/**
 * The turntable video of a finished model: `rendering`, `ready` (its MP4 is one of the model's files) or
 * `failed` with the reason. Made from the stored model at no charge; a 3D Preview's video is `ready` with it.
 */
export const MODEL_VIDEO_STATUSES = ['rendering', 'ready', 'failed'] as const;
export const ModelVideoStatus = z.enum(MODEL_VIDEO_STATUSES);
export type ModelVideoStatus = z.infer<typeof ModelVideoStatus>;

export const ModelVideo = z.object({
  status: ModelVideoStatus,
  /** 0…1 while rendering, 1 when ready. */
  progress: z.number(),
  /** Why it failed, for the owner; null otherwise. */
  error: z.nullable(z.string()),
});
export type ModelVideo = z.infer<typeof ModelVideo>;

export const Generation = z.object({
  id: z.string(),
  kind: GenerationKind,
  status: GenerationStatus,
  /** 0…1 (fraction done). */
  progress: z.number(),
  stage: z.nullable(z.string()),
  error: z.nullable(z.string()),
  format: ModelFormat,
  topology: Topology,
  /** Credits charged (0 for a free conversion). */
  cost: z.number(),
  createdAt: z.string(),
  startedAt: z.optional(z.nullable(z.string())),
  completedAt: z.nullable(z.string()),
  /** Formats (and mp4) whose files exist, once completed. */
  files: z.optional(z.array(z.string())),
  /** Signed links relative to the API root (config apiUrl), present once completed. */
  thumbnailUrl: z.optional(z.nullable(z.string())),
  posterUrl: z.optional(z.nullable(z.string())),
  videoUrl: z.optional(z.nullable(z.string())),
  /** Signed download link without its format: append `glb`, `usdz`… (works without a token). */
  downloadUrl: z.optional(z.nullable(z.string())),
  /** The extra sides sent with the main photo; empty for a single view. Absent on some answers. */
  views: z.optional(z.array(ViewName)),
  /**
   * Signed links (relative to the API root) to the photos it was made from, front first; only in answers
   * to the owner or an admin. The links open the photos only, never the results.
   */
  photoUrls: z.optional(PhotoUrls),
  /** What the conversion could not use as given (e.g. a back photo of another object), for the user. */
  warnings: z.optional(z.array(z.string())),
  /** The model's turntable video; null when none was asked for (and the conversion made none). */
  video: z.optional(z.nullable(ModelVideo)),
});
export type Generation = z.infer<typeof Generation>;

/** `GET /api/generations/free/quota`: the free studio's allowance today. */
export const FreeQuota = z.object({ limit: z.number(), used: z.number(), remaining: z.number() });
export type FreeQuota = z.infer<typeof FreeQuota>;
