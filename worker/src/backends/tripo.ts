/**
 * Tripo (platform.tripo3d.ai, task API v2): POST /upload (multipart `file`) → {code: 0, data:
 * {image_token}}; POST /task {type: image_to_model, file: {type, file_token}} — or multiview_to_model
 * with `files` in the order front, left, back, right (an empty object for a missing view) — → {code: 0,
 * data: {task_id}}; GET /task/<id> → {code: 0, data: {status: queued|running|success|failed|cancelled|
 * banned|expired|unknown, progress 0–100, output: {pbr_model|model|base_model}}}. Errors carry {code,
 * message}. Bearer key.
 */
import { requestJson, trimSlash } from './http.ts';
import { type FetchLike, type HostedBackend, ProviderError } from './types.ts';

export interface TripoOptions {
  apiKey: string;
  baseUrl: string;
  fetch: FetchLike;
  /** Price of one task, recorded per generation. */
  taskCost: number | null;
}

const TRIPO_DEFAULTS = { baseUrl: 'https://api.tripo3d.ai/v2/openapi', taskCost: null };

interface Envelope<T> {
  code?: number;
  message?: string;
  data?: T;
}

export function createTripoBackend(
  options: Partial<TripoOptions> & Pick<TripoOptions, 'apiKey'>,
): HostedBackend {
  const o: TripoOptions = { ...TRIPO_DEFAULTS, fetch, ...options };
  const base = trimSlash(o.baseUrl);
  const headers = { Authorization: `Bearer ${o.apiKey}` };
  const call = async <T>(path: string, signal: AbortSignal, body?: unknown): Promise<T> => {
    const res = await requestJson<Envelope<T>>({
      backend: 'tripo',
      fetch: o.fetch,
      url: `${base}${path}`,
      headers,
      body,
      signal,
    });
    if (res.code !== 0 || !res.data) {
      throw new ProviderError(
        'tripo',
        'bad_response',
        `answered code ${res.code}: ${res.message ?? 'no data'}`,
      );
    }
    return res.data;
  };
  const upload = async (png: Uint8Array, signal: AbortSignal) => {
    const form = new FormData();
    form.append('file', new Blob([png as Uint8Array<ArrayBuffer>], { type: 'image/png' }), 'view.png');
    const data = await call<{ image_token?: string }>('/upload', signal, form);
    if (!data.image_token)
      throw new ProviderError('tripo', 'bad_response', 'the upload answer has no image_token');
    return { type: 'png', file_token: data.image_token };
  };
  return {
    name: 'tripo',
    async submit(job, signal) {
      const front = await upload(job.image, signal);
      const common = { face_limit: job.faces, texture: true, pbr: false };
      let body: Record<string, unknown>;
      if (Object.keys(job.views).length > 0) {
        // Tripo's order is front, left, back, right; a missing view is an empty object.
        const files: Record<string, string>[] = [front];
        for (const side of ['left', 'back', 'right'] as const) {
          const view = job.views[side];
          files.push(view ? await upload(view, signal) : {});
        }
        body = { type: 'multiview_to_model', files, ...common };
      } else body = { type: 'image_to_model', file: front, ...common };
      const data = await call<{ task_id?: string }>('/task', signal, body);
      if (!data.task_id) throw new ProviderError('tripo', 'bad_response', 'the task answer has no task_id');
      return data.task_id;
    },
    async poll(taskId, signal) {
      const task = await call<{
        status?: string;
        progress?: number;
        output?: { pbr_model?: string; model?: string; base_model?: string };
      }>(`/task/${encodeURIComponent(taskId)}`, signal);
      switch (task.status) {
        case 'queued':
        case 'running':
          return { state: 'running', progress: Math.min(1, Math.max(0, (task.progress ?? 0) / 100)) };
        case 'success': {
          const url = task.output?.pbr_model ?? task.output?.model ?? task.output?.base_model;
          if (!url)
            throw new ProviderError('tripo', 'bad_response', 'the task succeeded without a model URL');
          return { state: 'succeeded', modelUrl: url, cost: o.taskCost };
        }
        case 'failed':
        case 'cancelled':
        case 'banned':
        case 'expired':
        case 'unknown':
          return { state: 'failed', message: `the task ended ${task.status}` };
        default:
          throw new ProviderError(
            'tripo',
            'bad_response',
            `unknown task status ${JSON.stringify(task.status)}`,
          );
      }
    },
    downloadHeaders: () => ({}),
  };
}
