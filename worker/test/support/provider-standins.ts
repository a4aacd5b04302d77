/**
 * Local stand-ins for the three generation services, on one port, each speaking its documented HTTP API
 * (authentication header, create, poll with progress, result URLs, error shapes), written from the
 * services' documentation: Meshy (standin-meshy.ts: create, get, list, `enable_pbr`, 402 and the two 429s
 * of its rate-limits page), Tripo (docs.tripo3d.ai: upload, task, {code,
 * message, suggestion} errors, 2000 concurrency, 2010 credits, a failed task's `error_code`, output URLs
 * that expire, tasks bound to the key that made them) and fal (fal.ai/docs: the queue API's
 * status_url/response_url, each model's own input schema, {detail, error_type} request errors).
 * Behaviour per test: refuse the key, limit the first creates, fail the task, never finish, serve a
 * malformed or oversized model, lose or fail a create after making its task. Every task created is
 * counted: the provider is "paid" per task. `models` rotate per task so a batch sees every kind; a task
 * that asked for PBR maps (Meshy's `enable_pbr`, Tripo's `pbr`, on by default) is served from
 * `pbrModels` when a test sets them.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { FAL_SCHEMAS } from './fal-schemas.ts';
import { meshyRoute } from './standin-meshy.ts';

export interface StandinBehaviour {
  /** 429 answers to the first N create requests since `refused` was last reset (then accepted). */
  rateLimitCreates: number;
  /** 429 "queue full" answers (Meshy's queue tasks, Tripo's 2000) to the first N creates. */
  queueFullCreates: number;
  /** How a 429 says when to come back: delay-seconds or an HTTP date. */
  retryAfter: 'seconds' | 'date';
  /** Polls that report progress before the task ends. */
  pollsUntilDone: number;
  outcome: 'succeed' | 'fail' | 'never';
  /** fal: how a failed request answers its result — a model error (422) or a request error (504). */
  falFailure: 'model' | 'request';
  model: 'glb' | 'malformed' | 'huge';
  /** Creates the task (it is paid for) but never answers the create request: the answer is lost. */
  holdCreates: boolean;
  /** Creates the task (paid for) and answers the first N creates 500 anyway. */
  failCreatesAfterPaying: number;
  /** Answers the first N creates 500 without making a task (Meshy). */
  failCreatesUnpaid: number;
  /** The account has no credits: Meshy 402, Tripo 403 with code 2010. */
  noCredits: boolean;
  /** How long a model URL works after the poll that handed it out. */
  urlTtlMs: number;
  /** The first N polls are never answered (the worker's request timeout must end them). */
  hangPolls: number;
}

export const STANDIN_DEFAULTS: StandinBehaviour = {
  rateLimitCreates: 0,
  queueFullCreates: 0,
  retryAfter: 'seconds',
  pollsUntilDone: 3,
  outcome: 'succeed',
  falFailure: 'model',
  model: 'glb',
  holdCreates: false,
  failCreatesAfterPaying: 0,
  failCreatesUnpaid: 0,
  noCredits: false,
  urlTtlMs: 3_600_000,
  hangPolls: 0,
};

interface Task {
  id: string;
  provider: 'meshy' | 'tripo' | 'fal';
  polls: number;
  images: number;
  body: Record<string, unknown>;
  /** The fal model (endpoint) or the key that created a Tripo task. */
  via: string;
  /** Which of `models` this task serves. */
  modelIndex: number;
  /** When the service made it (ms), as its task objects say. */
  createdAt: number;
  /** The create asked for PBR maps. */
  pbr: boolean;
  /** Every URL the worker fetched for this task (status, result, model). */
  fetched: string[];
}

export interface Standins {
  url: string;
  /** The key the services accept (change it to refuse a worker's key). */
  key: string;
  /** Further keys the services accept (a rotation: old and new both valid). */
  otherKeys: string[];
  behaviour: StandinBehaviour;
  /** The GLBs served, one per task in turn. */
  models: Uint8Array[];
  /** The GLBs served to tasks that asked for PBR maps, in the same turn (`models` when empty). */
  pbrModels: Uint8Array[];
  tasks: Task[];
  /** Requests answered 401, 429, and photo URLs fetched. */
  refused: { auth: number; rateLimited: number };
  fetchedImages: string[];
  stop(): Promise<void>;
}

export async function startStandins(glb: Uint8Array, key = 'test-key'): Promise<Standins> {
  const state: Standins = {
    url: '',
    key,
    otherKeys: [],
    behaviour: { ...STANDIN_DEFAULTS },
    models: [glb],
    pbrModels: [],
    tasks: [],
    refused: { auth: 0, rateLimited: 0 },
    fetchedImages: [],
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
  let created = 0;
  const newTask = (
    provider: Task['provider'],
    images: number,
    body: Record<string, unknown>,
    via = '',
    pbr = false,
  ) => {
    const task: Task = {
      id: `${provider}-${crypto.randomUUID()}`,
      provider,
      polls: 0,
      images,
      body,
      via,
      modelIndex: created++ % state.models.length,
      createdAt: Date.now(),
      pbr,
      fetched: [],
    };
    state.tasks.push(task);
    return task;
  };
  /** The answer to a create, unless the behaviour loses it or fails it after the task was made. */
  const answerCreate = (res: ServerResponse, status: number, body: unknown) => {
    if (state.behaviour.holdCreates) return;
    if (state.behaviour.failCreatesAfterPaying > 0) {
      state.behaviour.failCreatesAfterPaying--;
      return send(res, 500, { message: 'Internal server error.' });
    }
    send(res, status, body);
  };
  const find = (id: string) => state.tasks.find((t) => t.id === id);
  /** Where the task stands after one more poll. */
  const advance = (task: Task): 'running' | 'done' | 'failed' => {
    task.polls++;
    const b = state.behaviour;
    if (b.outcome === 'never' || task.polls <= b.pollsUntilDone) return 'running';
    return b.outcome === 'fail' ? 'failed' : 'done';
  };
  /** True when this poll is to be left unanswered. */
  const hang = () => {
    if (state.behaviour.hangPolls <= 0) return false;
    state.behaviour.hangPolls--;
    return true;
  };
  const progress = (task: Task) =>
    Math.min(99, Math.round((task.polls / (state.behaviour.pollsUntilDone + 1)) * 100));
  /** A signed-looking model URL that stops working `urlTtlMs` after it was handed out. */
  const modelUrl = (task: Task) =>
    `${state.url}/files/${task.id}.glb?expires=${Date.now() + state.behaviour.urlTtlMs}`;
  const limited = (res: ServerResponse, body: unknown, queueBody: unknown) => {
    const b = state.behaviour;
    const full = state.refused.rateLimited < b.queueFullCreates;
    if (!full && state.refused.rateLimited >= b.queueFullCreates + b.rateLimitCreates) return false;
    state.refused.rateLimited++;
    const after = b.retryAfter === 'date' ? new Date(Date.now() + 1000).toUTCString() : '0';
    send(res, 429, full ? queueBody : body, { 'Retry-After': after });
    return true;
  };
  const accepted = (auth: string, scheme: 'Bearer' | 'Key') =>
    [state.key, ...state.otherKeys].some((k) => auth === `${scheme} ${k}`);
  /** A photo as the services take it: a PNG data URI, or a URL they fetch (and find a PNG at). */
  const isPng = async (value: unknown) => {
    if (typeof value !== 'string') return false;
    if (value.startsWith('data:image/png;base64,iVBOR')) return true;
    if (!/^https?:\/\//.test(value)) return false;
    const res = await fetch(value).catch(() => null);
    const bytes = res?.ok ? new Uint8Array(await res.arrayBuffer()) : new Uint8Array();
    state.fetchedImages.push(value);
    return bytes[0] === 0x89 && bytes[1] === 0x50 && bytes[2] === 0x4e && bytes[3] === 0x47;
  };

  const meshy = {
    url: () => state.url,
    accepted: (auth: string) => accepted(auth, 'Bearer'),
    refuseAuth: (res: ServerResponse) => {
      state.refused.auth++;
      send(res, 401, { message: 'Invalid API key.' });
    },
    noCredits: () => state.behaviour.noCredits,
    failUnpaid: (res: ServerResponse) => {
      if (state.behaviour.failCreatesUnpaid <= 0) return false;
      state.behaviour.failCreatesUnpaid--;
      send(res, 500, { message: 'Internal server error.' });
      return true;
    },
    limited,
    readJson: async (req: IncomingMessage) => JSON.parse((await readBody(req)).toString()),
    isPng,
    newTask: (images: number, body: Record<string, unknown>, via: string, pbr: boolean) =>
      newTask('meshy', images, body, via, pbr),
    answerCreate,
    tasks: () => state.tasks,
    hang,
    advance: (t: { id: string }) => advance(find(t.id)!),
    progress: (t: { id: string }) => progress(find(t.id)!),
    modelUrl: (t: { id: string }) => modelUrl(find(t.id)!),
    send,
  };

  const server: Server = createServer(async (req, res) => {
    const url = new URL(req.url ?? '/', 'http://standin');
    const path = url.pathname;
    const auth = req.headers.authorization ?? '';
    try {
      if (req.method === 'GET' && path.startsWith('/files/')) {
        const task = find(path.slice('/files/'.length).replace(/\.glb$/, ''));
        task?.fetched.push(`${path}${url.search}`);
        if (Number(url.searchParams.get('expires')) < Date.now()) {
          return send(res, 403, { message: 'Request has expired.' });
        }
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
        const pool = task?.pbr && state.pbrModels.length ? state.pbrModels : state.models;
        const model = pool[(task?.modelIndex ?? 0) % pool.length];
        res.writeHead(200, {
          'Content-Type': 'model/gltf-binary',
          'Content-Length': String(model.byteLength),
        });
        return res.end(model);
      }

      if (await meshyRoute(meshy, req, res, url)) return;

      // ── Tripo: /v2/openapi/{upload | task[/<id>]}, Bearer, {code, data} envelopes ─────────────────────
      if (path.startsWith('/v2/openapi/')) {
        if (!accepted(auth, 'Bearer')) {
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
          if (state.behaviour.noCredits)
            return send(res, 403, {
              code: 2010,
              message: 'You have no enough credit.',
              suggestion: 'Please check billing and recharge.',
            });
          const tooMany = {
            code: 2000,
            message: 'You have exceeded the limit of generation',
            suggestion: 'Try again later. You can also check `Retry-After` header.',
          };
          if (limited(res, tooMany, tooMany)) return;
          const body = JSON.parse((await readBody(req)).toString());
          const multi = body.type === 'multiview_to_model';
          const given = async (f: Record<string, unknown> | undefined) =>
            !!f && (typeof f.file_token === 'string' || (typeof f.url === 'string' && (await isPng(f.url))));
          const files: Record<string, unknown>[] = multi && Array.isArray(body.files) ? body.files : [];
          const provided = await Promise.all(files.map((f) => (Object.keys(f).length ? given(f) : null)));
          if (
            !(body.type === 'image_to_model' && (await given(body.file))) &&
            !(multi && files.length === 4 && provided[0] && !provided.includes(false))
          ) {
            return send(res, 400, { code: 2002, message: 'Unsupported task type or missing file.' });
          }
          // `pbr` is on unless turned off, and only with a texture.
          const pbr = body.pbr !== false && body.texture !== false;
          const task = newTask('tripo', multi ? provided.filter(Boolean).length : 1, body, auth, pbr);
          return answerCreate(res, 200, { code: 0, data: { task_id: task.id } });
        }
        const id = path.match(/^\/v2\/openapi\/task\/([^/]+)$/)?.[1];
        const task = id ? find(decodeURIComponent(id)) : undefined;
        if (req.method === 'GET' && task) {
          // A task answers only to the key that created it.
          if (task.via !== auth)
            return send(res, 403, { code: 1005, message: 'You are not allowed to access this task.' });
          if (hang()) return;
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
              ...(now === 'failed' ? { error_code: 1001 } : {}),
            },
          });
        }
        return send(res, 404, { code: 2001, message: 'Task not found.' });
      }

      // ── fal: POST /<model id>; GET the returned status_url / response_url, Key ──────────────────────
      if (path.startsWith('/fal-ai/')) {
        if (!accepted(auth, 'Key')) {
          state.refused.auth++;
          return send(res, 401, { detail: 'Invalid Key authorization header.' });
        }
        const request = path.match(/^\/(fal-ai\/[^/]+)\/requests\/([^/]+)(\/status)?$/);
        if (req.method === 'GET' && request) {
          const task = find(decodeURIComponent(request[2]));
          if (!task) return send(res, 404, { detail: 'Request not found.' });
          task.fetched.push(`${path}${url.search}`);
          const urls = falUrls(state.url, request[1], task.id);
          if (request[3]) {
            if (hang()) return;
            const now = advance(task);
            return send(res, now === 'running' ? 202 : 200, {
              status: now === 'running' ? (task.polls === 1 ? 'IN_QUEUE' : 'IN_PROGRESS') : 'COMPLETED',
              queue_position: now === 'running' && task.polls === 1 ? 1 : undefined,
              response_url: urls.response_url,
            });
          }
          if (state.behaviour.outcome === 'fail') {
            if (state.behaviour.falFailure === 'request')
              return send(
                res,
                504,
                { detail: 'Request timed out', error_type: 'request_timeout' },
                { 'X-Fal-Error-Type': 'request_timeout' },
              );
            return send(res, 422, {
              detail: [
                { loc: ['body'], msg: 'Could not generate a mesh from this image.', type: 'value_error' },
              ],
            });
          }
          const model = state.models[task.modelIndex];
          return send(res, 200, {
            model_mesh: {
              url: modelUrl(task),
              content_type: 'model/gltf-binary',
              file_name: 'model.glb',
              file_size: model.byteLength,
            },
            timings: { inference: 1.5 },
          });
        }
        if (req.method === 'POST') {
          const endpoint = path.slice(1);
          const schema = FAL_SCHEMAS[endpoint];
          if (!schema) return send(res, 404, { detail: `Application '${endpoint}' not found.` });
          if (limited(res, { detail: 'Rate limit exceeded.' }, { detail: 'Rate limit exceeded.' })) return;
          const body = JSON.parse((await readBody(req)).toString());
          const problems = schema.check(body);
          const images = schema.images(body);
          const pngs = await Promise.all(images.map(isPng));
          if (problems.length === 0 && !pngs.every(Boolean))
            problems.push({
              loc: ['body', schema.imageField],
              msg: 'Could not load the image.',
              type: 'image_load_error',
            });
          if (problems.length) return send(res, 422, { detail: problems });
          const app = endpoint.split('/').slice(0, 2).join('/');
          const task = newTask('fal', images.length, body, endpoint);
          return answerCreate(res, 200, { request_id: task.id, ...falUrls(state.url, app, task.id) });
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

/**
 * The URLs fal hands out for a request. They carry a query a client could not guess, so a test can tell
 * that the worker used them rather than building its own.
 */
function falUrls(base: string, app: string, id: string) {
  const at = `${base}/${app}/requests/${id}`;
  return {
    status_url: `${at}/status?from=queue`,
    response_url: `${at}?from=queue`,
    cancel_url: `${at}/cancel?from=queue`,
  };
}
