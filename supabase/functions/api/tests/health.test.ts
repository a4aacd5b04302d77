// GET /api/health reports each part a conversion needs and answers 503 when one is missing;
// GET /api/health/live only says the function answers.
import assert from 'node:assert/strict';
import { HEALTH_DEFAULTS, type HealthConfig } from '../core/config.ts';
import { buildApp, createUser, superuser, test } from './support.ts';

const sql = superuser();
globalThis.addEventListener('unload', () => void sql.end());

/** A stand-in for Supabase Auth's health endpoint that answers `status`, and checks the apikey header. */
function authStandIn(status: number) {
  const seen: Array<string | null> = [];
  const server = Deno.serve({ port: 0, hostname: '127.0.0.1', onListen: () => {} }, (req) => {
    seen.push(req.headers.get('apikey'));
    return new URL(req.url).pathname === '/auth/v1/health'
      ? Response.json({ version: 'stand-in', name: 'GoTrue' }, { status })
      : new Response('not found', { status: 404 });
  });
  return { url: `http://127.0.0.1:${server.addr.port}/auth/v1/health`, seen, close: () => server.shutdown() };
}

function health(overrides: Partial<HealthConfig> = {}) {
  return { health: { authUrl: null, anonKey: null, ...HEALTH_DEFAULTS, ...overrides } };
}

async function getHealth(app: ReturnType<typeof buildApp>['app']) {
  const res = await app.request('/api/health');
  return { status: res.status, body: await res.json(), cacheControl: res.headers.get('cache-control') };
}

test('health is 503 without a live worker and 200 once one heartbeats', async () => {
  const { app, db } = buildApp(health());
  const id = `test-${crypto.randomUUID()}`;
  try {
    await sql`delete from public.worker_heartbeats`;
    const before = await getHealth(app);
    assert.equal(before.status, 503);
    assert.equal(before.body.status, 'degraded');
    assert.equal(before.body.canConvert, false);
    assert.equal(before.body.database.status, 'ok');
    assert.equal(before.body.worker.status, 'none');
    assert.equal(before.body.worker.live, 0);
    assert.equal(before.cacheControl, 'no-store');

    await sql`select public.worker_heartbeat(${id}, 'test-host', 42, 2, 1)`;
    const after = await getHealth(app);
    assert.equal(after.status, 200);
    assert.equal(after.body.status, 'ok');
    assert.equal(after.body.canConvert, true);
    assert.equal(after.body.db, 'ok');
    assert.equal(after.body.worker.status, 'ok');
    assert.equal(after.body.worker.live, 1);
    assert.equal(after.body.worker.busy, 1);
    assert.ok(after.body.worker.lastHeartbeatAgeSeconds < 10, JSON.stringify(after.body.worker));
    assert.ok(Date.parse(after.body.worker.lastHeartbeatAt) > Date.now() - 60_000);
    assert.equal(after.body.auth.status, 'unchecked');
    assert.equal(typeof after.body.version, 'string');
  } finally {
    await sql`select public.worker_stopped(${id})`;
    await db.close();
  }
});

test('a worker silent for longer than the staleness window no longer counts', async () => {
  const { app, db } = buildApp(health({ workerStaleSeconds: 20 }));
  const id = `test-${crypto.randomUUID()}`;
  try {
    await sql`delete from public.worker_heartbeats`;
    await sql`select public.worker_heartbeat(${id}, 'test-host', 42, 1, 0)`;
    await sql`update public.worker_heartbeats set seen_at = now() - interval '25 seconds' where worker_id = ${id}`;
    const res = await getHealth(app);
    assert.equal(res.status, 503);
    assert.equal(res.body.worker.status, 'none');
    assert.ok(res.body.worker.lastHeartbeatAgeSeconds >= 25, JSON.stringify(res.body.worker));
  } finally {
    await sql`select public.worker_stopped(${id})`;
    await db.close();
  }
});

test('health reports the queue depth and the oldest waiting generation', async () => {
  const { app, db } = buildApp(health());
  const user = await createUser(sql);
  const [gen] = await sql`
    insert into public.generations (user_id, kind, format, topology, cost, input_key, created_at)
    values (${user.id}, 'model', 'glb', 'low', 0, ${`uploads/${crypto.randomUUID()}`}, now() - interval '95 seconds')
    returning id`;
  try {
    const { body } = await getHealth(app);
    assert.ok(body.queue.depth >= 1, JSON.stringify(body.queue));
    assert.ok(body.queue.oldestWaitSeconds >= 95, JSON.stringify(body.queue));
    assert.equal(typeof body.queue.running, 'number');
  } finally {
    await sql`delete from public.generations where id = ${gen.id}`;
    await db.close();
  }
});

test('auth is checked with the anon key; an auth server that fails or is gone makes health 503', async () => {
  const id = `test-${crypto.randomUUID()}`;
  const healthy = authStandIn(200);
  const failing = authStandIn(500);
  const apps = [
    buildApp(health({ authUrl: healthy.url, anonKey: 'anon-key' })),
    buildApp(health({ authUrl: failing.url })),
    buildApp(health({ authUrl: 'http://127.0.0.1:1/auth/v1/health' })),
  ];
  try {
    await sql`select public.worker_heartbeat(${id}, 'test-host', 42, 1, 0)`;
    const ok = await getHealth(apps[0].app);
    assert.equal(ok.status, 200);
    assert.equal(ok.body.auth.status, 'ok');
    assert.deepEqual(healthy.seen, ['anon-key']);
    const failed = await getHealth(apps[1].app);
    assert.equal(failed.status, 503);
    assert.equal(failed.body.auth.status, 'unreachable');
    assert.equal(failed.body.auth.error, 'HTTP 500');
    const gone = await getHealth(apps[2].app);
    assert.equal(gone.status, 503);
    assert.equal(gone.body.auth.status, 'unreachable');
    assert.equal(gone.body.worker.status, 'ok');
  } finally {
    await sql`select public.worker_stopped(${id})`;
    await Promise.all([healthy.close(), failing.close(), ...apps.map((a) => a.db.close())]);
  }
});

test('an unreachable database is reported as 503 degraded; liveness still answers', async () => {
  const broken = buildApp({ databaseUrl: 'postgres://nobody@127.0.0.1:1/none', ...health() });
  try {
    const res = await getHealth(broken.app);
    assert.equal(res.status, 503);
    assert.equal(res.body.status, 'degraded');
    assert.equal(res.body.db, 'unreachable');
    assert.equal(res.body.database.status, 'unreachable');
    assert.match(res.body.database.error, /./);
    assert.equal(res.body.worker.status, 'unreachable');
    assert.equal(res.body.queue, null);
    const live = await broken.app.request('/api/health/live');
    assert.equal(live.status, 200);
    assert.equal((await live.json()).status, 'ok');
  } finally {
    await broken.db.close();
  }
});
