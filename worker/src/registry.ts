/**
 * Every job the worker knows, with its payload type. Jobs are enqueued by SQL functions
 * (`graphile_worker.add_job`) in the same transaction as the change that needs them, so a job exists
 * exactly when its cause was committed. Handlers must be safe to re-run (a job may be retried after a
 * worker died mid-way).
 */
export interface JobPayloads {
  /** Run one generation (public.generations) from its upload to its stored results. */
  convert: { id: string };
  /** Render the turntable MP4 of a finished model (public.model_videos) from its stored GLB. */
  render_video: { id: string };
  /** Deliver one row of public.mail_outbox. */
  send_mail: { id: number };
  /** Re-enqueue outbox rows that are due but have no job (e.g. queued before the queue existed). */
  mail_sweep: Record<string, unknown>;
  /** One attempt of one row of public.webhook_deliveries (retries are new jobs, see deliver-webhook.ts). */
  deliver_webhook: { id: number };
  /** Re-enqueue due webhook deliveries that have no job (e.g. emitted before the queue existed). */
  webhook_sweep: Record<string, unknown>;
  /** Delete the objects of direct uploads no generation claimed, after their URL expired plus a grace period. */
  upload_sweep: Record<string, unknown>;
  /** Make one free preview (public.previews): the quick untextured shape, before the user pays. */
  preview: { id: string };
  /** Check one guided-capture shot (public.shot_checks) with the segmentation model. */
  shot_check: { id: string };
  /** Delete the shapes of previews past their time and mark them expired. */
  preview_sweep: Record<string, unknown>;
}

export type JobName = keyof JobPayloads;

/** The runtime list; main.ts refuses to start if any of these has no handler. */
export const JOB_NAMES: readonly JobName[] = [
  'convert',
  'render_video',
  'send_mail',
  'mail_sweep',
  'deliver_webhook',
  'webhook_sweep',
  'upload_sweep',
  'preview',
  'shot_check',
  'preview_sweep',
];

/**
 * The worker's two pools: conversions and turntable renders (CPU, minutes each) and everything else (network, mail, sweeps). Each
 * pool fetches only its own jobs, so a conversion never waits behind a hanging webhook endpoint or a slow
 * mail server, and deliveries keep flowing while every conversion slot is busy.
 */
export const CONVERSION_JOBS: readonly JobName[] = ['convert', 'preview', 'shot_check', 'render_video'];
export const SERVICE_JOBS: readonly JobName[] = JOB_NAMES.filter((name) => !CONVERSION_JOBS.includes(name));

/** Recurring jobs (graphile-worker crontab syntax); run by the service pool. */
export const CRONTAB = [
  '* * * * * mail_sweep ?max=1&jobKey=mail_sweep',
  '* * * * * webhook_sweep ?max=1&jobKey=webhook_sweep',
  '*/5 * * * * upload_sweep ?max=1&jobKey=upload_sweep',
  '*/5 * * * * preview_sweep ?max=1&jobKey=preview_sweep',
].join('\n');
