/**
 * The generation as the API shows it (DESIGN §6), with signed links to its files.
 * Links are relative to the API root (config.json's apiUrl): `${apiUrl}${thumbnailUrl}`.
 */
import {
  DOWNLOAD_FORMATS,
  type Generation,
  type GenerationKind,
  type GenerationStatus,
  type ModelFormat,
  type Tables,
  type Topology,
} from '@lift3d/contract';
import type { GenerationsConfig } from '../core/config.ts';
import type { Tx } from '../core/db.ts';
import { signGeneration } from './signed-urls.ts';

export interface OutputFile {
  key: string;
  contentType: string;
  bytes: number;
  /** File name with extension, e.g. lift3d-1a2b3c4d.glb */
  name: string;
}

/**
 * The columns GENERATION_COLUMNS reads, typed from the generated database types; the text columns the
 * table's check constraints limit are narrowed to the contract's enums, `outputs` to its known shape.
 */
export type GenerationRow = Pick<
  Tables<'generations'>,
  | 'id'
  | 'user_id'
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
  kind: GenerationKind;
  status: GenerationStatus;
  format: ModelFormat;
  topology: Topology;
  outputs: Record<string, OutputFile>;
  /** The uploaded image's cleaned name without extension (names the downloads); read by the file routes. */
  input_name?: string | null;
};

export const GENERATION_COLUMNS =
  'id, user_id, kind, status, progress, stage, error, format, topology, cost, input_key, outputs, warnings, created_at, started_at, completed_at';

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
    thumbnailUrl: null,
    posterUrl: null,
    videoUrl: null,
    downloadUrl: null,
    ...links,
  };
}

/** The extra views (right, back, left) of each generation the caller may read. */
export async function viewsOf(tx: Tx, ids: string[]): Promise<Map<string, string[]>> {
  const out = new Map<string, string[]>();
  if (!ids.length) return out;
  const rows = await tx`select generation_id, view from public.generation_views
                         where generation_id = any(${ids}::uuid[]) order by generation_id, view`;
  for (const r of rows) out.set(r.generation_id, [...(out.get(r.generation_id) ?? []), r.view]);
  return out;
}
