// `npm run worker`: consumes the project's jobs (conversions, mail). Run as many as you like.

import { findFfmpeg } from '@lift3d/engine';
import nodemailer from 'nodemailer';
import postgres from 'postgres';
import { createStorage } from '../../supabase/functions/_shared/storage/index.ts';
import { createBackends } from './backends/index.ts';
import { loadWorkerConfig } from './config.ts';
import { createEnginePool } from './convert/engine-runner.ts';
import { startReaper } from './lease.ts';
import { lowerPriority } from './priority.ts';
import { installQueue, startQueue } from './queue.ts';
import { CRONTAB, JOB_NAMES } from './registry.ts';
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
const engine = createEnginePool(config.concurrency);
const backends = createBackends(config.backends);
console.log(
  `generation: default backend ${backends.defaultBackend}; hosted backends with keys: ${backends.configured.join(', ') || 'none'}`,
);
console.log(
  `convert: storage ${config.storage.kind === 's3' ? `s3 bucket ${config.storage.bucket}` : config.storage.dir}, lease ${config.leaseSeconds} s`,
);

const taskList = buildTaskList({
  sql,
  transport,
  from: config.mailFrom,
  config,
  storage,
  engine,
  backends,
  log,
});
const missing = JOB_NAMES.filter((name) => typeof taskList[name] !== 'function');
if (missing.length) {
  console.error(`worker: no handler for job(s) ${missing.join(', ')}; refusing to start`);
  process.exit(1);
}

await installQueue(config);
const runner = await startQueue({ ...config, taskList, crontab: CRONTAB });
const reaper = startReaper({
  sql,
  leaseSeconds: config.leaseSeconds,
  intervalMs: Math.max(1000, Math.round((config.leaseSeconds * 1000) / 3)),
  log,
});
console.log(`worker: ready (${JOB_NAMES.length} job types, concurrency ${config.concurrency})`);

let stopping = false;
for (const signal of ['SIGTERM', 'SIGINT'] as const) {
  process.on(signal, async () => {
    if (stopping) return;
    stopping = true;
    // Finish the jobs in hand (heartbeats keep flowing meanwhile), take no new ones.
    console.log(`worker: ${signal}: finishing current jobs`);
    await runner.stop();
    await reaper.stop();
    await engine.close();
    await sql.end({ timeout: 5 });
    console.log('worker: stopped');
    process.exit(0);
  });
}
await runner.promise;
