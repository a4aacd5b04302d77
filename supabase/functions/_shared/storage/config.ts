/**
 * The one reader of the storage settings, for the api function and the worker alike, so both always
 * agree on where files live:
 * - STORAGE=s3: the S3 API (S3_BUCKET lift3d, S3_REGION us-east-1, S3_ENDPOINT AWS, S3_ACCESS_KEY_ID,
 *   S3_SECRET_ACCESS_KEY, S3_FORCE_PATH_STYLE on unless 0).
 * - otherwise a folder: STORAGE_DIR, else `<DATA_DIR>/storage` (DATA_DIR from the environment, else the
 *   caller's default data folder); null when there is neither (the api then answers 503 on file routes).
 */
import { join, resolve } from 'node:path';
import type { StorageConfig } from './types.ts';

/** Deno.env or process.env. */
export type EnvSource = { get(name: string): string | undefined } | Record<string, string | undefined>;

function reader(env: EnvSource): (name: string) => string | undefined {
  if (typeof (env as { get?: unknown }).get === 'function') {
    const source = env as { get(name: string): string | undefined };
    return (name) => source.get(name) || undefined;
  }
  return (name) => (env as Record<string, string | undefined>)[name] || undefined;
}

export function readStorageConfig(env: EnvSource, defaults: { dataDir?: string } = {}): StorageConfig | null {
  const get = reader(env);
  const kind = get('STORAGE') ?? 'disk';
  if (kind === 's3') {
    return {
      kind: 's3',
      bucket: get('S3_BUCKET') ?? 'lift3d',
      region: get('S3_REGION') ?? 'us-east-1',
      endpoint: get('S3_ENDPOINT') ?? null,
      accessKeyId: get('S3_ACCESS_KEY_ID') ?? null,
      secretAccessKey: get('S3_SECRET_ACCESS_KEY') ?? null,
      forcePathStyle: get('S3_FORCE_PATH_STYLE') !== '0',
    };
  }
  if (kind !== 'disk') throw new Error(`storage: STORAGE must be disk or s3, not '${kind}'`);
  const dataDir = get('DATA_DIR') ?? defaults.dataDir;
  const dir = get('STORAGE_DIR') ?? (dataDir ? join(dataDir, 'storage') : null);
  return dir ? { kind: 'disk', dir: resolve(dir) } : null;
}
