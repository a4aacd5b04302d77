/**
 * The backends this worker can run, from its configuration: `builtin` always (our engine), each hosted
 * one when its key is set. Keys and base URLs come from the worker's environment only.
 */
import { createFalBackend } from './fal.ts';
import { createMeshyBackend } from './meshy.ts';
import type { HostedRunOptions } from './run-hosted.ts';
import { createTripoBackend } from './tripo.ts';
import {
  type BackendName,
  type FetchLike,
  type HostedBackend,
  type HostedBackendName,
  isBackendName,
  ProviderError,
} from './types.ts';

export interface BackendsConfig {
  /** GENERATION_BACKEND: what runs a generation for which no admin chose a backend. */
  defaultBackend: BackendName;
  meshy: { apiKey: string; baseUrl?: string; taskCost: number | null } | null;
  tripo: { apiKey: string; previousKeys: string[]; baseUrl?: string; taskCost: number | null } | null;
  fal: { apiKey: string; baseUrl?: string; model?: string; taskCost: number | null } | null;
  run: Partial<Omit<HostedRunOptions, 'fetch' | 'sleep' | 'now'>>;
}

const numberOrNull = (value: string | undefined) =>
  value && Number.isFinite(Number(value)) ? Number(value) : null;

export function loadBackendsConfig(env: NodeJS.ProcessEnv): BackendsConfig {
  const chosen = env.GENERATION_BACKEND || 'builtin';
  if (!isBackendName(chosen)) {
    throw new Error(`worker: GENERATION_BACKEND must be builtin, meshy, tripo or fal, not "${chosen}"`);
  }
  const run: BackendsConfig['run'] = {};
  if (env.GENERATION_POLL_MS) run.pollIntervalMs = Math.max(50, Number(env.GENERATION_POLL_MS));
  if (env.GENERATION_DEADLINE_SECONDS)
    run.deadlineMs = Math.max(1, Number(env.GENERATION_DEADLINE_SECONDS)) * 1000;
  if (env.GENERATION_BACKOFF_MS) run.backoffBaseMs = Math.max(10, Number(env.GENERATION_BACKOFF_MS));
  if (env.GENERATION_QUEUE_WAIT_MS) run.queueWaitMs = Math.max(10, Number(env.GENERATION_QUEUE_WAIT_MS));
  if (env.GENERATION_MAX_MODEL_MB)
    run.maxModelBytes = Math.max(1, Number(env.GENERATION_MAX_MODEL_MB)) * 1048576;
  return {
    defaultBackend: chosen,
    meshy: env.MESHY_API_KEY
      ? {
          apiKey: env.MESHY_API_KEY,
          baseUrl: env.MESHY_API_BASE || undefined,
          taskCost: numberOrNull(env.MESHY_TASK_COST),
        }
      : null,
    tripo: env.TRIPO_API_KEY
      ? {
          apiKey: env.TRIPO_API_KEY,
          // After a key rotation the old keys still poll the tasks they started (comma-separated).
          previousKeys: (env.TRIPO_PREVIOUS_API_KEYS ?? '')
            .split(',')
            .map((k) => k.trim())
            .filter(Boolean),
          baseUrl: env.TRIPO_API_BASE || undefined,
          taskCost: numberOrNull(env.TRIPO_TASK_COST),
        }
      : null,
    fal: env.FAL_KEY
      ? {
          apiKey: env.FAL_KEY,
          baseUrl: env.FAL_API_BASE || undefined,
          model: env.FAL_MODEL || undefined,
          taskCost: numberOrNull(env.FAL_TASK_COST),
        }
      : null,
    run,
  };
}

export interface Backends {
  defaultBackend: BackendName;
  /** The hosted backend of that name; throws ProviderError not_configured when its key is missing. */
  hosted(name: HostedBackendName): HostedBackend;
  /** For the start-up line: which hosted backends have keys. */
  configured: HostedBackendName[];
}

export function createBackends(config: BackendsConfig, fetchFn: FetchLike = fetch): Backends {
  const made: Partial<Record<HostedBackendName, HostedBackend>> = {};
  const strip = <T extends { baseUrl?: string }>(c: T) => {
    const { baseUrl, ...rest } = c;
    return baseUrl ? { ...rest, baseUrl } : rest;
  };
  if (config.meshy) made.meshy = createMeshyBackend({ ...strip(config.meshy), fetch: fetchFn });
  if (config.tripo) made.tripo = createTripoBackend({ ...strip(config.tripo), fetch: fetchFn });
  if (config.fal) {
    const { model, ...rest } = config.fal;
    made.fal = createFalBackend({ ...strip(rest), ...(model ? { model } : {}), fetch: fetchFn });
  }
  return {
    defaultBackend: config.defaultBackend,
    hosted(name) {
      const backend = made[name];
      if (!backend) {
        throw new ProviderError(name, 'not_configured', `no API key is set for ${name} on this worker`);
      }
      return backend;
    },
    configured: Object.keys(made) as HostedBackendName[],
  };
}

export type { HostedBackend } from './types.ts';
export { isBackendName, ProviderError } from './types.ts';
