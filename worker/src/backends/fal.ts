/**
 * fal (docs.fal.ai, queue API): POST <base>/<model> with the model's input ({image_url}, a data URI) →
 * {request_id}; GET <base>/<app>/requests/<id>/status → {status: IN_QUEUE|IN_PROGRESS|COMPLETED,
 * queue_position}; GET <base>/<app>/requests/<id> → the model's output, whose GLB is `model_mesh.url`
 * (TRELLIS, Hunyuan3D) or `model_glb.url`; a failed run answers that request with an error status and
 * {detail}. `Authorization: Key <FAL_KEY>`. <app> is the model id's owner/name, without sub-paths.
 */
import { dataUri, requestJson, trimSlash } from './http.ts';
import { type FetchLike, type HostedBackend, ProviderError } from './types.ts';

export interface FalOptions {
  apiKey: string;
  baseUrl: string;
  /** The fal model: fal-ai/trellis, fal-ai/hunyuan3d/v2, a SAM 3D endpoint… */
  model: string;
  fetch: FetchLike;
  /** Price of one request, recorded per generation. */
  taskCost: number | null;
}

const FAL_DEFAULTS = { baseUrl: 'https://queue.fal.run', model: 'fal-ai/trellis', taskCost: null };

/** The GLB URL in a fal output, whatever the model calls its mesh field. */
function findGlbUrl(output: Record<string, unknown>): string | null {
  for (const key of ['model_mesh', 'model_glb', 'glb', 'mesh', 'model']) {
    const value = output[key];
    if (value && typeof value === 'object' && typeof (value as { url?: unknown }).url === 'string') {
      return (value as { url: string }).url;
    }
    if (typeof value === 'string' && value.startsWith('http')) return value;
  }
  return null;
}

export function createFalBackend(options: Partial<FalOptions> & Pick<FalOptions, 'apiKey'>): HostedBackend {
  const o: FalOptions = { ...FAL_DEFAULTS, fetch, ...options };
  const base = trimSlash(o.baseUrl);
  const app = o.model.split('/').slice(0, 2).join('/');
  const headers = { Authorization: `Key ${o.apiKey}` };
  const request = (path: string, signal: AbortSignal, body?: unknown) =>
    requestJson({ backend: 'fal', fetch: o.fetch, url: `${base}/${path}`, headers, body, signal });
  return {
    name: 'fal',
    async submit(job, signal) {
      const res = await request(o.model, signal, { image_url: dataUri(job.image) });
      if (typeof res.request_id !== 'string' || !res.request_id) {
        throw new ProviderError('fal', 'bad_response', 'the queue answer has no request_id');
      }
      return res.request_id;
    },
    async poll(taskId, signal) {
      const id = encodeURIComponent(taskId);
      const status = await request(`${app}/requests/${id}/status`, signal);
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
        output = await request(`${app}/requests/${id}`, signal);
      } catch (error) {
        // A completed request whose result is an error: the model run failed (not retryable).
        if (error instanceof ProviderError && error.code === 'rejected')
          return { state: 'failed', message: error.message };
        throw error;
      }
      const url = findGlbUrl(output);
      if (!url) throw new ProviderError('fal', 'bad_response', 'the result has no GLB (model_mesh.url)');
      return { state: 'succeeded', modelUrl: url, cost: o.taskCost };
    },
    downloadHeaders: () => ({}),
  };
}
