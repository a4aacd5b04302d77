/**
 * Meshy (docs.meshy.ai): POST /openapi/v1/image-to-3d {image_url} — or /openapi/v1/multi-image-to-3d
 * {image_urls} (1–4 views) when the generation has extra views — answers {result: <task id>}; GET
 * …/<id> returns {status: PENDING|IN_PROGRESS|SUCCEEDED|FAILED|CANCELED, progress 0–100, model_urls.glb,
 * task_error.message}; GET … with page_num, page_size (≤ 50) and sort_by lists the account's tasks of
 * that kind (how a create whose answer was lost is found again). Bearer key. Images go as signed URLs
 * when the storage makes them, else as data URIs. Our task id keeps the endpoint: "image-to-3d/<id>" or
 * "multi-image-to-3d/<id>". `enable_pbr` asks for metallic, roughness and normal maps beside the base
 * colour (the GLB carries them; our exports keep them). `target_polycount` is documented as
 * 100–300,000: the admin's face count is held to that range.
 *
 * Errors are {message}. 402 is the account out of funds (no_credits). A 429 says which limit was hit
 * (docs.meshy.ai/api/rate-limits): `RateLimitExceeded`, too many requests per second, is retried after
 * Retry-After; `NoMoreConcurrentTasks`, the account's queue of running tasks is full, waits its turn
 * (queue_full).
 */
import { VIEW_NAMES } from '@lift3d/engine';
import { dataUri, REQUEST_TIMEOUT_MS, requestJson, trimSlash } from './http.ts';
import { type FetchLike, type HostedBackend, type HostedJob, ProviderError } from './types.ts';

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

/** The documented message of a 429 about the queue of running tasks rather than the request rate. */
const QUEUE_FULL = /NoMoreConcurrentTasks/;

/** The list endpoint's largest page, and how many pages back a search for a lost task looks. */
const LIST = { pageSize: 50, maxPages: 4 };

/** Meshy's own meaning of a refusal: which 429, or an account out of funds (402). */
function classify(error: unknown): unknown {
  if (!(error instanceof ProviderError)) return error;
  const detail = error.message.replace(/^meshy: /, '');
  const said = (error.options.body as { message?: unknown } | null | undefined)?.message;
  if (error.code === 'rate_limited' && typeof said === 'string' && QUEUE_FULL.test(said))
    return new ProviderError('meshy', 'queue_full', detail, error.options);
  if (error.options.status === 402)
    return new ProviderError('meshy', 'no_credits', `the account is out of funds (${detail})`, error.options);
  return error;
}

interface MeshyTask {
  id?: string;
  created_at?: number;
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
  const sidesOf = (job: HostedJob) => VIEW_NAMES.filter((v) => job.views[v]);
  const endpointOf = (job: HostedJob) => (sidesOf(job).length > 0 ? 'multi-image-to-3d' : 'image-to-3d');
  return {
    name: 'meshy',
    async submit(job, signal) {
      const sides = sidesOf(job);
      const urls = [job.imageUrls?.front, ...sides.map((v) => job.imageUrls?.[v])];
      const images = urls.every(Boolean)
        ? (urls as string[])
        : [job.image, ...sides.map((v) => job.views[v] as Uint8Array)].map(dataUri);
      const multi = sides.length > 0;
      const endpoint = endpointOf(job);
      const common = {
        ai_model: o.aiModel,
        should_texture: true,
        enable_pbr: true,
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
        throw classify(error);
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
    async listTasks(job, window, signal) {
      const endpoint = endpointOf(job);
      const found: string[] = [];
      for (let page = 1; page <= LIST.maxPages; page++) {
        const query = `page_num=${page}&page_size=${LIST.pageSize}&sort_by=-created_at`;
        const tasks = await requestJson<unknown>({
          backend: 'meshy',
          fetch: o.fetch,
          timeoutMs: o.requestTimeoutMs,
          url: `${base}/${endpoint}?${query}`,
          headers,
          signal,
        }).catch((error: unknown) => {
          throw classify(error);
        });
        if (!Array.isArray(tasks))
          throw new ProviderError('meshy', 'bad_response', 'the task list is not an array of tasks');
        for (const t of tasks as MeshyTask[]) {
          if (typeof t.id !== 'string' || typeof t.created_at !== 'number') continue;
          if (t.created_at >= window.from && t.created_at <= window.to) found.push(`${endpoint}/${t.id}`);
        }
        // Newest first: a page that reaches past the window's start, or a short page, is the last one needed.
        const oldest = (tasks as MeshyTask[]).at(-1)?.created_at;
        if (tasks.length < LIST.pageSize || (typeof oldest === 'number' && oldest < window.from)) break;
      }
      return found;
    },
  };
}
