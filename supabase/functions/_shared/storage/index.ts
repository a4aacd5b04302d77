/**
 * @lift3d/storage: object storage shared by the api function (Deno) and the worker (Node): local disk in
 * the local stack, the S3 API everywhere else, and the one reader of their settings.
 */
import { createDiskStorage } from './disk.ts';
import { createS3Storage } from './s3.ts';
import type { Storage, StorageConfig } from './types.ts';

export { type EnvSource, readStorageConfig } from './config.ts';
export { createDiskStorage } from './disk.ts';
export { createS3Storage, type S3Storage } from './s3.ts';
export {
  checkKey,
  type PresignOptions,
  type S3Config,
  type Storage,
  type StorageConfig,
  type StoredObject,
} from './types.ts';

export function createStorage(config: StorageConfig): Storage {
  return config.kind === 's3' ? createS3Storage(config) : createDiskStorage(config.dir);
}
