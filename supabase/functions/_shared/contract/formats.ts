/**
 * The model formats, topologies and kinds of a conversion: the one list the engine, the worker, the api
 * and the SPA share (the SQL functions check the same values).
 */
import * as z from 'zod/mini';
import { EXPORT_FORMATS, EXTRA_MODEL_FORMATS, MODEL_FORMATS, TOPOLOGIES, VIEW_NAMES } from './lists.ts';

export { EXPORT_FORMATS, EXTRA_MODEL_FORMATS, MODEL_FORMATS, TOPOLOGIES, VIEW_NAMES };

/** Formats a user picks when converting, in the order menus offer them. */
export const ModelFormat = z.enum(MODEL_FORMATS);
export type ModelFormat = z.infer<typeof ModelFormat>;

/** Made by every conversion as well, for AR (USDZ) and printing (3MF); models made before them lack them. */
export const ExtraModelFormat = z.enum(EXTRA_MODEL_FORMATS);
export type ExtraModelFormat = z.infer<typeof ExtraModelFormat>;

/** Every file format the engine writes, in the order the worker exports them. */
export const ExportFormat = z.enum(EXPORT_FORMATS);
export type ExportFormat = z.infer<typeof ExportFormat>;

/** What `GET /api/generations/:id/download?format=` serves: every model format and the turntable video. */
export const DOWNLOAD_FORMATS = [...EXPORT_FORMATS, 'mp4'] as const;
export const DownloadFormat = z.enum(DOWNLOAD_FORMATS);
export type DownloadFormat = z.infer<typeof DownloadFormat>;

export const Topology = z.enum(TOPOLOGIES);
export type Topology = z.infer<typeof Topology>;

/** A conversion makes a 3D model, or a model and its turntable video. */
export const GENERATION_KINDS = ['model', 'video'] as const;
export const GenerationKind = z.enum(GENERATION_KINDS);
export type GenerationKind = z.infer<typeof GenerationKind>;

/** The extra sides of the one object in a multi-view conversion (form fields `view_right`, ...). */
export const ViewName = z.enum(VIEW_NAMES);
export type ViewName = z.infer<typeof ViewName>;

/** Every photo of a conversion: the main photo is the front, then the extra views. */
export const PHOTO_SIDES = ['front', ...VIEW_NAMES] as const;
export const PhotoSide = z.enum(PHOTO_SIDES);
export type PhotoSide = z.infer<typeof PhotoSide>;
