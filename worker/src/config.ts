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
  /** Jobs run at once in this process (conversions are CPU-bound: keep it at the core count or less). */
  concurrency: number;
  /** The embedded PGlite shares one session between clients: no prepared statements, faster polling. */
  embeddedDatabase: boolean;
  pollIntervalMs: number;
  storage: StorageConfig;
  /** A conversion whose worker has not heartbeaten for this long is handed to another worker. */
  leaseSeconds: number;
  /** Turntable render threads per conversion; one core is left to the api and database by default. */
  renderThreads: number;
  /** Scheduling priority of the worker (0–19): conversions yield the CPU to the api and the database. */
  nice: number;
  heartbeatMs: number;
  /** Wall-clock limit of one conversion attempt; past it the engine process is killed and the job failed. */
  jobTimeoutSeconds: number;
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

export function loadWebhookConfig(env: NodeJS.ProcessEnv): WebhookConfig {
  return {
    allowPrivate: env.WEBHOOK_ALLOW_PRIVATE_TARGETS === '1',
    timeoutMs: Math.max(0.1, Number(env.WEBHOOK_TIMEOUT_SECONDS ?? 10) || 10) * 1000,
    retryBaseMs: Math.max(10, Number(env.WEBHOOK_RETRY_BASE_MS ?? 30_000) || 30_000),
    maxAttempts: Math.min(50, Math.max(1, Number(env.WEBHOOK_MAX_ATTEMPTS ?? 8) || 8)),
  };
}

export function loadWorkerConfig(env: NodeJS.ProcessEnv = process.env): WorkerConfig {
  const databaseUrl = env.DATABASE_URL ?? env.SUPABASE_DB_URL;
  if (!databaseUrl)
    throw new Error('worker: set DATABASE_URL to the project database (Supabase: the session pooler URL)');
  const dataDir = resolve(env.DATA_DIR ?? './data');
  const embedded = env.WORKER_EMBEDDED_DB === '1';
  const leaseSeconds = Math.max(3, Number(env.WORKER_LEASE_SECONDS ?? 30));
  return {
    databaseUrl,
    concurrency: Math.max(1, Number(env.WORKER_CONCURRENCY ?? 1)),
    embeddedDatabase: embedded,
    pollIntervalMs: Number(env.WORKER_POLL_MS ?? (embedded ? 500 : 2000)),
    // The api function reads the same settings through the same reader.
    storage: readStorageConfig(env, { dataDir })!,
    leaseSeconds,
    renderThreads: Math.max(1, Number(env.WORKER_RENDER_THREADS ?? availableParallelism() - 1)),
    nice: Math.min(19, Math.max(0, Number(env.WORKER_NICE ?? 10))),
    heartbeatMs: Math.max(500, Math.round((leaseSeconds * 1000) / 6)),
    jobTimeoutSeconds: Math.max(1, Number(env.WORKER_JOB_TIMEOUT_SECONDS ?? 900) || 900),
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
