/** A preview's row, its JSON for the studio, and the request bodies of the preview routes. */
import { MODEL_FORMATS, VIEW_NAMES } from '@lift3d/contract';
import { z } from 'zod';
import { badRequest } from '../core/errors.ts';
import type { UploadForm } from '../generations/uploads.ts';

export interface PreviewRow {
  id: string;
  user_id: string;
  input_key: string;
  input_type: string;
  input_bytes: number;
  views: Record<string, { key: string; type: string; bytes: number }>;
  focal_lengths: Record<string, number>;
  status: 'queued' | 'processing' | 'completed' | 'failed' | 'converted' | 'expired';
  shape_key: string | null;
  error: string | null;
  stats: Record<string, unknown> | null;
  generation_id: string | null;
  created_at: Date | string;
  finished_at: Date | string | null;
  expires_at: Date | string;
}

const iso = (d: Date | string | null) => (d === null ? null : new Date(d).toISOString());

/** What the studio sees: never the storage keys. */
export function previewJson(row: PreviewRow) {
  return {
    id: row.id,
    status: row.status,
    views: Object.keys(row.views ?? {}),
    focalLengths: row.focal_lengths ?? {},
    error: row.error,
    shapeUrl: row.status === 'completed' ? `/previews/${row.id}/shape` : null,
    triangles: typeof row.stats?.triangles === 'number' ? row.stats.triangles : null,
    ms: typeof row.stats?.ms === 'number' ? row.stats.ms : null,
    generationId: row.generation_id,
    createdAt: iso(row.created_at),
    finishedAt: iso(row.finished_at),
    expiresAt: iso(row.expires_at),
  };
}

export const ConvertPreviewRequest = z.object({
  format: z.enum(MODEL_FORMATS, { error: `format must be one of ${MODEL_FORMATS.join(', ')}.` }),
  topology: z.enum(['low', 'high'], { error: 'topology must be low or high.' }).default('low'),
  kind: z.enum(['model', 'video'], { error: 'kind must be model or video.' }).default('model'),
  /** The front photo's file name (downloads are named after it); never a key. */
  name: z.string().max(255).optional(),
});

const SIDES = ['front', ...VIEW_NAMES] as const;

const ShotId = z.uuid({ error: 'Each shot is named by its id.' }).optional();
/** A preview of a guided capture's passed shots (POST /api/previews as JSON): ids by side. */
export const PreviewFromShots = z.object({
  shots: z.object({
    front: z.uuid({ error: 'A preview needs the front photo.' }),
    right: ShotId,
    back: ShotId,
    left: ShotId,
  }),
});

export interface ShotRow {
  id: string;
  side: string;
  status: string;
  input_key: string;
  input_type: string;
  input_bytes: number;
  focal_length_35mm: string | number | null;
}

/**
 * Optional `focal_<side>` fields: the EXIF focal length in 35 mm equivalent the browser read from each photo
 * (orientation is applied by the engine's decoder from the file itself).
 */
export function readFocalLengths(upload: UploadForm): Record<string, number> {
  const out: Record<string, number> = {};
  for (const side of SIDES) {
    const value = upload.field(`focal_${side}`);
    if (value === undefined) continue;
    const n = Number(value);
    if (!Number.isFinite(n) || n < 8 || n > 600) {
      throw badRequest(`focal_${side} must be a focal length in millimetres (35 mm equivalent), 8 to 600.`);
    }
    out[side] = Math.round(n * 10) / 10;
  }
  return out;
}
