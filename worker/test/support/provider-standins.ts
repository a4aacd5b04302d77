/**
 * Local stand-ins for the three generation services, on one port, each speaking its documented HTTP API
 * (authentication header, create, poll with progress, result URLs, error shapes) and serving one known
 * GLB. Behaviour per test: refuse the key, rate-limit the first requests, fail the task, never finish,
 * serve a malformed or oversized model. Every task created is counted: the provider is "paid" per task.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface StandinBehaviour {
  /** 429 answers to the first N create requests since `refused` was last reset (then accepted). */
  rateLimitCreates: number;
  /** Polls that report progress before the task ends. */
  pollsUntilDone: number;
  outcome: 'succeed' | 'fail' | 'never';
  model: 'glb' | 'malformed' | 'huge';
  /** Creates the task (it is paid for) but never answers the create request: the answer is lost. */
  holdCreates: boolean;
}

export const STANDIN_DEFAULTS: StandinBehaviour = {
  rateLimitCreates: 0,
  pollsUntilDone: 3,
  outcome: 'succeed',
  model: 'glb',
  holdCreates: false,
};

interface Task {
  id: string;
  provider: 'meshy' | 'tripo' | 'fal';
  polls: number;
  images: number;
  body: Record<string, unknown>;
}

export interface Standins {
  url: string;
  /** The key the services accept (change it to refuse a worker's key). */
  key: string;
  behaviour: StandinBehaviour;
  tasks: Task[];
  /** Requests answered 401, 429. */
  refused: { auth: number; rateLimited: number };
  stop(): Promise<void>;
}

export async function startStandins(glb: Uint8Array, key = 'test-key'): Promise<Standins> {
  const state: Standins = {
    url: '',
    key,
    behaviour: { ...STANDIN_DEFAULTS },
    tasks: [],
    refused: { auth: 0, rateLimited: 0 },
    stop: async () => {},
  };
  const send = (res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) => {
    res.writeHead(status, { 'Content-Type': 'application/json', ...headers });
    res.end(JSON.stringify(body));
  };
  const readBody = async (req: IncomingMessage) => {
    const chunks: Buffer[] = [];
    for await (const c of req) chunks.push(c as Buffer);
    return Buffer.concat(chunks);
  };
  const newTask = (provider: Task['provider'], images: number, body: Record<string, unknown>) => {
    const task = { id: `${provider}-${crypto.randomUUID()}`, provider, polls: 0, images, body };
    state.tasks.push(task);
    return task;
  };
  /** The answer to a create request, unless the behaviour loses it (the connection stays open, unanswered). */
  const created = (res: ServerResponse, status: number, body: unknown) => {
    if (!state.behaviour.holdCreates) send(res, status, body);
  };
  const find = (id: string) => state.tasks.find((t) => t.id === id);
  /** Where the task stands after one more poll. */
  const advance = (task: Task): 'running' | 'done' | 'failed' => {
    task.polls++;
    const b = state.behaviour;
    if (b.outcome === 'never' || task.polls <= b.pollsUntilDone) return 'running';
    return b.outcome === 'fail' ? 'failed' : 'done';
  };
  const progress = (task: Task) =>
    Math.min(99, Math.round((task.polls / (state.behaviour.pollsUntilDone + 1)) * 100));
  const modelUrl = (task: Task) => `${state.url}/files/${task.id}.glb`;
  const limited = () => {
    if (state.refused.rateLimited < state.behaviour.rateLimitCreates) {
      state.refused.rateLimited++;
      return true;
    }
    return false;
  };
  const isPng = (uri: unknown) => typeof uri === 'string' && uri.startsWith('data:image/png;base64,iVBOR');

  const server: Server = createServer(async (req, res) => {
    const url = new URL(req.url ?? '/', 'http://standin');
    const path = url.pathname;
    const auth = req.headers.authorization ?? '';
    try {
      if (req.method === 'GET' && path.startsWith('/files/')) {
        const kind = state.behaviour.model;
        if (kind === 'malformed') {
          res.writeHead(200, { 'Content-Type': 'model/gltf-binary' });
          return res.end(Buffer.from('glTF this is not a model at all'));
        }
        if (kind === 'huge') {
          // No Content-Length: the limit must hold while streaming.
          res.writeHead(200, { 'Content-Type': 'model/gltf-binary' });
          const chunk = Buffer.alloc(256 * 1024, 7);
          for (let i = 0; i < 40 && !res.destroyed; i++) res.write(chunk);
          return res.end();
        }
        res.writeHead(200, { 'Content-Type': 'model/gltf-binary', 'Content-Length': String(glb.byteLength) });
        return res.end(glb);
      }

      // ── Meshy: /openapi/v1/{image-to-3d | multi-image-to-3d}[/<id>], Bearer ─────────────────────────
      const meshy = path.match(/^\/openapi\/v1\/(image-to-3d|multi-image-to-3d)(?:\/([^/]+))?$/);
      if (meshy) {
        if (auth !== `Bearer ${state.key}`) {
          state.refused.auth++;
          return send(res, 401, { message: 'Invalid API key.' });
        }
        if (req.method === 'POST' && !meshy[2]) {
          if (limited())
            return send(
              res,
              429,
              { message: 'Too many requests. Please slow down.' },
              { 'Retry-After': '0' },
            );
          const body = JSON.parse((await readBody(req)).toString());
          const images = meshy[1] === 'image-to-3d' ? [body.image_url] : body.image_urls;
          if (!Array.isArray(images) || images.length < 1 || images.length > 4 || !images.every(isPng)) {
            return send(res, 400, { message: 'Invalid image_url: provide a PNG or JPEG URL or data URI.' });
          }
          const task = newTask('meshy', images.length, body);
          return created(res, 202, { result: task.id });
        }
        const task = meshy[2] ? find(meshy[2]) : undefined;
        if (req.method === 'GET' && task) {
          const now = advance(task);
          const common = { id: task.id, created_at: Date.now(), texture_urls: [] };
          if (now === 'running')
            return send(res, 200, {
              ...common,
              status: 'IN_PROGRESS',
              progress: progress(task),
              model_urls: {},
            });
          if (now === 'failed') {
            return send(res, 200, {
              ...common,
              status: 'FAILED',
              progress: 0,
              model_urls: {},
              task_error: { message: 'The server is busy.' },
            });
          }
          return send(res, 200, {
            ...common,
            status: 'SUCCEEDED',
            progress: 100,
            model_urls: { glb: modelUrl(task), fbx: `${state.url}/files/${task.id}.fbx` },
          });
        }
        return send(res, 404, { message: 'Task not found.' });
      }

      // ── Tripo: /v2/openapi/{upload | task[/<id>]}, Bearer, {code, data} envelopes ─────────────────────
      if (path.startsWith('/v2/openapi/')) {
        if (auth !== `Bearer ${state.key}`) {
          state.refused.auth++;
          return send(res, 401, {
            code: 1002,
            message: 'Authentication failed.',
            suggestion: 'Check the API key.',
          });
        }
        if (req.method === 'POST' && path === '/v2/openapi/upload') {
          const form = await new Response(await readBody(req), {
            headers: { 'content-type': String(req.headers['content-type']) },
          }).formData();
          const file = form.get('file');
          if (!(file instanceof Blob) || file.size === 0)
            return send(res, 400, { code: 2003, message: 'The file is empty.' });
          return send(res, 200, { code: 0, data: { image_token: crypto.randomUUID() } });
        }
        if (req.method === 'POST' && path === '/v2/openapi/task') {
          if (limited())
            return send(res, 429, { code: 2000, message: 'You have exceeded the limit of generation.' });
          const body = JSON.parse((await readBody(req)).toString());
          const multi = body.type === 'multiview_to_model';
          if (
            !(body.type === 'image_to_model' && body.file?.file_token) &&
            !(multi && Array.isArray(body.files) && body.files.length === 4)
          ) {
            return send(res, 400, { code: 2002, message: 'Unsupported task type or missing file.' });
          }
          const task = newTask(
            'tripo',
            multi ? body.files.filter((f: object) => Object.keys(f).length).length : 1,
            body,
          );
          return created(res, 200, { code: 0, data: { task_id: task.id } });
        }
        const id = path.match(/^\/v2\/openapi\/task\/([^/]+)$/)?.[1];
        const task = id ? find(decodeURIComponent(id)) : undefined;
        if (req.method === 'GET' && task) {
          const now = advance(task);
          const status = now === 'running' ? 'running' : now === 'failed' ? 'failed' : 'success';
          return send(res, 200, {
            code: 0,
            data: {
              task_id: task.id,
              type: task.body.type,
              status,
              progress: now === 'done' ? 100 : progress(task),
              output:
                now === 'done'
                  ? { pbr_model: modelUrl(task), rendered_image: `${state.url}/files/${task.id}.webp` }
                  : {},
            },
          });
        }
        return send(res, 404, { code: 2001, message: 'Task not found.' });
      }

      // ── fal: /<owner>/<app>[/<path>] submit, /<owner>/<app>/requests/<id>[/status], Key ──────────────
      if (path.startsWith('/fal-ai/')) {
        if (auth !== `Key ${state.key}`) {
          state.refused.auth++;
          return send(res, 401, { detail: 'Invalid Key authorization header.' });
        }
        const request = path.match(/^\/(fal-ai\/[^/]+)\/requests\/([^/]+)(\/status)?$/);
        if (req.method === 'GET' && request) {
          const task = find(decodeURIComponent(request[2]));
          if (!task) return send(res, 404, { detail: 'Request not found.' });
          if (request[3]) {
            const now = advance(task);
            return send(res, 200, {
              status: now === 'running' ? (task.polls === 1 ? 'IN_QUEUE' : 'IN_PROGRESS') : 'COMPLETED',
              queue_position: now === 'running' && task.polls === 1 ? 1 : undefined,
              response_url: `${state.url}/${request[1]}/requests/${task.id}`,
            });
          }
          if (state.behaviour.outcome === 'fail')
            return send(res, 422, { detail: [{ msg: 'Could not generate a mesh from this image.' }] });
          return send(res, 200, {
            model_mesh: {
              url: modelUrl(task),
              content_type: 'model/gltf-binary',
              file_name: 'model.glb',
              file_size: glb.byteLength,
            },
            timings: { inference: 1.5 },
          });
        }
        if (req.method === 'POST') {
          if (limited()) return send(res, 429, { detail: 'Rate limit exceeded.' });
          const body = JSON.parse((await readBody(req)).toString());
          if (!isPng(body.image_url))
            return send(res, 422, { detail: [{ loc: ['body', 'image_url'], msg: 'field required' }] });
          const app = path.split('/').slice(1, 3).join('/');
          const task = newTask('fal', 1, body);
          return created(res, 200, {
            request_id: task.id,
            response_url: `${state.url}/${app}/requests/${task.id}`,
            status_url: `${state.url}/${app}/requests/${task.id}/status`,
            cancel_url: `${state.url}/${app}/requests/${task.id}/cancel`,
          });
        }
      }
      send(res, 404, { message: 'Not found.' });
    } catch (error) {
      send(res, 500, { message: (error as Error).message });
    }
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  state.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  state.stop = () =>
    new Promise<void>((done) => {
      server.closeAllConnections();
      server.close(() => done());
    });
  return state;
}
