/**
 * Delivers one webhook delivery (public.webhook_deliveries): claim it, check the endpoint's URL again
 * (https, public addresses only: DNS may have changed since it was saved), sign the event and POST it,
 * then log the attempt. A 2xx delivers; anything else schedules the next attempt as a new job with
 * exponential backoff (webhook_record_attempt, in the same transaction as the log) until the maximum.
 *
 * Safe to re-run: the claim is taken in one UPDATE on a pending, unclaimed row, so a delivered or failed
 * delivery is never sent again and two runs of the same job cannot both send. A worker that dies after
 * sending but before logging leaves the claim to expire, and the delivery is sent once more: receivers
 * deduplicate on `Lift3D-Event-Id`.
 */
import { randomUUID } from 'node:crypto';
import { lookup } from 'node:dns/promises';
import { eventBody } from '@lift3d/common/webhooks/event.ts';
import { EVENT_ID_HEADER, SIGNATURE_HEADER, signatureHeader } from '@lift3d/common/webhooks/signature.ts';
import { checkWebhookTarget } from '@lift3d/common/webhooks/target.ts';
import type { Task } from 'graphile-worker';
import type { Sql } from 'postgres';
import type { WebhookConfig } from '../config.ts';
import type { JobPayloads } from '../registry.ts';
import { postPinned } from '../webhooks/post.ts';

export interface DeliverWebhookDeps {
  sql: Sql;
  config: WebhookConfig;
  /** Host name → addresses (default: the system resolver, as every other outgoing connection). */
  resolve?: (host: string) => Promise<string[]>;
}

const MAX_BACKOFF_MS = 6 * 60 * 60 * 1000;

const systemResolve = async (host: string) =>
  (await lookup(host, { all: true, verbatim: true })).map((a) => a.address);

/** Wait before the next attempt after `done` attempts (1 → base, 2 → 2 × base, …). */
function backoffMs(config: WebhookConfig, done: number): number {
  return Math.min(MAX_BACKOFF_MS, config.retryBaseMs * 2 ** Math.max(0, done - 1));
}

export function deliverWebhookTask(deps: DeliverWebhookDeps): Task {
  const resolve = deps.resolve ?? systemResolve;
  return async (payload) => {
    const { id } = payload as JobPayloads['deliver_webhook'];
    const token = randomUUID();
    // Long enough for the attempt and its log; a run that dies frees the delivery after this.
    const leaseSeconds = Math.ceil(deps.config.timeoutMs / 1000) + 30;
    const [delivery] = await deps.sql`
      select * from public.webhook_claim_delivery(${id}, ${token}, ${leaseSeconds})`;
    if (!delivery) return;
    const started = performance.now();
    const record = async (url: string, status: number | null, error: string | null, retry: boolean) => {
      const done = Number(delivery.attempts) + 1;
      const retryMs = retry ? Math.round(backoffMs(deps.config, done)) : null;
      await deps.sql`
        select public.webhook_record_attempt(${id}, ${token}, ${url}, ${status}, ${error},
          ${Math.round(performance.now() - started)}, ${retryMs}, ${deps.config.maxAttempts})`;
    };

    if (!delivery.url || !delivery.enabled) {
      await record(delivery.url ?? '', null, 'The webhook endpoint is disabled or removed.', false);
      return;
    }
    const target = await checkWebhookTarget(delivery.url, {
      allowPrivate: deps.config.allowPrivate,
      resolve,
    });
    if (!target.ok) {
      await record(delivery.url, null, target.reason, true);
      return;
    }
    const body = eventBody({
      id: delivery.event_id,
      type: delivery.event_type,
      data: delivery.event_data,
      created_at: delivery.event_created_at,
    });
    let status: number | null = null;
    let error: string | null = null;
    try {
      ({ status } = await postPinned(
        target.url,
        target.addresses[0],
        {
          'Content-Type': 'application/json',
          'User-Agent': 'Lift3D-Webhooks/1',
          [SIGNATURE_HEADER]: await signatureHeader(delivery.secret, body),
          [EVENT_ID_HEADER]: `evt_${delivery.event_id}`,
        },
        body,
        deps.config.timeoutMs,
      ));
      if (status < 200 || status > 299) error = `The endpoint answered HTTP ${status}.`;
    } catch (cause) {
      error = (cause as Error).message || 'The request failed.';
    }
    await record(delivery.url, status, error, error !== null);
  };
}

/** Enqueues a job for every pending delivery that is due and unclaimed; job keys make this idempotent. */
export function webhookSweepTask(deps: { sql: Sql }): Task {
  return async () => {
    await deps.sql`
      select public.enqueue_webhook_delivery(d.id, d.attempts + 1, now())
        from public.webhook_deliveries d
       where d.status = 'pending' and d.next_attempt_at <= now() - interval '1 minute'
         and (d.claim_until is null or d.claim_until < now())
       order by d.id limit 500`;
  };
}
