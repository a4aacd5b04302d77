/**
 * The Meshy stand-in's routes, from docs.meshy.ai: POST /openapi/v1/{image-to-3d | multi-image-to-3d}
 * (1–4 images, `target_polycount` 100–300,000, `enable_pbr` for metallic, roughness and normal maps),
 * GET …/<id> for one task, and GET … with `page_num`, `page_size` (at most 50) and `sort_by`
 * (±created_at) for the account's tasks of that kind, an array of task objects. Bearer key. Errors are
 * {message}: 401 a bad key, 402 insufficient funds, 429 `RateLimitExceeded` (requests per second) or
 * `NoMoreConcurrentTasks` (the account's queue tasks), 404 an unknown task.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';

/** What the route needs of the shared stand-in (provider-standins.ts). */
interface MeshyStandinContext {
  url: () => string;
  accepted: (auth: string) => boolean;
  refuseAuth: (res: ServerResponse) => void;
  noCredits: () => boolean;
  /** Answers 500 without making a task when the behaviour says so. */
  failUnpaid: (res: ServerResponse) => boolean;
  /** Answers 429 with the body for a request hit or a queue hit when the behaviour says so. */
  limited: (res: ServerResponse, requestHit: unknown, queueHit: unknown) => boolean;
  readJson: (req: IncomingMessage) => Promise<Record<string, unknown>>;
  isPng: (value: unknown) => Promise<boolean>;
  newTask: (images: number, body: Record<string, unknown>, via: string, pbr: boolean) => MeshyTaskLike;
  answerCreate: (res: ServerResponse, status: number, body: unknown) => void;
  tasks: () => MeshyTaskLike[];
  hang: () => boolean;
  advance: (task: MeshyTaskLike) => 'running' | 'done' | 'failed';
  progress: (task: MeshyTaskLike) => number;
  modelUrl: (task: MeshyTaskLike) => string;
  send: (res: ServerResponse, status: number, body: unknown) => void;
}

interface MeshyTaskLike {
  id: string;
  provider: string;
  via: string;
  createdAt: number;
  pbr: boolean;
  polls: number;
}

const ROUTE = /^\/openapi\/v1\/(image-to-3d|multi-image-to-3d)(?:\/([^/]+))?$/;

/** Handles the request when it is Meshy's; false otherwise. */
export async function meshyRoute(
  ctx: MeshyStandinContext,
  req: IncomingMessage,
  res: ServerResponse,
  url: URL,
): Promise<boolean> {
  const match = url.pathname.match(ROUTE);
  if (!match) return false;
  const [, kind, id] = match;
  if (!ctx.accepted(req.headers.authorization ?? '')) {
    ctx.refuseAuth(res);
    return true;
  }
  if (req.method === 'POST' && !id) {
    if (ctx.noCredits()) {
      ctx.send(res, 402, { message: 'Insufficient funds.' });
      return true;
    }
    if (ctx.limited(res, { message: 'RateLimitExceeded' }, { message: 'NoMoreConcurrentTasks' })) return true;
    if (ctx.failUnpaid(res)) return true;
    const body = await ctx.readJson(req);
    const images = kind === 'image-to-3d' ? [body.image_url] : body.image_urls;
    const pngs = Array.isArray(images) ? await Promise.all(images.map(ctx.isPng)) : [];
    if (!Array.isArray(images) || images.length < 1 || images.length > 4 || !pngs.every(Boolean)) {
      ctx.send(res, 400, { message: 'Invalid image_url: provide a PNG or JPEG URL or data URI.' });
      return true;
    }
    const polycount = body.target_polycount;
    if (
      polycount !== undefined &&
      !(
        typeof polycount === 'number' &&
        Number.isInteger(polycount) &&
        polycount >= 100 &&
        polycount <= 300_000
      )
    ) {
      ctx.send(res, 400, { message: 'target_polycount must be an integer between 100 and 300,000.' });
      return true;
    }
    // PBR maps only when asked for (enable_pbr, default false) and only with a texture.
    const pbr = body.enable_pbr === true && body.should_texture !== false;
    const task = ctx.newTask(images.length, body, kind, pbr);
    ctx.answerCreate(res, 202, { result: task.id });
    return true;
  }
  if (req.method === 'GET' && !id) {
    const size = Number(url.searchParams.get('page_size') ?? 10);
    const page = Number(url.searchParams.get('page_num') ?? 1);
    if (!Number.isInteger(size) || size < 1 || size > 50 || !Number.isInteger(page) || page < 1) {
      ctx.send(res, 400, { message: 'page_size must be 1–50 and page_num at least 1.' });
      return true;
    }
    const oldestFirst = url.searchParams.get('sort_by') === '+created_at';
    const mine = ctx
      .tasks()
      .filter((t) => t.provider === 'meshy' && t.via === kind)
      .sort((a, b) => (oldestFirst ? a.createdAt - b.createdAt : b.createdAt - a.createdAt));
    ctx.send(
      res,
      200,
      mine.slice((page - 1) * size, page * size).map((t) => ({
        id: t.id,
        status: t.polls > 0 ? 'IN_PROGRESS' : 'PENDING',
        progress: 0,
        created_at: t.createdAt,
        model_urls: {},
        texture_urls: [],
      })),
    );
    return true;
  }
  const task = id ? ctx.tasks().find((t) => t.id === id && t.provider === 'meshy') : undefined;
  if (req.method === 'GET' && task) {
    if (ctx.hang()) return true;
    const now = ctx.advance(task);
    const common = { id: task.id, created_at: task.createdAt };
    if (now === 'running') {
      ctx.send(res, 200, {
        ...common,
        status: 'IN_PROGRESS',
        progress: ctx.progress(task),
        model_urls: {},
        texture_urls: [],
      });
    } else if (now === 'failed') {
      ctx.send(res, 200, {
        ...common,
        status: 'FAILED',
        progress: 0,
        model_urls: {},
        texture_urls: [],
        task_error: { message: 'The server is busy.' },
      });
    } else {
      const files = `${ctx.url()}/files/${task.id}`;
      ctx.send(res, 200, {
        ...common,
        status: 'SUCCEEDED',
        progress: 100,
        model_urls: { glb: ctx.modelUrl(task), fbx: `${files}.fbx` },
        texture_urls: [
          {
            base_color: `${files}-base_color.png`,
            ...(task.pbr
              ? {
                  metallic: `${files}-metallic.png`,
                  roughness: `${files}-roughness.png`,
                  normal: `${files}-normal.png`,
                }
              : {}),
          },
        ],
      });
    }
    return true;
  }
  ctx.send(res, 404, { message: 'Task not found.' });
  return true;
}
