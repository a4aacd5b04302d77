import { Hono } from 'hono';
import type { AppDeps, AppEnv } from '../app.ts';

export function healthRoutes({ config, db }: AppDeps) {
  return new Hono<AppEnv>().get('/health', async (c) => {
    try {
      await db.sql`select 1`;
      return c.json({ status: 'ok', db: 'ok', version: config.version });
    } catch (error) {
      console.error('api: health check cannot reach the database:', (error as Error).message);
      return c.json({ status: 'degraded', db: 'unreachable', version: config.version }, 503);
    }
  });
}
