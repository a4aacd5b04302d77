import { Hono } from 'hono';
import { z } from 'zod';
import type { AppDeps, AppEnv } from '../core/deps.ts';
import { parseJson } from '../core/validate.ts';

const Visit = z.object({
  path: z.string().min(1).max(2048).startsWith('/'),
  referrer: z.string().max(2048).optional().default(''),
  visitorId: z.uuid().optional(),
});

export function analyticsRoutes({ db }: AppDeps) {
  return new Hono<AppEnv>().post('/visit', async (c) => {
    const visit = await parseJson(c, Visit);
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
