/**
 * Tripo (platform.tripo3d.ai, task API v2): POST /upload (multipart `file`) → {code: 0, data:
 * {image_token}}; POST /task {type: image_to_model, file: {type, file_token}} — or multiview_to_model
 * with `files` in the order front, left, back, right (an empty object for a missing view) — → {code: 0,
 * data: {task_id}}; GET /task/<id> → {code: 0, data: {status: queued|running|success|failed|cancelled|
 * banned|expired|unknown, progress 0–100, output: {pbr_model|model|base_model}, error_code}}. Errors
 * carry {code, message, suggestion}: 2000 (429) is the account's concurrency limit, waited out like a
 * full queue; 2010 (403) means the account has run out of credits. Bearer key. Photos go as `url` when
 * the storage signs one, else uploaded first. A task answers only to the key that created it, so after a
 * key rotation the previous keys (TRIPO_PREVIOUS_API_KEYS) still poll the tasks they started. Output
 * URLs expire after five minutes: the runner polls again for fresh ones. Tripo documents no list of an
 * account's tasks, so a create whose answer was lost cannot be found again: it fails (or falls back),
 * refunded once.
 */
import { REQUEST_TIMEOUT_MS, requestJson, trimSlash } from './http.ts';
import { type FetchLike, type HostedBackend, ProviderError } from './types.ts';

export interface TripoOptions {
  apiKey: string;
  /** Each request's limit: no answer within it is a failure, never a hang. */
  requestTimeoutMs: number;
  /** Keys this worker used before a rotation: polled with when the current key does not know a task. */
  previousKeys: string[];
  baseUrl: string;
  fetch: FetchLike;
  /** Price of one task, recorded per generation. */
  taskCost: number | null;
}

const TRIPO_DEFAULTS = {
  requestTimeoutMs: REQUEST_TIMEOUT_MS,
  baseUrl: 'https://api.tripo3d.ai/v2/openapi',
  taskCost: null,
  previousKeys: [] as string[],
};

/** Tripo's own error codes that change what the runner does. */
function classify(error: unknown): unknown {
  if (!(error instanceof ProviderError)) return error;
  const code = (error.options.body as { code?: unknown } | undefined)?.code;
  const detail = error.message.replace(/^tripo: /, '');
  if (code === 2000) return new ProviderError('tripo', 'queue_full', detail, error.options);
  if (code === 2010)
    return new ProviderError('tripo', 'no_credits', `the account needs credits (${detail})`, error.options);
  return error;
}

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
  const call = async <T>(path: string, signal: AbortSignal, body?: unknown, key = o.apiKey): Promise<T> => {
    const res = await requestJson<Envelope<T>>({
      backend: 'tripo',
      fetch: o.fetch,
      timeoutMs: o.requestTimeoutMs,
      url: `${base}${path}`,
      headers: { Authorization: `Bearer ${key}` },
      body,
      signal,
    }).catch((error: unknown) => {
      throw classify(error);
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
      const file = (png: Uint8Array, url: string | undefined) =>
        url ? Promise.resolve({ type: 'png', url }) : upload(png, signal);
      const front = await file(job.image, job.imageUrls?.front);
      // PBR maps (metallic, roughness, normal) beside the base colour: `pbr_model` carries them and our
      // GLB, glTF and USDZ keep them.
      const common = { face_limit: job.faces, texture: true, pbr: true };
      let body: Record<string, unknown>;
      if (Object.keys(job.views).length > 0) {
        // Tripo's order is front, left, back, right; a missing view is an empty object.
        const files: Record<string, string>[] = [front];
        for (const side of ['left', 'back', 'right'] as const) {
          const view = job.views[side];
          files.push(view ? await file(view, job.imageUrls?.[side]) : {});
        }
        body = { type: 'multiview_to_model', files, ...common };
      } else body = { type: 'image_to_model', file: front, ...common };
      const data = await call<{ task_id?: string }>('/task', signal, body);
      if (!data.task_id) throw new ProviderError('tripo', 'bad_response', 'the task answer has no task_id');
      return data.task_id;
    },
    async poll(taskId, signal) {
      type Task = {
        status?: string;
        progress?: number;
        output?: { pbr_model?: string; model?: string; base_model?: string };
        error_code?: number;
        error_msg?: string;
      };
      const path = `/task/${encodeURIComponent(taskId)}`;
      let task: Task | null = null;
      for (const [i, key] of [o.apiKey, ...o.previousKeys].entries()) {
        try {
          task = await call<Task>(path, signal, undefined, key);
          break;
        } catch (error) {
          // Another key's task is unknown to this one (or the old key is revoked): try the next key.
          const unknown =
            error instanceof ProviderError &&
            (error.code === 'auth' || (error.code === 'rejected' && error.options.status === 404));
          if (!unknown || i === o.previousKeys.length) throw error;
        }
      }
      if (!task) throw new ProviderError('tripo', 'bad_response', 'no key could read the task');
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
          return {
            state: 'failed',
            message: [
              `the task ended ${task.status}`,
              task.error_code !== undefined ? `error_code ${task.error_code}` : '',
              task.error_msg ?? '',
            ]
              .filter(Boolean)
              .join(': '),
          };
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
