/**
 * `GET /health`: can a conversion happen right now? Each part is reported (database, auth, workers with
 * their last heartbeat, the queue's depth and oldest wait) and the answer is 503 when one that a
 * conversion needs is down. `GET /health/live` only says this process answers (for start-up waits and
 * liveness probes, which must not restart the api because a worker is missing).
 */
import { Hono } from 'hono';
import { HEALTH_DEFAULTS, type HealthConfig } from '../core/config.ts';
import type { AppDeps, AppEnv } from '../core/deps.ts';

type PartStatus = 'ok' | 'unreachable' | 'none' | 'unchecked';

interface ServiceHealth {
  workers: {
    live: number;
    busy: number;
    lastHeartbeatAt: string | null;
    lastHeartbeatAgeSeconds: number | null;
  };
  queue: { depth: number; running: number; oldestWaitSeconds: number };
}

function within<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what} did not answer within ${ms} ms`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

async function checkAuth(health: HealthConfig): Promise<{ status: PartStatus; error?: string }> {
  if (!health.authUrl) return { status: 'unchecked' };
  try {
    const res = await fetch(health.authUrl, {
      headers: health.anonKey ? { apikey: health.anonKey } : {},
      signal: AbortSignal.timeout(health.timeoutMs),
    });
    await res.body?.cancel();
    return res.ok ? { status: 'ok' } : { status: 'unreachable', error: `HTTP ${res.status}` };
  } catch (error) {
    return { status: 'unreachable', error: (error as Error).message };
  }
}

export function healthRoutes({ config, db }: AppDeps) {
  const health: HealthConfig = config.health ?? { authUrl: null, anonKey: null, ...HEALTH_DEFAULTS };
  return new Hono<AppEnv>()
    .get('/health/live', (c) => c.json({ status: 'ok', version: config.version }))
    .get('/health', async (c) => {
      const [database, auth] = await Promise.all([
        within(
          db.sql`select public.service_health(${health.workerStaleSeconds}) as h`,
          health.timeoutMs,
          'the database',
        ).then(
          ([row]) => ({ ok: true as const, service: row.h as ServiceHealth }),
          (error: Error) => ({ ok: false as const, error: error.message }),
        ),
        checkAuth(health),
      ]);
      if (!database.ok) console.error('api: health check cannot reach the database:', database.error);
      const service = database.ok ? database.service : null;
      const workers = service?.workers ?? null;
      const workerStatus: PartStatus = !service ? 'unreachable' : workers!.live > 0 ? 'ok' : 'none';
      const canConvert = database.ok && auth.status !== 'unreachable' && workerStatus === 'ok';
      return c.json(
        {
          status: canConvert ? 'ok' : 'degraded',
          version: config.version,
          canConvert,
          db: database.ok ? 'ok' : 'unreachable',
          database: database.ok ? { status: 'ok' } : { status: 'unreachable', error: database.error },
          auth,
          worker: {
            status: workerStatus,
            live: workers?.live ?? null,
            busy: workers?.busy ?? null,
            lastHeartbeatAt: workers?.lastHeartbeatAt ?? null,
            lastHeartbeatAgeSeconds: workers?.lastHeartbeatAgeSeconds ?? null,
          },
          queue: service?.queue ?? null,
        },
        canConvert ? 200 : 503,
      );
    });
}
