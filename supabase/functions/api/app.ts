/**
 * The `/api` surface of Lift3D as one Hono app: a tiny core (auth, errors) and one router per area in
 * routes/. Dependencies come in as a typed object so tests build the app in-process.
 */
import { Hono } from 'hono';
import type { JWTPayload } from 'jose';
import type { Storage } from '../_shared/storage/index.ts';
import { type AuthVariables, authenticate, type SessionCheck, sessionCheckFor } from './lib/auth.ts';
import type { ApiConfig } from './lib/config.ts';
import { corsMiddleware } from './lib/cors.ts';
import type { Db } from './lib/db.ts';
import { handleError } from './lib/handle-error.ts';
import { requestLimits } from './lib/request-limits.ts';
import { adminAnalyticsRoutes } from './routes/admin-analytics.ts';
import { adminBackendRoutes } from './routes/admin-backends.ts';
import { adminCreditPackRoutes } from './routes/admin-credit-packs.ts';
import { adminSettingRoutes } from './routes/admin-settings.ts';
import { adminTransactionRoutes } from './routes/admin-transactions.ts';
import { adminUserRoutes } from './routes/admin-users.ts';
import { analyticsRoutes } from './routes/analytics.ts';
import { creditPackRoutes } from './routes/credit-packs.ts';
import { creditRoutes } from './routes/credits.ts';
import { formRoutes } from './routes/forms.ts';
import { generationFileRoutes } from './routes/generation-files.ts';
import { generationRoutes } from './routes/generations.ts';
import { freeGenerationRoutes } from './routes/generations-free.ts';
import { healthRoutes } from './routes/health.ts';
import { demoPaymentRoutes } from './routes/payments/demo.ts';
import { paypalRoutes } from './routes/payments/paypal.ts';
import { userRoutes } from './routes/users.ts';

export interface AppDeps {
  config: ApiConfig;
  db: Db;
  verify: (token: string) => Promise<JWTPayload>;
  /** Refuses writes from signed-out sessions; by default looked up in auth.sessions (null: no check). */
  sessionCheck?: SessionCheck | null;
  /** Uploads and results; by default made from config.generations.storage (null: not configured). */
  storage?: Storage | null;
}

export type AppEnv = { Variables: AuthVariables };

export function createApp(deps: AppDeps) {
  const app = new Hono<AppEnv>().basePath('/api');
  // Before authentication: preflights carry no token, and a refused token still needs CORS headers for
  // the SPA on another origin to read the 401.
  app.use('*', corsMiddleware({ allowedOrigins: deps.config.corsOrigins ?? [] }));
  app.use('*', async (c, next) => {
    await next();
    c.header('Cache-Control', 'no-store');
  });
  app.use('*', requestLimits(deps.config.requestLimits));
  app.use(
    '*',
    authenticate(deps.verify, deps.sessionCheck === undefined ? sessionCheckFor(deps.db) : deps.sessionCheck),
  );
  app.route('/', healthRoutes(deps));
  app.route('/analytics', analyticsRoutes(deps));
  app.route('/', formRoutes(deps));
  app.route('/users', userRoutes(deps));
  app.route('/users', creditRoutes(deps));
  app.route('/generations/free', freeGenerationRoutes(deps));
  app.route('/generations', generationRoutes(deps));
  app.route('/generations', generationFileRoutes(deps));
  app.route('/credit-packs', creditPackRoutes(deps));
  app.route('/paypal', paypalRoutes(deps));
  app.route('/demo', demoPaymentRoutes(deps));
  app.route('/admin/users', adminUserRoutes(deps));
  app.route('/admin/analytics', adminAnalyticsRoutes(deps));
  app.route('/admin/backends', adminBackendRoutes(deps));
  app.route('/admin/credit-packs', adminCreditPackRoutes(deps));
  app.route('/admin/transactions', adminTransactionRoutes(deps));
  app.route('/admin/settings', adminSettingRoutes(deps));
  app.notFound((c) =>
    c.json({ error: `No API route for ${c.req.method} ${new URL(c.req.url).pathname}.` }, 404),
  );
  app.onError(handleError);
  return app;
}
