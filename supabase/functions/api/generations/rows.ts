/**
 * The generation as the API shows it (DESIGN §6), with signed links to its files.
 * Links are relative to the API root (config.json's apiUrl): `${apiUrl}${thumbnailUrl}`.
 */
import { DOWNLOAD_FORMATS, type Generation, type ModelVideo, type Tables } from '@lift3d/contract';
import type { GenerationsConfig } from '../core/config.ts';
import { signGeneration } from './signed-urls.ts';

export interface OutputFile {
  key: string;
  contentType: string;
  bytes: number;
  /** File name with extension, e.g. lift3d-1a2b3c4d.glb */
  name: string;
}

/**
 * The columns GENERATION_COLUMNS reads, typed from the generated database types (status, kind, format and
 * topology are domains there, so they come typed); `outputs` is narrowed to its known shape.
 */
export type GenerationRow = Pick<
  Tables<'generations'>,
  | 'id'
  | 'user_id'
  | 'kind'
  | 'status'
  | 'format'
  | 'topology'
  | 'progress'
  | 'stage'
  | 'error'
  | 'cost'
  | 'input_key'
  | 'warnings'
  | 'created_at'
  | 'started_at'
  | 'completed_at'
> & {
  outputs: Record<string, OutputFile>;
  /** The uploaded image's cleaned name without extension (names the downloads); read by the file routes. */
  input_name?: string | null;
  /** The row of public.model_videos, when a video of the finished model was asked for. */
  video?: ModelVideo | null;
};

/** The model's video as the caller may read it (model_videos' own policies), or null. */
const VIDEO_COLUMN = `(select json_build_object('status', v.status, 'progress', v.progress, 'error', v.error)
    from public.model_videos v where v.generation_id = id) as video`;

export const GENERATION_COLUMNS = `id, user_id, kind, status, progress, stage, error, format, topology, cost, input_key, outputs, warnings, created_at, started_at, completed_at, ${VIDEO_COLUMN}`;

/**
 * The video's state: its row, else `ready` for a conversion that made its MP4 itself (a 3D Preview), else
 * none. Only a finished model has one.
 */
export function videoOf(row: Pick<GenerationRow, 'status' | 'outputs' | 'video'>): ModelVideo | null {
  if (row.status !== 'completed') return null;
  if (row.outputs?.mp4) return { status: 'ready', progress: 1, error: null };
  if (!row.video) return null;
  return { status: row.video.status, progress: Number(row.video.progress), error: row.video.error ?? null };
}

export async function generationJson(
  row: GenerationRow,
  config: GenerationsConfig | undefined,
): Promise<Generation> {
  const files = DOWNLOAD_FORMATS.filter((f) => row.outputs?.[f]);
  let links: Record<string, string | null> = {};
  if (config?.urlSecret && row.status === 'completed') {
    const expires = Math.floor(Date.now() / 1000) + config.urlTtlSeconds;
    const query = `expires=${expires}&signature=${await signGeneration(config.urlSecret, row.id, expires)}`;
    const base = `/generations/${row.id}`;
    links = {
      thumbnailUrl: row.outputs.thumbnail ? `${base}/thumbnail?${query}` : null,
      posterUrl: row.outputs.poster ? `${base}/poster?${query}` : null,
      videoUrl: row.outputs.mp4 ? `${base}/download?format=mp4&${query}` : null,
      downloadUrl: `${base}/download?${query}&format=`,
    };
  }
  return {
    id: row.id,
    kind: row.kind,
    status: row.status,
    progress: Number(row.progress),
    stage: row.stage,
    error: row.error,
    format: row.format,
    topology: row.topology,
    cost: row.cost,
    warnings: row.warnings ?? [],
    createdAt: new Date(row.created_at).toISOString(),
    startedAt: row.started_at ? new Date(row.started_at).toISOString() : null,
    completedAt: row.completed_at ? new Date(row.completed_at).toISOString() : null,
    files,
    video: videoOf(row),
    thumbnailUrl: null,
    posterUrl: null,
    videoUrl: null,
    downloadUrl: null,
    ...links,
  };
}
