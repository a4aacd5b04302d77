/**
 * The app's dependencies made from its configuration, once per process: the database pool, the token
 * verifier and the storage (every route shares the one storage client). Tests build theirs the same way.
 */
import { createStorage } from '@lift3d/storage';
import { createVerifier } from './auth.ts';
import type { ApiConfig } from './config.ts';
import { createDb } from './db.ts';
import type { AppDeps } from './deps.ts';

export function buildDeps(config: ApiConfig): AppDeps {
  const storageConfig = config.generations?.storage;
  return {
    config,
    db: createDb(config),
    verify: createVerifier(config),
    storage: storageConfig ? createStorage(storageConfig) : null,
  };
}
