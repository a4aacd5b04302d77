/**
 * The worker's configuration: the only module of `worker/` that reads `process.env`.
 * The same code runs beside the local stack and on any machine pointed at Supabase Postgres.
 */
import { availableParallelism } from 'node:os';
import { resolve } from 'node:path';
import { readStorageConfig, type StorageConfig } from '@lift3d/storage';
import { type BackendsConfig, loadBackendsConfig } from './backends/index.ts';

export interface WorkerConfig {
  databaseUrl: string;
  /** Conversions run at once in this process (CPU-bound: keep it at the core count or less). */
  concurrency: number;
  /**
   * Every other job (webhook deliveries, mail, sweeps) runs in a pool of its own with this many slots
   * (WORKER_IO_CONCURRENCY, 4): they wait on the network, and a conversion never waits for them.
   */
  ioConcurrency: number;
  /** The embedded PGlite shares one session between clients: no prepared statements, faster polling. */
  embeddedDatabase: boolean;
  pollIntervalMs: number;
  storage: StorageConfig;
  /**
   * Largest input photo read (MAX_UPLOAD_BYTES, as the api; 25 MB). The api checks every upload, but a
   * direct upload's presigned URL still works for minutes after that check: a file replaced by a larger
   * one is refused by its size before it is read into memory.
   */
  maxInputBytes: number;
  /**
   * Unclaimed direct uploads are deleted this long after their URL expired (UPLOAD_SWEEP_GRACE_SECONDS,
   * 3600, at least 60): room for a slow client to name its upload, and for the clocks of the api (which signs
   * the URL), the bucket and the database, which differ by a little.
   */
  uploadSweepGraceSeconds: number;
  /** A conversion whose worker has not heartbeaten for this long is handed to another worker. */
  leaseSeconds: number;
  /** Turntable render threads per conversion; one core is left to the api and database by default. */
  renderThreads: number;
  /** Scheduling priority of the worker (0–19): conversions yield the CPU to the api and the database. */
  nice: number;
  /**
   * Engine processes run every thread under SCHED_IDLE (WORKER_ENGINE_IDLE, default 1; 0: at `nice` like
   * the rest of the worker): the api, the database and the worker's own thread take the CPU from a
   * conversion at once (priority.ts).
   */
  engineIdle: boolean;
  /**
   * With engineIdle, engine processes also move into a CPU control group marked idle where the kernel and
   * the cgroup hierarchy allow it (WORKER_ENGINE_IDLE_GROUP, default 1): SCHED_IDLE alone yields only
   * inside the worker's session, not to the database server's (priority.ts, idleCpuGroup).
   */
  engineIdleGroup: boolean;
  /**
   * WORKER_ENGINE_GROUP_NICE (0–19, unset by default): each engine process leads a session of its own
   * whose autogroup has this nice value. For a machine that only converts beside the api: it keeps
   * conversions off the api's share of the CPU, but where other sessions are busy they get almost none
   * (priority.ts, notes). Unset: engines stay in the worker's session.
   */
  engineGroupNice: number | null;
  heartbeatMs: number;
  /** Wall-clock limit of one conversion attempt; past it the engine process is killed and the job failed. */
  jobTimeoutSeconds: number;
  /** Wall-clock limit of one guided-capture shot check (the phone waits on it); then failed, retake. */
  shotCheckTimeoutSeconds: number;
  /** Wall-clock limit of one free preview's quick shape. */
  previewTimeoutSeconds: number;
  /** The process's own heartbeat (public.worker_heartbeats), read by /api/health (stale after 30 s). */
  workerHeartbeatMs: number;
  /** After SIGTERM, running conversions get this long to finish before they are handed back. */
  stopGraceMs: number;
  /** Load the engine and its model whenever the worker is idle (WORKER_PRELOAD_ENGINE=0: at the first job). */
  preloadEngine: boolean;
  smtpUrl: string | null;
  mailFrom: string;
  /** Where contact/waitlist/career notifications go. */
  teamAddress: string;
  /** Generation backends: GENERATION_BACKEND, the services' keys and base URLs (see README). */
  backends: BackendsConfig;
  webhooks: WebhookConfig;
}

export interface WebhookConfig {
  /** WEBHOOK_ALLOW_PRIVATE_TARGETS=1 (local stack, tests): also deliver over http and to private addresses. */
  allowPrivate: boolean;
  /** One attempt's wall-clock limit (WEBHOOK_TIMEOUT_SECONDS, default 10). */
  timeoutMs: number;
  /** Wait before the first retry, doubled after each failure, at most 6 hours (WEBHOOK_RETRY_BASE_MS, 30 s). */
  retryBaseMs: number;
  /** Attempts of one delivery before it is marked failed (WEBHOOK_MAX_ATTEMPTS, default 8). */
  maxAttempts: number;
}

function loadWebhookConfig(env: NodeJS.ProcessEnv): WebhookConfig {
  return {
    allowPrivate: env.WEBHOOK_ALLOW_PRIVATE_TARGETS === '1',
    timeoutMs: Math.max(0.1, Number(env.WEBHOOK_TIMEOUT_SECONDS ?? 10) || 10) * 1000,
    retryBaseMs: Math.max(10, Number(env.WEBHOOK_RETRY_BASE_MS ?? 30_000) || 30_000),
    maxAttempts: Math.min(50, Math.max(1, Number(env.WEBHOOK_MAX_ATTEMPTS ?? 8) || 8)),
  };
}

/**
 * The worker needs a session of its own: graphile-worker LISTENs for new jobs and our queries use prepared
 * statements, neither of which survives a pooler in transaction mode (Supabase's on port 6543). Refused
 * at start-up with what to use instead, rather than failing later one job at a time.
 */
function checkSessionConnection(databaseUrl: string, poolMode: string | undefined): void {
  let port = '';
  try {
    port = new URL(databaseUrl).port;
  } catch {
    // A libpq keyword string: no port to read; DATABASE_POOL_MODE still counts.
  }
  if (poolMode === 'transaction' || (port === '6543' && poolMode !== 'session')) {
    throw new Error(
      'worker: DATABASE_URL names a transaction pooler (port 6543 or DATABASE_POOL_MODE=transaction), but the ' +
        'worker needs a session connection (graphile-worker LISTENs for jobs): use the direct connection or ' +
        'the session pooler (port 5432)',
    );
  }
}

const nonNegative = (value: string | undefined, fallback: number) => {
  const n = Number(value ?? fallback);
  return Number.isFinite(n) && n >= 0 ? Math.floor(n) : fallback;
};

export function loadWorkerConfig(env: NodeJS.ProcessEnv = process.env): WorkerConfig {
  const databaseUrl = env.DATABASE_URL ?? env.SUPABASE_DB_URL;
  if (!databaseUrl)
    throw new Error('worker: set DATABASE_URL to the project database (Supabase: the session pooler URL)');
  checkSessionConnection(databaseUrl, env.DATABASE_POOL_MODE);
  const dataDir = resolve(env.DATA_DIR ?? './data');
  const embedded = env.WORKER_EMBEDDED_DB === '1';
  const leaseSeconds = Math.max(3, Number(env.WORKER_LEASE_SECONDS ?? 30));
  return {
    databaseUrl,
    concurrency: Math.max(1, Number(env.WORKER_CONCURRENCY ?? 1)),
    ioConcurrency: Math.min(32, Math.max(1, Number(env.WORKER_IO_CONCURRENCY ?? 4) || 4)),
    embeddedDatabase: embedded,
    pollIntervalMs: Number(env.WORKER_POLL_MS ?? (embedded ? 500 : 2000)),
    // The api function reads the same settings through the same reader.
    storage: readStorageConfig(env, { dataDir })!,
    maxInputBytes: Number(env.MAX_UPLOAD_BYTES ?? 25 * 1024 * 1024) || 25 * 1024 * 1024,
    uploadSweepGraceSeconds: Math.max(60, nonNegative(env.UPLOAD_SWEEP_GRACE_SECONDS, 3600)),
    leaseSeconds,
    renderThreads: Math.max(1, Number(env.WORKER_RENDER_THREADS ?? availableParallelism() - 1)),
    nice: Math.min(19, Math.max(0, Number(env.WORKER_NICE ?? 10))),
    engineIdle: env.WORKER_ENGINE_IDLE !== '0',
    engineIdleGroup: env.WORKER_ENGINE_IDLE !== '0' && env.WORKER_ENGINE_IDLE_GROUP !== '0',
    engineGroupNice: env.WORKER_ENGINE_GROUP_NICE
      ? Math.min(19, nonNegative(env.WORKER_ENGINE_GROUP_NICE, 0))
      : null,
    heartbeatMs: Math.max(500, Math.round((leaseSeconds * 1000) / 6)),
    jobTimeoutSeconds: Math.max(1, Number(env.WORKER_JOB_TIMEOUT_SECONDS ?? 900) || 900),
    shotCheckTimeoutSeconds: Math.max(1, Number(env.WORKER_SHOT_CHECK_TIMEOUT_SECONDS ?? 60) || 60),
    previewTimeoutSeconds: Math.max(1, Number(env.WORKER_PREVIEW_TIMEOUT_SECONDS ?? 120) || 120),
    workerHeartbeatMs: Math.max(500, Number(env.WORKER_HEARTBEAT_SECONDS ?? 5) * 1000),
    stopGraceMs: Math.max(0, Number(env.WORKER_STOP_GRACE_SECONDS ?? 10)) * 1000,
    preloadEngine: env.WORKER_PRELOAD_ENGINE !== '0',
    smtpUrl: env.SMTP_URL || null,
    mailFrom: env.MAIL_FROM ?? 'Lift3D <no-reply@lift3d.local>',
    teamAddress: env.TEAM_ADDRESS ?? 'hello@lift3d.app',
    backends: loadBackendsConfig(env),
    webhooks: loadWebhookConfig(env),
  };
}
