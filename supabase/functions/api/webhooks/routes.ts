/**
 * Webhooks of the signed-in account (browser routes, session JWT): the one endpoint (URL, secret, on/off),
 * secret rotation, the delivery log (paged), resend and a test event. The URL is checked here for https and
 * public addresses (after DNS resolution) and again by the worker before every attempt (public.
 * save_webhook_endpoint, the Data API's door, checks in SQL what it can without DNS); the SQL functions own
 * everything else (secret generation, limits, the outbox rows and their jobs).
 */

import { checkWebhookTarget } from '@lift3d/common/webhooks/target.ts';
import { DeliveriesQuery, SaveEndpoint } from '@lift3d/contract';
import { Hono } from 'hono';
import { requireUser } from '../core/auth.ts';
import type { AppDeps, AppEnv } from '../core/deps.ts';
import { badRequest, notFound } from '../core/errors.ts';
import { jsonBody, queryParams } from '../core/validate.ts';
import { resolveHost } from './resolve.ts';
import { type EndpointRow, endpointJson, listDeliveries, readDelivery } from './rows.ts';

function deliveryId(raw: string): number {
  if (!/^[1-9][0-9]{0,15}$/.test(raw)) throw notFound('No such delivery.');
  return Number(raw);
}

export function webhookRoutes({ db, config, resolveHost: resolve = resolveHost }: AppDeps) {
  const allowPrivate = config.webhooks?.allowPrivateTargets ?? false;
  return new Hono<AppEnv>()
    .get('/endpoint', async (c) => {
      const caller = requireUser(c.get('caller'));
      const [row] = await db.asCaller(
        caller,
        (tx) =>
          tx<
            EndpointRow[]
          >`select url, secret, enabled, created_at, updated_at from public.webhook_endpoints`,
      );
      return c.json({ endpoint: row ? endpointJson(row) : null });
    })
    .put('/endpoint', jsonBody(SaveEndpoint), async (c) => {
      const caller = requireUser(c.get('caller'));
      const { url, enabled } = c.req.valid('json');
      const target = await checkWebhookTarget(url, { allowPrivate, resolve });
      if (!target.ok) throw badRequest(`url: ${target.reason}`);
      // Checked here with name resolution (and a local receiver allowed only where configured): saved
      // through the service role's door, as the caller. The Data API's door checks in SQL what it can.
      const [row] = await db.asService(async (tx) => {
        await tx`select set_config('request.jwt.claims', ${JSON.stringify(caller.claims)}, true)`;
        return tx<EndpointRow[]>`
          select * from public.save_checked_webhook_endpoint(${target.url.href}, ${enabled ?? null})`;
      });
      return c.json({ endpoint: endpointJson(row) });
    })
    .post('/endpoint/rotate', async (c) => {
      const caller = requireUser(c.get('caller'));
      const [row] = await db.asCaller(
        caller,
        (tx) => tx<EndpointRow[]>`select * from public.rotate_webhook_secret()`,
      );
      return c.json({ endpoint: endpointJson(row) });
    })
    .post('/test', async (c) => {
      const caller = requireUser(c.get('caller'));
      const delivery = await db.asCaller(caller, async (tx) => {
        const [{ id }] = await tx`select public.send_webhook_test() as id`;
        return readDelivery(tx, Number(id));
      });
      return c.json({ delivery }, 201);
    })
    .get('/deliveries', queryParams(DeliveriesQuery), async (c) => {
      const caller = requireUser(c.get('caller'));
      const { limit, before } = c.req.valid('query');
      const page = await db.asCaller(caller, (tx) => listDeliveries(tx, limit, before ?? null));
      return c.json(page);
    })
    .post('/deliveries/:id/resend', async (c) => {
      const caller = requireUser(c.get('caller'));
      const id = deliveryId(c.req.param('id'));
      const delivery = await db.asCaller(caller, async (tx) => {
        const [{ id: resent }] = await tx`select public.resend_webhook_delivery(${id}) as id`;
        return readDelivery(tx, Number(resent));
      });
      return c.json({ delivery }, 201);
    });
}
