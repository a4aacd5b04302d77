import { Visit } from '@lift3d/contract';
import { Hono } from 'hono';
import type { AppDeps, AppEnv } from '../core/deps.ts';
import { jsonBody } from '../core/validate.ts';

export function analyticsRoutes({ db }: AppDeps) {
  return new Hono<AppEnv>().post('/visit', jsonBody(Visit), async (c) => {
    const visit = c.req.valid('json');
    const caller = c.get('caller');
    const sessionId = c.req.header('x-session-id')?.slice(0, 128) || null;
    // A visitor without an id still counts as a visit; it just cannot be recognised when it returns.
    const visitorId = visit.visitorId ?? crypto.randomUUID();
    await db.asCaller(
      caller,
      (tx) => tx`
      insert into public.visits (path, referrer, visitor_id, session_id, user_id)
      values (${visit.path}, ${visit.referrer}, ${visitorId}, ${sessionId}, ${caller.userId})`,
    );
    return c.json({ recorded: true }, 201);
  });
}
