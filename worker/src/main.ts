// `npm run worker`: consumes the project's jobs (conversions, mail). Run as many as you like.

import { EventEmitter } from 'node:events';
import { findFfmpeg } from '@lift3d/engine';
import { createStorage } from '@lift3d/storage';
import type { WorkerEvents } from 'graphile-worker';
import nodemailer from 'nodemailer';
import postgres from 'postgres';
import { createBackends } from './backends/index.ts';
import { loadWorkerConfig } from './config.ts';
import { createEnginePool } from './convert/engine-runner.ts';
import { startHeartbeat } from './heartbeat.ts';
import { startReaper } from './lease.ts';
import { lowerPriority } from './priority.ts';
import { installQueue, startQueue } from './queue.ts';
import { CONVERSION_JOBS, CRONTAB, JOB_NAMES, SERVICE_JOBS } from './registry.ts';
import { buildTaskList } from './tasks/index.ts';

const config = loadWorkerConfig();
// Every thread now, so that every later engine, render and ffmpeg thread inherits it: a machine shared
// with the api keeps answering quickly while it converts.
lowerPriority(config.nice);
const sql = postgres(config.databaseUrl, {
  // PGlite serves every connection from one session: parallel queries from several connections interleave
  // their protocol messages there ("portal does not exist"), so the embedded database gets one connection.
  max: config.embeddedDatabase ? 1 : 3,
  prepare: !config.embeddedDatabase,
  onnotice: () => {},
  connection: { application_name: 'lift3d-worker' },
});
const transport = config.smtpUrl ? nodemailer.createTransport(config.smtpUrl) : null;
console.log(
  transport ? 'mail: delivering the outbox over SMTP' : 'mail: SMTP_URL is not set; mail waits in the outbox',
);
const ffmpeg = findFfmpeg();
if (ffmpeg) console.log(`video: ffmpeg ${ffmpeg.version} at ${ffmpeg.path}`);
else {
  console.error(
    'video: ffmpeg NOT FOUND — 3D Preview (video) jobs will fail and be refunded; install it with `apt-get install ffmpeg`',
  );
}
const log = (line: string) => console.log(line);
const storage = createStorage(config.storage);
const engine = createEnginePool(config.concurrency, {
  idle: config.engineIdle,
  idleGroup: config.engineIdleGroup,
  sessionNice: config.engineGroupNice,
});
const backends = createBackends(config.backends);
console.log(
  `generation: default backend ${backends.defaultBackend}; hosted backends with keys: ${backends.configured.join(', ') || 'none'}`,
);
console.log(
  `convert: storage ${config.storage.kind === 's3' ? `s3 bucket ${config.storage.bucket}` : config.storage.dir}, lease ${config.leaseSeconds} s`,
);

const stopping = new AbortController();
const taskList = buildTaskList({
  sql,
  transport,
  from: config.mailFrom,
  config,
  storage,
  engine,
  log,
  stopping: stopping.signal,
  backends,
});
const missing = JOB_NAMES.filter((name) => typeof taskList[name] !== 'function');
if (missing.length) {
  console.error(`worker: no handler for job(s) ${missing.join(', ')}; refusing to start`);
  process.exit(1);
}

await installQueue(config);
const only = (names: readonly string[]) =>
  Object.fromEntries(Object.entries(taskList).filter(([name]) => names.includes(name)));
let running = 0;
const heartbeat = startHeartbeat({
  sql,
  concurrency: config.concurrency,
  intervalMs: config.workerHeartbeatMs,
  running: () => running,
  backends: backends.configured,
  log,
});
// Listeners go on before the pool starts: a job already queued is taken the moment it does, and a
// job:start emitted before them would leave the heartbeat reporting no job for the whole conversion.
const conversionEvents: WorkerEvents = new EventEmitter();
// The heartbeat reports conversions in hand (what /api/health and the admin read as the worker's load).
conversionEvents.on('job:start', () => {
  running++;
  void heartbeat.beat();
});
conversionEvents.on('job:complete', () => {
  running = Math.max(0, running - 1);
  void heartbeat.beat();
});
// The engine loads when the worker finds nothing to do (at start, or while a dead worker's job waits for
// its lease), so the next conversion starts at once; never beside a conversion, which may not need it.
conversionEvents.on('worker:getJob:empty', () => {
  if (!config.preloadEngine) return;
  engine.warm().then(
    (ms) => {
      if (ms) console.log(`convert: engine ready (segmentation model loaded in ${(ms / 1000).toFixed(1)} s)`);
    },
    (error: Error) => console.error(`convert: the engine did not load ahead of a job: ${error.message}`),
  );
});
// Two pools on one queue, each fetching only its own jobs: conversions never wait for deliveries or mail.
const runner = await startQueue({
  ...config,
  taskList: only(CONVERSION_JOBS),
  crontab: '',
  events: conversionEvents,
});
const serviceRunner = await startQueue({
  ...config,
  concurrency: config.ioConcurrency,
  taskList: only(SERVICE_JOBS),
  crontab: CRONTAB,
});
const reaper = startReaper({
  sql,
  leaseSeconds: config.leaseSeconds,
  intervalMs: Math.max(1000, Math.round((config.leaseSeconds * 1000) / 3)),
  log,
});
console.log(
  `worker: ready as ${heartbeat.workerId} (${JOB_NAMES.length} job types; conversions ${config.concurrency} at once, deliveries, mail and sweeps ${config.ioConcurrency})`,
);

let shuttingDown = false;
for (const signal of ['SIGTERM', 'SIGINT'] as const) {
  process.on(signal, async () => {
    if (shuttingDown) return;
    shuttingDown = true;
    // Take no new job; let the jobs in hand finish within the grace period, then terminate their engine
    // threads and hand their generations back to the queue, so a deploy or scale-down costs seconds.
    console.log(`worker: ${signal}: finishing current jobs (grace ${config.stopGraceMs / 1000} s)`);
    const grace = setTimeout(() => {
      if (running) console.log(`worker: handing back ${running} job(s) still running`);
      stopping.abort();
    }, config.stopGraceMs);
    // Whatever happens below (a database that does not answer), the process is gone soon after.
    setTimeout(() => {
      console.error('worker: did not stop in time; exiting');
      process.exit(1);
    }, config.stopGraceMs + 30_000).unref();
    await heartbeat.stopping();
    await Promise.all([runner.stop(), serviceRunner.stop()]);
    clearTimeout(grace);
    await reaper.stop();
    await engine.close();
    await heartbeat.stop();
    await sql.end({ timeout: 5 });
    console.log('worker: stopped');
    process.exit(0);
  });
}
await Promise.all([runner.promise, serviceRunner.promise]);
