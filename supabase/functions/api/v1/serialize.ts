/** A generation as /api/v1 shows it: snake_case, and absolute signed links to every file when completed. */

import { DOWNLOAD_FORMATS, type DownloadFormat, type ViewName } from '@lift3d/contract';
import type { V1Generation } from '@lift3d/contract/v1';
import type { GenerationsConfig } from '../core/config.ts';
import { type GenerationRow, videoOf } from '../generations/rows.ts';
import { signGeneration } from '../generations/signed-urls.ts';

const iso = (value: Date | string | null) => (value ? new Date(value).toISOString() : null);

export async function v1Generation(
  row: GenerationRow,
  views: readonly ViewName[],
  apiRoot: string,
  config: GenerationsConfig | undefined,
): Promise<V1Generation> {
  const downloads: Partial<Record<DownloadFormat, string>> = {};
  let expiresAt: string | null = null;
  if (config?.urlSecret && row.status === 'completed') {
    const expires = Math.floor(Date.now() / 1000) + config.urlTtlSeconds;
    const signature = await signGeneration(config.urlSecret, row.id, expires);
    for (const format of DOWNLOAD_FORMATS) {
      if (!row.outputs?.[format]) continue;
      downloads[format] =
        `${apiRoot}/generations/${row.id}/download?format=${format}&expires=${expires}&signature=${signature}`;
    }
    expiresAt = new Date(expires * 1000).toISOString();
  }
  return {
    id: row.id,
    status: row.status,
    progress: Number(row.progress),
    stage: row.stage,
    error: row.error,
    format: row.format,
    topology: row.topology,
    video: row.kind === 'video',
    turntable: videoOf(row),
    views: [...views],
    cost: row.cost,
    created_at: new Date(row.created_at).toISOString(),
    started_at: iso(row.started_at),
    completed_at: iso(row.completed_at),
    downloads,
    links_expire_at: expiresAt,
  };
}
