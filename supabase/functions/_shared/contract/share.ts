/** Public links to a finished model (DESIGN §6, README "Share pages"). */
import * as z from 'zod/mini';
import { DownloadFormat, GenerationKind, Topology } from './formats.ts';

/** The owner's live share of one model (`/api/generations/:id/share`). */
export const Share = z.object({
  slug: z.string(),
  /** `/m/{slug}` on the SPA's origin. */
  path: z.string(),
  allowDownloads: z.boolean(),
  createdAt: z.string(),
});
export type Share = z.infer<typeof Share>;

/** What a shared page shows (`GET /api/share/:slug`, no sign-in); links are relative to the api root. */
export const SharedModel = z.object({
  slug: z.string(),
  /** `video` when the model has its turntable (a 3D Preview, or a video made from the model later). */
  kind: GenerationKind,
  topology: Topology,
  sharedAt: z.string(),
  allowDownloads: z.boolean(),
  /** Formats a visitor may fetch now: the viewer's GLB, USDZ and video, and every format when allowed. */
  files: z.array(DownloadFormat),
  /** Signed base link; append a format. */
  fileUrl: z.string(),
  modelUrl: z.nullable(z.string()),
  videoUrl: z.nullable(z.string()),
  posterUrl: z.nullable(z.string()),
  /** Empty unless the owner allows downloads. */
  downloads: z.array(DownloadFormat),
});
export type SharedModel = z.infer<typeof SharedModel>;

/** As much of `GET /api/share/:slug`'s answer as a page head needs (the local stack's crawler pages). */
export const SharedModelHeadAnswer = z.object({
  model: z.pick(SharedModel, { slug: true, kind: true, allowDownloads: true, posterUrl: true }),
});
