/** One handler per job of the registry; the mapped type makes a missing handler a compile error. */

import type { Storage } from '@lift3d/storage';
import type { Task } from 'graphile-worker';
import type { Transporter } from 'nodemailer';
import type { Sql } from 'postgres';
import type { Backends } from '../backends/index.ts';
import type { WorkerConfig } from '../config.ts';
import type { EngineRunner } from '../convert/engine-runner.ts';
import type { JobName } from '../registry.ts';
import { convertTask } from './convert.ts';
import { deliverWebhookTask, webhookSweepTask } from './deliver-webhook.ts';
import { previewSweepTask, previewTask } from './preview.ts';
import { renderVideoTask } from './render-video.ts';
import { mailSweepTask, sendMailTask } from './send-mail.ts';
import { shotCheckTask } from './shot-check.ts';
import { uploadSweepTask } from './upload-sweep.ts';

export interface TaskDeps {
  sql: Sql;
  transport: Transporter | null;
  from: string;
  config: WorkerConfig;
  storage: Storage;
  engine: EngineRunner;
  backends: Backends;
  log: (line: string) => void;
  /** Aborted when a stopping worker's grace period is over (see convert.ts). */
  stopping?: AbortSignal;
}

export function buildTaskList(deps: TaskDeps): Record<JobName, Task> {
  return {
    convert: convertTask({
      ...deps,
      heartbeatMs: deps.config.heartbeatMs,
      renderThreads: deps.config.renderThreads,
      hostedRun: deps.config.backends.run,
      jobTimeoutMs: deps.config.jobTimeoutSeconds * 1000,
      maxInputBytes: deps.config.maxInputBytes,
    }),
    render_video: renderVideoTask({
      ...deps,
      heartbeatMs: deps.config.heartbeatMs,
      renderThreads: deps.config.renderThreads,
      jobTimeoutMs: deps.config.jobTimeoutSeconds * 1000,
    }),
    send_mail: sendMailTask(deps),
    mail_sweep: mailSweepTask(deps),
    deliver_webhook: deliverWebhookTask({ sql: deps.sql, config: deps.config.webhooks }),
    webhook_sweep: webhookSweepTask({ sql: deps.sql }),
    upload_sweep: uploadSweepTask({
      sql: deps.sql,
      storage: deps.storage,
      graceSeconds: deps.config.uploadSweepGraceSeconds,
      log: deps.log,
    }),
    preview: previewTask({
      sql: deps.sql,
      storage: deps.storage,
      engine: deps.engine,
      maxInputBytes: deps.config.maxInputBytes,
      timeoutMs: deps.config.previewTimeoutSeconds * 1000,
      log: deps.log,
    }),
    shot_check: shotCheckTask({
      sql: deps.sql,
      storage: deps.storage,
      engine: deps.engine,
      maxInputBytes: deps.config.maxInputBytes,
      timeoutMs: deps.config.shotCheckTimeoutSeconds * 1000,
      log: deps.log,
    }),
    preview_sweep: previewSweepTask(deps),
  };
}
