/**
 * fal (fal.ai/docs, queue API): POST <base>/<model id> with the model's own input → {request_id,
 * status_url, response_url}; GET status_url → {status: IN_QUEUE|IN_PROGRESS|COMPLETED, queue_position};
 * GET response_url → the model's output. fal asks clients to use the URLs it returns rather than build
 * them; ours are rebuilt from the request id only for tasks stored before we kept them. A request that
 * failed answers its result with {detail, error_type} (request errors, 503/504 after fal's own retries)
 * or {detail: [{msg}]} (model errors): both end the task as failed, never as a timeout.
 * `Authorization: Key <FAL_KEY>`.
 *
 * Every model has its own documented input and output: TRELLIS takes `image_url` (and its multi endpoint
 * `image_urls`), Hunyuan3D v2 `input_image_url`; all three answer `model_mesh.url`. fal prefers URLs to
 * data URIs: the stored photo's signed URL goes when the storage makes one. These models answer a
 * base-colour texture only (no PBR maps). fal lists requests only for apps the caller owns, not for its
 * public models, so a request whose answer was lost cannot be found again: it fails (or falls back),
 * refunded once.
 */
import { dataUri, REQUEST_TIMEOUT_MS, requestJson, trimSlash } from './http.ts';
import { type FetchLike, type HostedBackend, type HostedJob, ProviderError } from './types.ts';

export interface FalOptions {
  apiKey: string;
  /** Each request's limit: no answer within it is a failure, never a hang. */
  requestTimeoutMs: number;
  baseUrl: string;
  /** One of FAL_MODELS. */
  model: string;
  fetch: FetchLike;
  /** Price of one request, recorded per generation. */
  taskCost: number | null;
}

const FAL_DEFAULTS = {
  requestTimeoutMs: REQUEST_TIMEOUT_MS,
  baseUrl: 'https://queue.fal.run',
  model: 'fal-ai/trellis',
  taskCost: null,
};

interface FalModel {
  /** The request body from the photo URLs (front first). */
  input(images: string[]): Record<string, unknown>;
  /** Takes extra views of the subject (then every view goes in `input`). */
  multi: boolean;
  /** The GLB URL in the model's output. */
  output(result: Record<string, unknown>): string | null;
  /** The same app's endpoint for several views of one subject, used when a generation has them. */
  views?: string;
}

const meshUrl = (result: Record<string, unknown>) => {
  const mesh = result.model_mesh as { url?: unknown } | undefined;
  return typeof mesh?.url === 'string' ? mesh.url : null;
};

const hunyuan: FalModel = {
  input: ([front]) => ({ input_image_url: front, textured_mesh: true }),
  multi: false,
  output: meshUrl,
};

/** The fal models this adapter speaks, each with its documented schema (FAL_MODEL picks one). */
const FAL_MODELS: Record<string, FalModel> = {
  'fal-ai/trellis': {
    input: ([front]) => ({ image_url: front }),
    multi: false,
    output: meshUrl,
    views: 'fal-ai/trellis/multi',
  },
  'fal-ai/trellis/multi': { input: (images) => ({ image_urls: images }), multi: true, output: meshUrl },
  'fal-ai/hunyuan3d/v2': hunyuan,
  'fal-ai/hunyuan3d/v2/mini': hunyuan,
  'fal-ai/hunyuan3d/v2/turbo': hunyuan,
  'fal-ai/hunyuan3d/v2/mini/turbo': hunyuan,
};

/**
 * What we store as the task id (at most 300 characters): the request and the status URL fal handed out;
 * the status answer carries the response URL.
 */
interface FalTask {
  request_id: string;
  status_url: string;
  response_url?: string;
}

export function createFalBackend(options: Partial<FalOptions> & Pick<FalOptions, 'apiKey'>): HostedBackend {
  const o: FalOptions = { ...FAL_DEFAULTS, fetch, ...options };
  const model = FAL_MODELS[o.model];
  if (!model) {
    throw new ProviderError(
      'fal',
      'not_configured',
      `FAL_MODEL ${o.model} is not one this worker speaks (${Object.keys(FAL_MODELS).join(', ')})`,
    );
  }
  const base = trimSlash(o.baseUrl);
  const app = o.model.split('/').slice(0, 2).join('/');
  const headers = { Authorization: `Key ${o.apiKey}` };
  const request = (url: string, signal: AbortSignal, body?: unknown) =>
    requestJson({
      backend: 'fal',
      fetch: o.fetch,
      timeoutMs: o.requestTimeoutMs,
      url,
      headers,
      body,
      signal,
    });
  // Our key only goes to fal's own host: a URL elsewhere is rebuilt from the request id.
  const ours = (url: unknown): url is string => typeof url === 'string' && url.startsWith(`${base}/`);
  const parseTask = (taskId: string): FalTask => {
    try {
      const t = JSON.parse(taskId) as FalTask;
      if (typeof t.request_id === 'string' && ours(t.status_url)) return t;
    } catch {
      // A bare request id, stored before the URLs were kept.
    }
    const id = encodeURIComponent(taskId);
    return {
      request_id: taskId,
      status_url: `${base}/${app}/requests/${id}/status`,
      response_url: `${base}/${app}/requests/${id}`,
    };
  };
  const images = (job: HostedJob, m: FalModel) => {
    const sides = m.multi ? (['right', 'back', 'left'] as const).filter((v) => job.views[v]) : [];
    const urls = [job.imageUrls?.front, ...sides.map((v) => job.imageUrls?.[v])];
    if (urls.every(Boolean)) return urls as string[];
    return [job.image, ...sides.map((v) => job.views[v] as Uint8Array)].map(dataUri);
  };
  return {
    name: 'fal',
    async submit(job, signal) {
      const endpoint = Object.keys(job.views).length > 0 && model.views ? model.views : o.model;
      const m = FAL_MODELS[endpoint];
      const res = await request(`${base}/${endpoint}`, signal, m.input(images(job, m)));
      if (typeof res.request_id !== 'string' || !res.request_id) {
        throw new ProviderError('fal', 'bad_response', 'the queue answer has no request_id');
      }
      const id = encodeURIComponent(res.request_id);
      const task: FalTask = {
        request_id: res.request_id,
        status_url: ours(res.status_url) ? res.status_url : `${base}/${app}/requests/${id}/status`,
      };
      return JSON.stringify(task);
    },
    async poll(taskId, signal) {
      const task = parseTask(taskId);
      const status = await request(task.status_url, signal);
      if (status.status === 'IN_QUEUE') return { state: 'running', progress: 0.02 };
      if (status.status === 'IN_PROGRESS') return { state: 'running', progress: 0.3 };
      if (status.status !== 'COMPLETED') {
        throw new ProviderError(
          'fal',
          'bad_response',
          `unknown request status ${JSON.stringify(status.status)}`,
        );
      }
      let output: Record<string, unknown>;
      try {
        const responseUrl = ours(status.response_url)
          ? status.response_url
          : (task.response_url ?? task.status_url.replace(/\/status(?=\?|$)/, ''));
        output = await request(responseUrl, signal);
      } catch (error) {
        // A completed request whose result is an error: the run failed (fal already retried it).
        if (error instanceof ProviderError && failedRun(error))
          return { state: 'failed', message: error.message.replace(/^fal: /, '') };
        throw error;
      }
      const url = model.output(output);
      if (!url) throw new ProviderError('fal', 'bad_response', 'the result has no GLB (model_mesh.url)');
      return { state: 'succeeded', modelUrl: url, cost: o.taskCost };
    },
    downloadHeaders: () => ({}),
  };
}

/** A result answered with fal's error body ({detail} and, for request errors, {error_type}). */
function failedRun(error: ProviderError): boolean {
  const body = error.options.body as { detail?: unknown; error_type?: unknown } | null | undefined;
  if (error.code === 'rejected') return true;
  return (
    error.code === 'unavailable' && !!body && (body.error_type !== undefined || body.detail !== undefined)
  );
}
