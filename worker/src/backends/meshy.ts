/**
 * Meshy (docs.meshy.ai): POST /openapi/v1/image-to-3d {image_url} — or /openapi/v1/multi-image-to-3d
 * {image_urls} (1–4 views) when the generation has extra views — answers {result: <task id>}; GET
 * …/<id> returns {status: PENDING|IN_PROGRESS|SUCCEEDED|FAILED|CANCELED, progress 0–100, model_urls.glb,
 * task_error.message}. Bearer key. Images go as signed URLs when the storage makes them, else as data
 * URIs. Our task id keeps the endpoint: "image-to-3d/<id>" or "multi-image-to-3d/<id>".
 * `target_polycount` is documented as 100–300,000: the admin's face count is held to that range. A 429
 * is either the request rate (retried after Retry-After) or the account's queue of tasks being full
 * (docs.meshy.ai/api/rate-limits, "Queue Tasks"): that one waits its turn (queue_full).
 */
import { VIEW_NAMES } from '@lift3d/engine';
import { dataUri, REQUEST_TIMEOUT_MS, requestJson, trimSlash } from './http.ts';
import { type FetchLike, type HostedBackend, ProviderError } from './types.ts';

export interface MeshyOptions {
  apiKey: string;
  /** Each request's limit: no answer within it is a failure, never a hang. */
  requestTimeoutMs: number;
  baseUrl: string;
  fetch: FetchLike;
  aiModel: string;
  /** Price of one task in the operator's accounting unit, recorded per generation (Meshy does not report it). */
  taskCost: number | null;
}

const MESHY_DEFAULTS = {
  requestTimeoutMs: REQUEST_TIMEOUT_MS,
  baseUrl: 'https://api.meshy.ai',
  aiModel: 'latest',
  taskCost: null,
};

/** Meshy's documented range of `target_polycount`. */
const MESHY_POLYCOUNT = { min: 100, max: 300_000 };

/** A 429 about the queue of running tasks rather than the request rate. */
const QUEUE_FULL = /queue|concurren|pending task|too many tasks/i;

interface MeshyTask {
  status?: string;
  progress?: number;
  model_urls?: { glb?: string };
  task_error?: { message?: string };
}

export function createMeshyBackend(
  options: Partial<MeshyOptions> & Pick<MeshyOptions, 'apiKey'>,
): HostedBackend {
  const o: MeshyOptions = { ...MESHY_DEFAULTS, fetch, ...options };
  const base = `${trimSlash(o.baseUrl)}/openapi/v1`;
  const headers = { Authorization: `Bearer ${o.apiKey}` };
  return {
    name: 'meshy',
    async submit(job, signal) {
      const sides = VIEW_NAMES.filter((v) => job.views[v]);
      const urls = [job.imageUrls?.front, ...sides.map((v) => job.imageUrls?.[v])];
      const images = urls.every(Boolean)
        ? (urls as string[])
        : [job.image, ...sides.map((v) => job.views[v] as Uint8Array)].map(dataUri);
      const multi = sides.length > 0;
      const endpoint = multi ? 'multi-image-to-3d' : 'image-to-3d';
      const common = {
        ai_model: o.aiModel,
        should_texture: true,
        should_remesh: true,
        topology: 'triangle',
        target_polycount: Math.min(MESHY_POLYCOUNT.max, Math.max(MESHY_POLYCOUNT.min, Math.round(job.faces))),
      };
      const body = multi ? { ...common, image_urls: images } : { ...common, image_url: images[0] };
      const res = await requestJson<{ result?: unknown }>({
        backend: 'meshy',
        fetch: o.fetch,
        timeoutMs: o.requestTimeoutMs,
        url: `${base}/${endpoint}`,
        headers,
        body,
        signal,
      }).catch((error: unknown) => {
        if (error instanceof ProviderError && error.code === 'rate_limited' && QUEUE_FULL.test(error.message))
          throw new ProviderError(
            'meshy',
            'queue_full',
            error.message.replace(/^meshy: /, ''),
            error.options,
          );
        throw error;
      });
      if (typeof res.result !== 'string' || !res.result) {
        throw new ProviderError('meshy', 'bad_response', 'the create-task answer has no task id (result)');
      }
      return `${endpoint}/${res.result}`;
    },
    async poll(taskId, signal) {
      const task = await requestJson<MeshyTask>({
        backend: 'meshy',
        fetch: o.fetch,
        timeoutMs: o.requestTimeoutMs,
        url: `${base}/${taskId}`,
        headers,
        signal,
      });
      switch (task.status) {
        case 'PENDING':
        case 'IN_PROGRESS':
          return { state: 'running', progress: Math.min(1, Math.max(0, (task.progress ?? 0) / 100)) };
        case 'SUCCEEDED': {
          const url = task.model_urls?.glb;
          if (!url)
            throw new ProviderError(
              'meshy',
              'bad_response',
              'the task succeeded without a GLB (model_urls.glb)',
            );
          return { state: 'succeeded', modelUrl: url, cost: o.taskCost };
        }
        case 'FAILED':
        case 'CANCELED':
          return { state: 'failed', message: task.task_error?.message || `the task ended ${task.status}` };
        default:
          throw new ProviderError(
            'meshy',
            'bad_response',
            `unknown task status ${JSON.stringify(task.status)}`,
          );
      }
    },
    downloadHeaders: () => ({}),
  };
}
