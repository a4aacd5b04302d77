/**
 * The generation as the API shows it (DESIGN §6), with signed links to its files.
 * Links are relative to the API root (config.json's apiUrl): `${apiUrl}${thumbnailUrl}`.
 */
import type { GenerationsConfig } from '../core/config.ts';
import { signGeneration } from './signed-urls.ts';

/** Formats a user picks when converting (the SQL functions check the same list). */
export const MODEL_FORMATS = ['glb', 'gltf', 'obj', 'fbx', 'stl'] as const;
/** Made by every conversion as well, for AR (USDZ) and printing (3MF); models made before them lack them. */
export const EXTRA_MODEL_FORMATS = ['usdz', '3mf'] as const;
export const DOWNLOAD_FORMATS = [...MODEL_FORMATS, ...EXTRA_MODEL_FORMATS, 'mp4'] as const;
export type DownloadFormat = (typeof DOWNLOAD_FORMATS)[number];

export interface OutputFile {
  key: string;
  contentType: string;
  bytes: number;
  /** File name with extension, e.g. lift3d-1a2b3c4d.glb */
  name: string;
}

export interface GenerationRow {
  id: string;
  user_id: string;
  kind: 'model' | 'video';
  status: 'queued' | 'processing' | 'completed' | 'failed';
  progress: number;
  stage: string;
  error: string | null;
  format: string;
  topology: string;
  cost: number;
  input_key: string;
  outputs: Record<string, OutputFile>;
  created_at: Date;
  started_at: Date | null;
  completed_at: Date | null;
  /** The uploaded image's cleaned name without extension (names the downloads); read by the file routes. */
  input_name?: string | null;
}

export const GENERATION_COLUMNS =
  'id, user_id, kind, status, progress, stage, error, format, topology, cost, input_key, outputs, created_at, started_at, completed_at';

export async function generationJson(row: GenerationRow, config: GenerationsConfig | undefined) {
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
    createdAt: new Date(row.created_at).toISOString(),
    startedAt: row.started_at ? new Date(row.started_at).toISOString() : null,
    completedAt: row.completed_at ? new Date(row.completed_at).toISOString() : null,
    files,
    thumbnailUrl: null,
    posterUrl: null,
    videoUrl: null,
    downloadUrl: null,
    ...links,
  };
}
