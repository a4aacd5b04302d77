/**
 * Storage shared by the api function (Deno) and the worker (Node): local disk in the local stack, the S3
 * API everywhere else. Dependency-free (node:fs, fetch, WebCrypto) so both runtimes load it as is.
 */
import { createDiskStorage } from './disk.ts';
import { createS3Storage } from './s3.ts';
import type { Storage, StorageConfig } from './types.ts';

export { createDiskStorage } from './disk.ts';
export { createS3Storage } from './s3.ts';
export { checkKey, type Storage, type StorageConfig, type StoredObject } from './types.ts';

export function createStorage(config: StorageConfig): Storage {
  return config.kind === 's3' ? createS3Storage(config) : createDiskStorage(config.dir);
}
